"""How the console shows cards: by suit, trump first, strongest first in the contract's ranking.

Presentation only: the engine's own order (``adjudicator.domain.table.view``) is canonical, and this module
never decides a ruling. A hand is laid out as a player holds it: trump (with the jokers, or Bid
Euchre's bowers) leftmost, then the other suits alternating colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.domain.words import SYMBOLS

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_OF_NAME = {name: letter for letter, name in SUIT_NAMES.items()}
#: Alternating colours, as a player sorts a hand.
SUIT_ORDER = ("S", "H", "C", "D")
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
UPTOWN = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DOWNTOWN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = {"BJ": "Big joker", "LJ": "Little joker"}


@dataclass(frozen=True, slots=True)
class Shown:
    """One card as a page shows it: its code, its face ("Q♥"), its suit letter and accessible name."""

    code: str
    face: str
    suit: str
    name: str
    red: bool


def shown(code: str) -> Shown:
    if code in JOKERS:
        return Shown(code, code, "J", JOKERS[code], code == "BJ")
    rank, suit = code[:-1], code[-1]
    return Shown(code, f"{rank}{SYMBOLS[suit]}", suit, f"{rank} of {SUIT_NAMES[suit]}", suit in "HD")


def trump_letter(contract: Mapping[str, Any] | None) -> str | None:
    trump = (contract or {}).get("trump")
    if not trump:
        return None
    text = str(trump)
    return SUIT_OF_NAME.get(text, text[:1].upper())


def _ranking(contract: Mapping[str, Any] | None) -> tuple[str, ...]:
    return DOWNTOWN if (contract or {}).get("direction") == "downtown" else UPTOWN


def by_suit(
    cards: Iterable[str], contract: Mapping[str, Any] | None, bowers: bool = False
) -> list[tuple[str, list[Shown]]]:
    """The cards grouped by suit, trump group first; each group strongest first. With ``bowers``
    (Bid Euchre) both jacks of trump's colour lead the trump group."""
    trump = trump_letter(contract)
    ranking = _ranking(contract)
    left = f"J{SAME_COLOUR[trump]}" if bowers and trump else None
    groups: dict[str, list[str]] = {}
    for code in cards:
        key = (trump or "J") if code in JOKERS else (trump if code == left and trump else code[-1])
        groups.setdefault(key, []).append(code)
    order = ([trump] if trump else []) + [s for s in SUIT_ORDER if s != trump] + ["J"]

    def strength(code: str, group: str) -> tuple[int, int]:
        if code in JOKERS:
            return (0, 0 if code == "BJ" else 1)
        rank, suit = code[:-1], code[-1]
        if bowers and group == trump and rank == "J":
            return (1, 0 if suit == trump else 1)
        return (2, ranking.index(rank))

    return [
        (group, [shown(c) for c in sorted(groups[group], key=lambda c: strength(c, group))])
        for group in order
        if group in groups
    ]
