"""The contract and who wins a book under it.

In a trump contract the jokers belong to the trump suit (big above little, both above the ace), so a
joker led is a trump lead (MATRIX.md, interpretation: joker-led-trump). In no trump the jokers have no
suit and cannot win; the first card that is not a joker sets the suit to follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from adjudicator.cards import BIG_JOKER, SUIT_NAMES, Card, Seat, Suit
from adjudicator.games.bidwhist.bids import Bid

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

#: A joker in no trump is recorded with this pseudo-suit: it follows nothing and wins nothing.
JOKER: Final = "joker"


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


class Ranking(Protocol):
    """What deciding a book needs of a contract, whatever the game."""

    def suit_of(self, card: Card) -> str: ...

    def strength(self, card: Card, led: str) -> int: ...


def led_suit(contract: Ranking, cards: Sequence[Card]) -> str | None:
    """The suit to follow in a book: the first card's, or in no trump the first non-joker's."""
    for card in cards:
        suit = contract.suit_of(card)
        if suit != JOKER:
            return suit
    return None


def book_winner(contract: Ranking, plays: Sequence[tuple[Seat, Card]]) -> Seat:
    """The seat that wins a complete book: the best trump, else the best card of the suit led."""
    led = led_suit(contract, [card for _, card in plays]) or ""
    best_seat, best = plays[0][0], -2
    for seat, card in plays:
        strength = contract.strength(card, led)
        if strength > best:
            best_seat, best = seat, strength
    return best_seat
