"""The hand's table: its state (``state``), events applied to it (``table``), the deal (``deal``), the
play of the cards (``play``), reneges as they happen (``renege``), the exposed card (``exposed``),
what officials record (``officials``), and how the table reads (``view``)."""

from adjudicator.domain.records import BidRecord, Infraction, PlayRecord, Restriction, Suspicion, TableCall
from adjudicator.domain.table.state import Phase, TableState
from adjudicator.domain.table.table import Conflicts, OnConflict, Table, replay
from adjudicator.domain.table.view import sort_cards, suit_word

# Bid Whist's numbers, kept for readers that know only that game; the table asks its game.
BOOKS_PER_HAND = 13
TRICKS_PER_HAND = 12

__all__ = [
    "BOOKS_PER_HAND",
    "TRICKS_PER_HAND",
    "BidRecord",
    "Conflicts",
    "Infraction",
    "OnConflict",
    "Phase",
    "PlayRecord",
    "Restriction",
    "Suspicion",
    "Table",
    "TableCall",
    "TableState",
    "replay",
    "sort_cards",
    "suit_word",
]
