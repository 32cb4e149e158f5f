"""Hand records: one hand as a versioned file that leaves the system and comes back unchanged.

``record`` is the JSON record (``adjudicator-hand/1``); ``writer`` and ``parser`` its text form,
inspired by bridge's PBN (tag pairs, the auction, the play book by book, the irregularities with the
rulings as comments), which reads back into the same JSON record; ``commentary`` is what the text
shows beside the events and never reads back.
"""

from adjudicator.domain.handfile.commentary import Commentary, judged
from adjudicator.domain.handfile.parser import from_text
from adjudicator.domain.handfile.record import FORMAT, HandFileError, is_record, normalized, split_event
from adjudicator.domain.handfile.writer import to_text, to_text_many

__all__ = [
    "FORMAT",
    "Commentary",
    "HandFileError",
    "from_text",
    "is_record",
    "judged",
    "normalized",
    "split_event",
    "to_text",
    "to_text_many",
]
