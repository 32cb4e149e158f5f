"""Concealed cards: what a reader without the right (``authority.sees_concealed``) does not see in play.

While a hand is in play (not complete, closed or void), the cards no one at the table has shown are
concealed: the deal's hands and kitty, a discard laid away, a Bid Euchre exchange, the cards an
official inspected; in the replayed table, each seat's cards in hand, the kitty, the discard and the
exchange. A concealed member is answered as null. Cards played, and cards exposed, are public.
A ruling may name the cards a seat held: in play, such a reader sees no ruling the table has not
called yet (``detected``), no proof, and no card named in a ruling's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

#: The phases after which a hand hides nothing.
FINISHED: Final = frozenset({"complete", "closed", "void"})
#: Each event type's concealed members.
CONCEALED_MEMBERS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("hands", "kitty", "kitty_positions"),
    "discard": ("cards",),
    "exchange": ("discards", "receives"),
    "inspect": ("cards",),
}
#: A card as the rulings write it (``10H``, ``AS``, ``BJ``): masked in their words for such a reader.
CARD: Final = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b|\b[BL]J\b")
#: The replayed table's concealed members (``hands`` per seat).
CONCEALED_STATE: Final = ("kitty", "discard", "exchange")


def in_play(phase: str) -> bool:
    return phase not in FINISHED


def conceal_event(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The event with its concealed members (if it has any) set to null."""
    hidden = CONCEALED_MEMBERS.get(str(entry.get("type")), ())
    return {key: (None if key in hidden else value) for key, value in entry.items()}


def conceal_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The replayed table with every seat's hand, the kitty, the discard and the exchange unknown."""
    shown = dict(state)
    shown["hands"] = dict.fromkeys(state["hands"])
    for key in CONCEALED_STATE:
        shown[key] = None
    return shown


def conceal_rulings(rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rulings the table has called or settled, without their proofs or the cards they name."""
    return [
        {
            **ruling,
            "detail": CARD.sub("a card", str(ruling["detail"])),
            "proof": None,
            "notes": [CARD.sub("a card", str(note)) for note in ruling["notes"]],
        }
        for ruling in rulings
        if ruling["status"] != "detected"
    ]
