"""Bid Euchre (Ontario 55+): the double deck, its bids, bowers and the plus-and-minus score.

Everything here is what makes Bid Euchre a different game on the Bid Whist skeleton; the replay,
rulings and store are shared. Sections cited are those of ``ontario-55-bid-euchre.txt`` and the
``ontario`` table of MATRIX.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final, Literal

from adjudicator.cards import CARDS, RED_SUITS, SUIT_BY_NAME, SUIT_NAMES, SUITS, Card, Seat, Suit

RANKS: Final = ("A", "K", "Q", "J")
COPIES: Final = 2
HAND_SIZE: Final = 8
TRICKS: Final = 8
MIN_TRICKS: Final = 2

#: The double deck (G): A K Q J of each suit, every card twice.
DECK: Final[Counter[Card]] = Counter({CARDS[rank + suit]: COPIES for suit in SUITS for rank in RANKS})

CallKind = Literal["tricks", "call for two", "call for one", "moonshot"]
#: Calls and the moonshot rank above every trick bid, in this order (interpretation: euchre-call-rank).
CALLS: Final[dict[CallKind, tuple[int, int]]] = {
    "call for two": (9, 12),  # (rank above the eight trick bids, value)
    "call for one": (10, 18),
    "moonshot": (11, 24),
}
#: Cards the bidder gives to (and takes from) the partner on a call (I.7).
EXCHANGE: Final[dict[CallKind, int]] = {"call for two": 2, "call for one": 1}


class EuchreBidError(ValueError):
    """Raised for words that are not a Bid Euchre bid."""


@dataclass(frozen=True, slots=True)
class EuchreBid:
    """A bid: a number of tricks, or a call or moonshot, with a trump suit or no trump.

    ``trump`` is None for no trump; ``named`` is False for a call or moonshot said without its suit,
    which the bidder then names in a ``declare`` event.
    """

    kind: CallKind
    tricks: int
    trump: Suit | None
    named: bool = True

    @property
    def rank(self) -> int:
        return self.tricks if self.kind == "tricks" else CALLS[self.kind][0]

    @property
    def value(self) -> int:
        """What the bid is worth when made or lost: its tricks, or 12 / 18 / 24 (I.8, I.10)."""
        return self.tricks if self.kind == "tricks" else CALLS[self.kind][1]

    @property
    def tricks_needed(self) -> int:
        return self.tricks if self.kind == "tricks" else TRICKS

    @property
    def alone(self) -> bool:
        """Calls and moonshots are played by the bidder alone (I.7)."""
        return self.kind != "tricks"

    @property
    def is_no_trump(self) -> bool:
        return self.trump is None and self.named

    @property
    def colour(self) -> str | None:
        if self.trump is None:
            return None if self.named else "unnamed"
        return "red" if self.trump in RED_SUITS else "black"

    def __str__(self) -> str:
        strain = "" if not self.named else " no trump" if self.trump is None else " " + SUIT_NAMES[self.trump]
        head = str(self.tricks) if self.kind == "tricks" else self.kind
        return head + strain


_BID_RE: Final = re.compile(r"^(\d+|call for two|call for one|call for 2|call for 1|moonshot)(?:\s+(.*))?$")


def parse_euchre_bid(text: object) -> EuchreBid | None:
    """Read a Bid Euchre bid; ``None`` is a pass.

    >>> parse_euchre_bid("3 hearts"), str(parse_euchre_bid("5 no trump")), str(parse_euchre_bid("moonshot"))
    (EuchreBid(kind='tricks', tricks=3, trump='H', named=True), '5 no trump', 'moonshot')
    """
    if not isinstance(text, str):
        raise EuchreBidError(f"a bid is a string such as '3 hearts' or 'pass', not {text!r}")
    words = " ".join(text.lower().split())
    if words == "pass":
        return None
    match = _BID_RE.match(words)
    if match is None:
        raise EuchreBidError(
            f"{text!r} is not a Bid Euchre bid: say 'pass', a number of tricks (2-8) and a suit or "
            "no trump, 'call for two', 'call for one' or 'moonshot'"
        )
    head, strain = match.group(1), (match.group(2) or "").removeprefix("in ").strip()
    kind: CallKind = "tricks"
    tricks = TRICKS
    if head.isdigit():
        tricks = int(head)
        if not MIN_TRICKS <= tricks <= TRICKS:
            raise EuchreBidError(f"{text!r} is not a bid: a bid names {MIN_TRICKS} to {TRICKS} tricks")
    else:
        kind = "call for two" if head in ("call for two", "call for 2") else (
            "call for one" if head in ("call for one", "call for 1") else "moonshot"
        )
    if strain in ("no trump", "no", "nt", "notrump", "no-trump"):
        return EuchreBid(kind, tricks, None)
    if strain == "":
        if kind == "tricks":
            raise EuchreBidError(f"{text!r} is not a bid: a bid names a suit or no trump (I.5)")
        return EuchreBid(kind, tricks, None, named=False)
    suit = SUIT_BY_NAME.get(strain) or SUIT_BY_NAME.get(strain + "s")
    if suit is None:
        raise EuchreBidError(f"{text!r} is not a bid: {strain!r} is not a suit or no trump")
    return EuchreBid(kind, tricks, suit)


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


def hand_points(bid: EuchreBid, bidder_tricks: int, defender_tricks: int) -> tuple[int, int]:
    """(bidding team, defenders) points of a played-out hand (I.8-I.10).

    A point a trick to each team; a made call or moonshot pays its value instead of its tricks; a
    failed bid costs the bid, and the defenders still score their tricks.
    """
    if bidder_tricks >= bid.tricks_needed:
        return (bid.value if bid.alone else bidder_tricks), defender_tricks
    return -bid.value, defender_tricks
