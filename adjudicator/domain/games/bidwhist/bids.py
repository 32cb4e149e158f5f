"""Bid Whist bids: how they are said, how they rank, and how an improper one is corrected.

A bid of level ``n`` (4 to 7) contracts for ``6 + n`` books, the kitty included. The strain says how
the hand will be played: ``uptown`` (high cards win, a trump to be named), ``downtown`` (low cards
win, a trump to be named) or ``no trump`` (a direction to be named).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

Strain = Literal["uptown", "downtown", "no trump"]
STRAINS: Final[tuple[Strain, ...]] = ("uptown", "downtown", "no trump")
MIN_LEVEL: Final = 4
MAX_LEVEL: Final = 7

_STRAIN_WORDS: Final[dict[str, Strain]] = {
    "": "uptown",
    "uptown": "uptown",
    "high": "uptown",
    "up": "uptown",
    "downtown": "downtown",
    "special": "downtown",
    "low": "downtown",
    "down": "downtown",
    "no trump": "no trump",
    "no": "no trump",
    "notrump": "no trump",
    "no-trump": "no trump",
    "nt": "no trump",
}
_BID_RE: Final = re.compile(r"^\s*([0-9]+)\s*(.*?)\s*$")


class BidError(ValueError):
    """Raised for words that are not a Bid Whist bid."""


@dataclass(frozen=True, slots=True)
class Bid:
    level: int
    strain: Strain

    @property
    def books_needed(self) -> int:
        return 6 + self.level

    @property
    def is_no_trump(self) -> bool:
        return self.strain == "no trump"

    def __str__(self) -> str:
        return f"{self.level} {self.strain}"


def parse_bid(text: object) -> Bid | None:
    """Read a bid as players say it; ``None`` is a pass.

    >>> parse_bid("4"), parse_bid("5 special"), parse_bid("6 No"), parse_bid("pass")
    (Bid(level=4, strain='uptown'), Bid(level=5, strain='downtown'), Bid(level=6, strain='no trump'), None)
    """
    if not isinstance(text, str):
        raise BidError(f"a bid is a string such as '4 downtown' or 'pass', not {text!r}")
    if text in _SAID:
        return _SAID[text]
    words = " ".join(text.lower().split())
    if words == "pass":
        return None
    match = _BID_RE.match(words)
    strain = _STRAIN_WORDS.get(match.group(2)) if match else None
    if match is None or strain is None:
        raise BidError(
            f"{text!r} is not a bid: say 'pass' or a level 4-7 followed by uptown/high, "
            "downtown/special/low or no trump/no"
        )
    level = int(match.group(1))
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise BidError(f"{text!r} is not a bid: the levels are {MIN_LEVEL} to {MAX_LEVEL}")
    return Bid(level, strain)


#: Every bid in the words a scorekeeper most often writes, read once ("4", "5 downtown", "pass").
_SAID: Final[dict[str, Bid | None]] = {
    "pass": None,
    **{
        f"{level} {word}".strip(): Bid(level, strain)
        for level in range(MIN_LEVEL, MAX_LEVEL + 1)
        for word, strain in _STRAIN_WORDS.items()
    },
}


def bid_rank(bid: Bid, downtown_beats_uptown: bool) -> tuple[int, int]:
    """Sort key of a bid: a higher key takes out a lower one; equal keys do not take each other out."""
    if bid.strain == "no trump":
        tier = 2
    elif bid.strain == "downtown" and downtown_beats_uptown:
        tier = 1
    else:
        tier = 0
    return bid.level, tier


def outranks(bid: Bid, standing: Bid | None, downtown_beats_uptown: bool) -> bool:
    return standing is None or bid_rank(bid, downtown_beats_uptown) > bid_rank(
        standing, downtown_beats_uptown
    )


def corrected_bid(bid: Bid, standing: Bid, downtown_beats_uptown: bool) -> Bid | None:
    """The lowest bid of the same strain that takes out ``standing``; None when it would pass 7.

    >>> corrected_bid(Bid(5, "downtown"), Bid(5, "no trump"), False)
    Bid(level=6, strain='downtown')
    """
    for level in range(bid.level, MAX_LEVEL + 1):
        candidate = Bid(level, bid.strain)
        if outranks(candidate, standing, downtown_beats_uptown):
            return candidate
    return None
