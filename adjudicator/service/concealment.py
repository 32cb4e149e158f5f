"""Concealed cards: what a hand hides, while it is in play, from a reader who may not see it.

While a hand is in play (not complete, closed or void), the cards no one at the table has shown are
concealed: the deal's hands and kitty, a discard laid away, a Bid Euchre exchange, the cards an
official inspected, wherever such an event appears (a correction's ``replace_with`` included); in
the replayed table, each seat's cards in hand, the kitty, the discard and the exchange. A concealed
member is answered as null. Cards played, and cards exposed, are public. A ruling may name the cards
a seat held: such a reader reads no proof and no card named in a ruling's words. A ruling nobody at
the table called is hidden too, from everyone but an official, while the hand is in play: one the
table has not called yet (``detected``), and a record conflict (the table's record against the
concealed cards), whose mere existence would say that a card is not where the table put it. Which
reader sees what is decided by ``adjudicator.service.authority``; these functions only say what is
hidden.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from adjudicator.domain.adjudication import FINISHED as FINISHED
from adjudicator.domain.events import Derived
from adjudicator.domain.rulings import RECORD_CONFLICT

#: Each event type's concealed members, as its description marks them (``Member.concealed``).
CONCEALED_MEMBERS: Final[Mapping[str, tuple[str, ...]]] = Derived(
    lambda described: tuple(name for name, member in described.members.items() if member.concealed)
)
#: A card as the rulings write it (``10H``, ``AS``, ``BJ``): masked in their words for such a reader.
CARD: Final = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b|\b[BL]J\b")
#: The replayed table's concealed members (``hands`` per seat).
CONCEALED_STATE: Final = ("kitty", "discard", "exchange")
#: The status of a ruling the table has not called (nor anything else settled) yet.
UNCALLED: Final = "detected"
#: The kinds of ruling found on the concealed cards alone, which nobody at the table called.
FOUND_ON_CONCEALED: Final = frozenset({RECORD_CONFLICT})


def in_play(status: str) -> bool:
    return status not in FINISHED


def conceal_event(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The event with its concealed members set to null, and so every event nested in it (an event
    is a mapping with a ``type``: a correction's ``replace_with``, or any member added later)."""
    hidden = CONCEALED_MEMBERS.get(str(entry.get("type")), ())
    return {
        key: None
        if key in hidden
        else conceal_event(value)
        if isinstance(value, Mapping) and "type" in value
        else value
        for key, value in entry.items()
    }


def conceal_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The replayed table with every seat's hand, the kitty, the discard and the exchange unknown."""
    shown = dict(state)
    shown["hands"] = dict.fromkeys(state["hands"])
    for key in CONCEALED_STATE:
        shown[key] = None
    return shown


def uncalled(ruling: Mapping[str, Any]) -> bool:
    """Whether nobody at the table called ``ruling``: not yet, or never (found on concealed cards)."""
    return ruling["status"] == UNCALLED or ruling["kind"] in FOUND_ON_CONCEALED


def called(rulings: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rulings the table has called or settled: none it has not called."""
    return [ruling for ruling in rulings if not uncalled(ruling)]


def conceal_rulings(rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rulings without their proofs or the cards they name."""
    return [
        {
            **ruling,
            "detail": CARD.sub("a card", str(ruling["detail"])),
            "proof": None,
            "notes": [CARD.sub("a card", str(note)) for note in ruling["notes"]],
        }
        for ruling in rulings
    ]
