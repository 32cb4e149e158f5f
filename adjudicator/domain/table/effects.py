"""What an event type does to the table, for the types ``Table`` does not match itself.

``Table._apply`` matches the vocabulary's first types by their typed events; a type described later
(``adjudicator.domain.events.vocabulary``) says what it does with ``@effect(TypedEvent)`` on a function of
the table module where it belongs, ``(table, event, n)``, raising ``IllegalEvent`` to refuse it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from adjudicator.domain.table.state import TableState

E = TypeVar("E")
Effect = Callable[[TableState, E, int], None]

EFFECTS: Final[dict[type, Callable[[TableState, Any, int], None]]] = {}


def effect(kind: type[E]) -> Callable[[Effect[E]], Effect[E]]:
    """Register ``apply`` as what an event of ``kind`` does to the table."""

    def register(apply: Effect[E]) -> Effect[E]:
        if kind in EFFECTS:
            raise ValueError(f"{kind.__name__} has an effect already")
        EFFECTS[kind] = apply
        return apply

    return register


def apply(table: TableState, event: object, n: int) -> None:
    """Apply a typed event by its registered effect; a type with none is a programming error."""
    found = EFFECTS.get(type(event))
    if found is None:
        raise LookupError(f"{type(event).__name__} has no effect on the table: register one with @effect")
    found(table, event, n)
