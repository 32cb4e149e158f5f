"""The Bid Whist contract: the bid, the trump or the direction the bidder names, and how cards rank.

In a trump contract the jokers belong to the trump suit (big above little, both above the ace), so a
joker led is a trump lead (MATRIX.md, interpretation: joker-led-trump). In no trump the jokers have no
suit and cannot win; the first card that is not a joker sets the suit to follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from adjudicator.domain.books import JOKER
from adjudicator.domain.cards import BIG_JOKER, SUIT_NAMES, Card, Seat, Suit
from adjudicator.domain.events import Declare, HandResult, IllegalEvent
from adjudicator.domain.games.bidwhist.bids import Bid
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.rulebooks import Remedy

Direction = Literal["uptown", "downtown"]

#: Order of the plain ranks from weakest to strongest, by direction (the ace is high both ways).
_ORDER: Final[dict[Direction, tuple[str, ...]]] = {
    "uptown": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "downtown": ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
}
_STRENGTH: Final[dict[Direction, dict[str, int]]] = {
    direction: {rank: i for i, rank in enumerate(order)} for direction, order in _ORDER.items()
}
_TRUMP_BONUS: Final = 100


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid and what its bidder named: a trump suit, or a direction for no trump."""

    bidder: Seat
    bid: Bid
    trump: Suit | None
    direction: Direction

    @property
    def is_no_trump(self) -> bool:
        return self.trump is None

    @property
    def ranking(self) -> tuple[Suit | None, Direction]:
        return self.trump, self.direction

    def suit_of(self, card: Card) -> str:
        """The suit a card counts as: a joker is trump in a trump contract, ``joker`` in no trump."""
        if card.suit is not None:
            return card.suit
        return self.trump if self.trump is not None else JOKER

    def strength(self, card: Card, led: str) -> int:
        """How strongly ``card`` bids for a book whose suit is ``led``; -1 cannot win it."""
        if card.suit is None:
            if self.trump is None:
                return -1
            return _TRUMP_BONUS + 20 + (1 if card.rank == BIG_JOKER else 0)
        value = _STRENGTH[self.direction][card.rank]
        if card.suit == self.trump:
            return _TRUMP_BONUS + value
        return value if card.suit == led else -1

    def to_dict(self) -> dict[str, object]:
        return {
            "bidder": self.bidder,
            "bid": str(self.bid),
            "trump": SUIT_NAMES[self.trump] if self.trump else None,
            "direction": self.direction,
        }


def declare(table: Tableside, event: Declare, n: int) -> None:
    bidder = table.require_bidder(event.seat, "names the trump or the direction")
    if table.contract is not None:
        raise IllegalEvent("the contract was already declared", "type")
    bid: Bid = table.standing_bid()
    if bid.is_no_trump and event.trump is not None:
        _slip(table, bid, event, n)
        return
    if not bid.is_no_trump and event.trump is None:
        raise IllegalEvent(f"the bid is {bid}: the bidder names a trump suit", "trump")
    direction = event.direction if bid.is_no_trump else bid.strain
    if direction not in ("uptown", "downtown"):
        raise IllegalEvent(f"the bid is {bid}: the bidder names a direction, uptown or downtown", "direction")
    table.declare_contract(Contract(bidder, bid, event.trump, direction))


def result_contract(table: Tableside, result: HandResult) -> Contract:
    """The contract of a hand recorded by its result: an uptown or downtown bid names its trump, a
    no trump bid its direction (as the bidder does once the bid is won); the bidding team's books
    count the kitty, its first book, so they are 1 to 13."""
    bid: Bid = result.bid
    if not 1 <= result.books <= 13:
        raise IllegalEvent(
            f"the bidding team took 1 to 13 books (the kitty is its first), not {result.books}", "books"
        )
    if bid.is_no_trump:
        if result.trump is not None:
            raise IllegalEvent(f"the bid is {bid}: no trump names a direction, not a trump suit", "trump")
        if result.direction is None:
            raise IllegalEvent(f"the bid is {bid}: name its direction, uptown or downtown", "direction")
        return Contract(result.seat, bid, None, result.direction)
    if result.trump is None:
        raise IllegalEvent(f"the bid is {bid}: name its trump suit", "trump")
    if result.direction not in (None, bid.strain):
        raise IllegalEvent(
            f"the bid is {bid}: it is played {bid.strain}, not {result.direction}", "direction"
        )
    return Contract(result.seat, bid, result.trump, "downtown" if bid.strain == "downtown" else "uptown")


def _slip(table: Tableside, bid: Bid, event: Declare, n: int) -> None:
    """A no-trump bidder who names a trump suit: recorded, no penalty, and the bidder then names the
    direction (interpretation: declare-slip); Cardtel: a tech, the bidding team loses the hand if the
    opponents call it (Bidding 6)."""
    remedy = table.ruleset.remedies.get("improper_declare", Remedy("no_effect"))
    named = SUIT_NAMES[event.trump] if event.trump is not None else "a suit"
    detail = f"the bid is {bid}: {event.seat} named {named} trump instead of a direction (uptown or downtown)"
    if remedy.kind == "no_effect":
        detail += ": no penalty; the bidder names the direction"
    table.note("improper_declare", event.seat, n, detail, ("declare-slip",), remedy)
