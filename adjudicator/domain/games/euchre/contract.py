"""The double deck (G) and the Bid Euchre contract: bowers, twin cards and who wins a book.

Trump ranks both right bowers, both left bowers, then A A K K Q Q (MATRIX.md, the ontario table); of
two identical cards the first played wins (interpretation: twin-cards).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from adjudicator.domain.cards import CARDS, RED_SUITS, SUIT_NAMES, SUITS, Card, Seat, Suit, partner_of
from adjudicator.domain.events import Declare, HandResult, IllegalEvent
from adjudicator.domain.games.euchre.bids import TRICKS, EuchreBid
from adjudicator.domain.games.rules import Tableside

RANKS: Final = ("A", "K", "Q", "J")
COPIES: Final = 2
HAND_SIZE: Final = 8

#: The double deck (G): A K Q J of each suit, every card twice.
DECK: Final[Counter[Card]] = Counter({CARDS[rank + suit]: COPIES for suit in SUITS for rank in RANKS})


def same_colour(a: Suit, b: Suit) -> bool:
    return (a in RED_SUITS) == (b in RED_SUITS)


def mate(suit: Suit) -> Suit:
    """The other suit of the same colour: its jack is the left bower."""
    return {"S": "C", "C": "S", "H": "D", "D": "H"}[suit]  # type: ignore[return-value]


_PLAIN: Final = {"J": 1, "Q": 2, "K": 3, "A": 4}
_TRUMP: Final = {"Q": 1, "K": 2, "A": 3}
_TRUMP_BONUS: Final = 100


@dataclass(frozen=True, slots=True)
class EuchreContract:
    """The winning bid: trump ranks both right bowers, both left bowers, A A K K Q Q (MATRIX ontario).

    Of two identical cards the first played wins (interpretation: twin-cards): strengths tie, and a
    book goes to the first of equal strength.
    """

    bidder: Seat
    bid: EuchreBid
    trump: Suit | None

    @property
    def is_no_trump(self) -> bool:
        return self.trump is None

    @property
    def ranking(self) -> Suit | None:
        return self.trump

    def suit_of(self, card: Card) -> str:
        assert card.suit is not None
        if self.trump is not None and card.rank == "J" and card.suit == mate(self.trump):
            return self.trump
        return card.suit

    def strength(self, card: Card, led: str) -> int:
        assert card.suit is not None
        trump = self.trump
        if trump is not None:
            if card.rank == "J" and card.suit == trump:
                return _TRUMP_BONUS + 5
            if card.rank == "J" and card.suit == mate(trump):
                return _TRUMP_BONUS + 4
            if card.suit == trump:
                return _TRUMP_BONUS + _TRUMP[card.rank]
        return _PLAIN[card.rank] if card.suit == led else -1

    def to_dict(self) -> dict[str, object]:
        return {
            "bidder": self.bidder,
            "bid": str(self.bid),
            "trump": SUIT_NAMES[self.trump] if self.trump else None,
            "direction": None,
        }


def declare(table: Tableside, event: Declare, n: int) -> None:
    bidder = table.require_bidder(event.seat, "names the trump")
    if table.contract is not None:
        raise IllegalEvent("the trump was named in the bid: nothing is left to declare", "type")
    bid: EuchreBid = table.standing_bid()
    if event.trump is None and not event.no_trump:
        raise IllegalEvent("name a trump suit, or 'no trump'", "trump")
    named = EuchreBid(bid.kind, bid.tricks, event.trump)
    table.declare_contract(EuchreContract(bidder, named, event.trump))


def result_contract(table: Tableside, result: HandResult) -> EuchreContract:
    """The contract of a hand recorded by its result: the bid names its suit or no trump (a call said
    without one takes ``trump``), and a call or moonshot is played alone (I.7); the bidding team
    took 0 to 8 tricks."""
    bid: EuchreBid = result.bid
    if not 0 <= result.books <= TRICKS:
        raise IllegalEvent(
            f"a hand of Bid Euchre has {TRICKS} tricks: 0 to {TRICKS}, not {result.books}", "books"
        )
    if result.direction is not None:
        raise IllegalEvent("Bid Euchre names no direction: the bid names a suit or no trump", "direction")
    if not bid.named:
        if result.trump is None:
            raise IllegalEvent(f"name the suit of the {bid} (or no trump)", "bid")
        bid = EuchreBid(bid.kind, bid.tricks, result.trump)
    elif result.trump not in (None, bid.trump):
        raise IllegalEvent(f"the bid {bid} names its suit: trump is not {SUIT_NAMES[result.trump]}", "trump")
    if bid.alone:
        table.sit_out(partner_of(result.seat))
    return EuchreContract(result.seat, bid, bid.trump)
