"""A hand recorded by its result: the contract and the books the bidding team took, no card.

A table that keeps no card-by-card record (a paper sheet, Bridgemate's way) records the hand in one
event; it is complete and scored at once by the game's own scoring, as a hand played out would be.
Its books can still be entered afterwards, book by book as the rulebooks keep them stacked, when a
call needs the cards: the engine then rules on them as usual, and books that disagree with the
result wait for an official (``rulings.conflicts.result_conflict``).
"""

from __future__ import annotations

from adjudicator.domain.cards import other_team, team_of
from adjudicator.domain.events import HandResult, IllegalEvent
from adjudicator.domain.records import BidRecord, RecordedResult
from adjudicator.domain.table.effects import effect
from adjudicator.domain.table.state import TableState


@effect(HandResult)
def record_result(table: TableState, result: HandResult, n: int) -> None:
    """Refused on a hand whose auction or play is recorded, or whose result already is."""
    if table.result is not None:
        raise IllegalEvent(f"the hand's result was recorded at event {table.result.event}", "type")
    if table.bids or table.plays or table.contract is not None:
        raise IllegalEvent(
            "a result is recorded instead of the bidding and the cards: this hand's are recorded already",
            "type",
        )
    contract = table.game.result_contract(table, result)
    bidders = team_of(result.seat)
    tricks = table.game.tricks
    books = {
        bidders: result.books,
        other_team(bidders): tricks + (1 if table.game.kitty_size else 0) - result.books,
    }
    table.count_bid(BidRecord(n, result.seat, result.said, contract.bid, True, contract.bid))
    table.declare_contract(contract, RecordedResult(n, books, tricks))


def check_call(table: TableState) -> None:
    """A renege is ruled on the cards: on a hand recorded by its result, its books are entered first."""
    if table.result is not None and len(table.books) < table.game.tricks:
        raise IllegalEvent(
            f"this hand was recorded by its result: enter its books as they lie on the table, book by "
            f"book ({len(table.books)} of {table.game.tricks} entered), then record the renege call",
            "type",
        )
