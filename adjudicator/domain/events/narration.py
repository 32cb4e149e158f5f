"""One line of plain English per recorded event, as an official would read the record aloud.

Each event type says itself (its description's ``narrate``); the phrases several share are here.
Cards, seats and code words are said by ``adjudicator.domain.words``, as everywhere else on the console.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.domain import words as say
from adjudicator.domain.events.described import REGISTRY

Event = Mapping[str, Any]


def seat(event: Event, key: str = "seat") -> str:
    return say.seat(event.get(key))


def note(e: Event) -> str:
    """The official's note on a finding or choice, quoted, when there is one."""
    return f" (note: \u201c{e['note']}\u201d)" if e.get("note") else ""


def narrate(event: Event) -> str:
    """The event said aloud; a type nobody described is said by its name."""
    kind = event.get("type")
    described = REGISTRY.get(kind) if isinstance(kind, str) else None
    return described.narrate(event) if described else say.kind(event.get("type", "event"))
