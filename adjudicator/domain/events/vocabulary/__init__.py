"""The event types a hand records, each described once (``described.EventType``): the hand as
dealt, bid and played (``cards``), what the table calls and officials record of it (``calls``), and
the types described since (``additions``, where a new one goes). They are registered in this order,
the order the API lists them; what each does to the table is in ``adjudicator.domain.table``.
"""

from adjudicator.domain.events.described import register
from adjudicator.domain.events.vocabulary import additions, calls, cards

for _described in (*cards.TYPES, *calls.TYPES, *additions.TYPES):
    register(_described)
