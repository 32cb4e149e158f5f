"""Rules adjudication for Bid Whist tournaments: a hand's event log replayed into state, rulings, score.

>>> from adjudicator import replay
>>> table = replay("texas", "north", [{"type": "bid", "seat": "east", "bid": "4 downtown"}])
>>> table.state()["standing_bid"]
{'seat': 'east', 'bid': '4 downtown'}
"""

from adjudicator.domain.adjudication import Adjudication, adjudicate, judge
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import RULESETS, Ruleset, UnknownRuleset, get_ruleset
from adjudicator.domain.table import Table, replay

__all__ = [
    "RULESETS",
    "Adjudication",
    "IllegalEvent",
    "Ruleset",
    "Table",
    "UnknownRuleset",
    "adjudicate",
    "get_ruleset",
    "judge",
    "replay",
]
