"""A book: the suit to follow and who wins it, for any game's contract.

Every game's contract answers two questions of a card, which suit it counts as and how strongly it
bids for a book; deciding the book from those is the same for every game. A joker in no trump has
no suit (``JOKER``): it follows nothing and wins nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

from adjudicator.cards import Card, Seat

#: A joker in no trump is recorded with this pseudo-suit: it follows nothing and wins nothing.
JOKER: Final = "joker"


class Ranking(Protocol):
    """What deciding a book needs of a contract, whatever the game."""

    def suit_of(self, card: Card) -> str: ...

    def strength(self, card: Card, led: str) -> int: ...


class Contract(Ranking, Protocol):
    """The winning bid as the table, the rulings and the score see it, whatever the game."""

    @property
    def bidder(self) -> Seat: ...

    @property
    def bid(self) -> Any: ...

    @property
    def is_no_trump(self) -> bool: ...

    def to_dict(self) -> dict[str, object]: ...


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
