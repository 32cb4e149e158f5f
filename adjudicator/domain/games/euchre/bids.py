"""Bid Euchre bids (Ontario I.3-I.5, I.7, I.8, I.10): tricks and a suit, calls and moonshots.

A bid names 2 to 8 tricks and a suit or no trump; a call for two, a call for one and a moonshot rank
above every trick bid (MATRIX.md interpretation: euchre-call-rank) and are played by the bidder alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

from adjudicator.domain.cards import RED_SUITS, SUIT_BY_NAME, SUIT_NAMES, Suit

TRICKS: Final = 8
MIN_TRICKS: Final = 2

CallKind = Literal["tricks", "call for two", "call for one", "moonshot"]
#: Calls and the moonshot rank above every trick bid, in this order (interpretation: euchre-call-rank).
CALLS: Final[dict[CallKind, tuple[int, int]]] = {
    "call for two": (9, 12),  # (rank above the eight trick bids, value)
    "call for one": (10, 18),
    "moonshot": (11, 24),
}
#: Cards the bidder gives to (and takes from) the partner on a call (I.7).


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
        kind = (
            "call for two"
            if head in ("call for two", "call for 2")
            else ("call for one" if head in ("call for one", "call for 1") else "moonshot")
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
