"""Cards, suits and seats: the vocabulary every other module speaks.

A card is written rank then suit letter (``QH``, ``10S``); the jokers are ``BJ`` (big) and ``LJ``
(little). Input is forgiving (``qh``, ``TS``, ``GJ`` for the "guarantee" joker); output is always the
canonical upper-case form with ``10``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import repeat
from typing import Final, Literal

Seat = Literal["north", "east", "south", "west"]
Team = Literal["north_south", "east_west"]
Suit = Literal["S", "H", "D", "C"]

SEATS: Final[tuple[Seat, ...]] = ("north", "east", "south", "west")
TEAMS: Final[tuple[Team, ...]] = ("north_south", "east_west")
SUITS: Final[tuple[Suit, ...]] = ("S", "H", "D", "C")
RANKS: Final[tuple[str, ...]] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

SUIT_NAMES: Final[dict[Suit, str]] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_BY_NAME: Final[dict[str, Suit]] = {name: letter for letter, name in SUIT_NAMES.items()}
RED_SUITS: Final[frozenset[Suit]] = frozenset({"H", "D"})

BIG_JOKER: Final = "BJ"
LITTLE_JOKER: Final = "LJ"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. ``suit`` is None for a joker; ``rank`` is ``BJ`` or ``LJ`` for a joker.

    Cards are interned in ``CARDS`` (``parse_card`` only hands those out), so equality is identity:
    the replay compares and hashes cards on every play. ``code``, the canonical spelling, is made
    once, since the table writes cards out on every book.
    """

    rank: str
    suit: Suit | None
    code: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.rank if self.suit is None else self.rank + self.suit)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return _interned, (str(self),)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: Every card there is, by canonical string. Cards are interned: compare with ``is`` or ``==``.
CARDS: Final[dict[str, Card]] = {
    **{rank + suit: Card(rank, suit) for suit in SUITS for rank in RANKS},
    BIG_JOKER: Card(BIG_JOKER, None),
    LITTLE_JOKER: Card(LITTLE_JOKER, None),
}


def _interned(code: str) -> Card:
    return CARDS[code]


class CardError(ValueError):
    """Raised for a string that names no card."""


def parse_card(text: object, guarantee_joker: str = BIG_JOKER) -> Card:
    """Read a card string, case-insensitively, accepting ``T`` for 10 and ``GJ`` for the guarantee joker.

    >>> str(parse_card("th")), str(parse_card("GJ", guarantee_joker="LJ"))
    ('10H', 'LJ')
    """
    if not isinstance(text, str):
        raise CardError(f"a card is a string such as 'QH' or 'BJ', not {text!r}")
    card = CARDS.get(text)  # the canonical spelling, as most records have it
    if card is not None:
        return card
    code = text.strip().upper()
    if code == "GJ":
        code = guarantee_joker
    elif code[:1] == "T":
        code = "10" + code[1:]
    card = CARDS.get(code)
    if card is None:
        raise CardError(f"{text!r} is not a card: write rank then suit (A K Q J 10 9 … 2, S H D C) or BJ/LJ")
    return card


#: Each seat's view of the table, clockwise from itself: asked on every card, so worked out once.
CLOCKWISE: Final[dict[Seat, tuple[Seat, Seat, Seat, Seat]]] = {
    seat: (SEATS[i], SEATS[(i + 1) % 4], SEATS[(i + 2) % 4], SEATS[(i + 3) % 4])
    for i, seat in enumerate(SEATS)
}
TEAM_OF: Final[dict[Seat, Team]] = {
    "north": "north_south",
    "south": "north_south",
    "east": "east_west",
    "west": "east_west",
}


def take_from(hand: Counter[Card], card: Card) -> None:
    """One copy of ``card`` leaves ``hand``, and a card gone leaves no zero behind.

    Written with dict's own methods: Counter's ``-=`` and ``del`` run in Python, on every card played.
    """
    left = hand[card] - 1
    if left:
        hand[card] = left
    else:
        hand.pop(card)


def counted(cards: Collection[Card]) -> Counter[Card]:
    """``Counter(cards)``, made quicker for cards listed once each (a Bid Whist hand always is):
    Counter's own ``__init__`` and ``update`` run in Python, through an ABC check, on every hand."""
    hand: Counter[Card] = Counter.__new__(Counter)
    dict.update(hand, zip(cards, repeat(1)))
    return hand if len(hand) == len(cards) else Counter(cards)


def next_seat(seat: Seat) -> Seat:
    """The seat to this one's left, the next clockwise."""
    return seats_from(seat)[1]


def seats_from(seat: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """All four seats clockwise, starting with ``seat``."""
    order = CLOCKWISE.get(seat)
    if order is None:
        raise ValueError(f"{seat!r} is not a seat")
    return order


def team_of(seat: Seat) -> Team:
    return TEAM_OF.get(seat, "east_west")


def partner_of(seat: Seat) -> Seat:
    return seats_from(seat)[2]


def other_team(team: Team) -> Team:
    return "east_west" if team == "north_south" else "north_south"
