"""When in a hand an entry of its record fell, as the table says it: "the deal", "the bidding, 3rd
bid", "book 3, 2nd card (East)", "after the hand".

A replay steps through the record entry by entry; an official speaks of the hand by its phases and
books, never by an entry's number. Pure presentation beside ``adjudicator.domain.words`` (whose
``Moments`` places each play in its book): nothing here decides a ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from adjudicator.domain.words import NOWHERE, Moments, seat

Entry = Mapping[str, Any] | None
#: What an entry that is a phase of its own is called, where its type says it all.
PHASES: Final = {
    "deal": "the deal",
    "misdeal": "the misdeal",
    "discard": "the discard",
    "declare": "the trump named",
    "exchange": "the exchange of cards",
    "result": "the result",
    "close": "after the hand",
    "score_confirmation": "after the hand",
}


def ordinal(n: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _type(entry: Entry) -> str:
    return str(entry.get("type")) if entry else ""


def _book_of(at: Moments, n: int) -> tuple[int, tuple[int, ...]] | None:
    return next(((number, plays) for number, plays in at.books if plays and plays[0] <= n <= plays[-1]), None)


def when(events: Sequence[Entry], n: int, at: Moments = NOWHERE, over: bool = False) -> str:
    """Where entry ``n`` (1-based; 0: before the first) of ``events`` fell, in the table's words;
    ``at``: the hand's books, ``over``: whether the hand is finished (what follows its last card is
    then "after the hand")."""
    if n <= 0 or n > len(events):
        return "before the deal"
    entry = events[n - 1]
    kind = _type(entry)
    if kind == "bid":
        count = sum(1 for e in events[:n] if _type(e) == "bid")
        return f"the bidding, {ordinal(count)} bid"
    if kind == "play" and entry is not None:
        found = _book_of(at, n)
        if found is not None and n in found[1]:
            return f"book {found[0]}, {ordinal(found[1].index(n) + 1)} card ({seat(entry.get('seat'))})"
    if kind in PHASES:
        return PHASES[kind]
    return between(events, n, at, over)


def between(events: Sequence[Entry], n: int, at: Moments = NOWHERE, over: bool = False) -> str:
    """Where an entry that is no phase of its own (a call, a finding, a correction) fell: "book 3,
    after its 2nd card", "after book 5", "after the hand", "the bidding, after the 3rd bid"."""
    found = _book_of(at, n)
    if found is not None:
        played = sum(1 for p in found[1] if p < n)
        return f"book {found[0]}, after its {ordinal(played)} card"
    after = [number for number, plays in at.books if plays and plays[-1] < n]
    if after:
        later = any(_type(e) == "play" for e in events[n:])
        return "after the hand" if over and not later else f"after book {max(after)}"
    earlier = [_type(e) for e in events[: n - 1]]
    bids = earlier.count("bid")
    if any(k in ("discard", "declare", "exchange") for k in earlier):
        return "after the bidding"
    if bids:
        return f"the bidding, after the {ordinal(bids)} bid"
    if "deal" in earlier:
        return "after the deal"
    return "before the deal"
