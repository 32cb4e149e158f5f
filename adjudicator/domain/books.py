"""A book: the suit to follow and who wins it, for any game's contract.

Every game's contract answers two questions of a card, which suit it counts as and how strongly it
bids for a book; deciding the book from those is the same for every game. A joker in no trump has
no suit (``JOKER``): it follows nothing and wins nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import Any, Final, NamedTuple, Protocol

from adjudicator.domain.cards import SUITS, Card, Seat

#: A joker in no trump is recorded with this pseudo-suit: it follows nothing and wins nothing.
JOKER: Final = "joker"


class Ranking(Protocol):
    """What deciding a book needs of a contract, whatever the game."""

    def suit_of(self, card: Card) -> str: ...

    def strength(self, card: Card, led: str) -> int: ...

    @property
    def ranking(self) -> Hashable:
        """What ``suit_of`` and ``strength`` depend on (trump, direction): contracts alike in it rank
        cards alike."""


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


class Ranks(NamedTuple):
    """A contract's ranking as tables, looked up on every card: the suit each card counts as, and by
    the suit led each card's strength (``""``: a book of jokers alone)."""

    suits: dict[Card, str]
    strengths: dict[str, dict[Card, int]]


_RANKS: dict[tuple[type, Hashable], Ranks] = {}


def ranks(contract: Ranking, deck: Collection[Card]) -> Ranks:
    """The tables of ``contract``'s ranking, made once a process for each ranking there is."""
    key = (type(contract), contract.ranking)
    found = _RANKS.get(key)
    if found is None:
        suits = {card: contract.suit_of(card) for card in deck}
        strengths = {led: {card: contract.strength(card, led) for card in deck} for led in (*SUITS, "")}
        found = _RANKS[key] = Ranks(suits, strengths)
    return found
