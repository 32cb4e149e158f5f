"""What a printed record says beside its events: the books as they fell, the rulings, the result.

None of it is read back (the events alone make the hand); the writer shows it for the reader. The
service gives the commentary a reader may see; ``judged`` works it out from the record itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.domain.adjudication import Adjudication, adjudicate
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.handfile.record import split_event
from adjudicator.domain.rulebooks import UnknownRuleset


@dataclass(frozen=True, slots=True)
class Commentary:
    """``books``: the replayed table's books (``number``, ``leader``, ``plays`` with their
    ``event``, ``winner``); ``rulings`` as ``Ruling.to_dict`` gives them; ``score`` or None."""

    books: Sequence[Mapping[str, Any]] = ()
    rulings: Sequence[Mapping[str, Any]] = ()
    score: Mapping[str, Any] | None = None
    contract: Mapping[str, Any] | None = field(default=None)


def of(judged: Adjudication, rulings: Sequence[Mapping[str, Any]] | None = None) -> Commentary:
    """The commentary of a judged table; ``rulings``: the ones the reader may see (default: all)."""
    state = judged.state
    shown = judged.rulings_data() if rulings is None else rulings
    return Commentary(state["books"], shown, judged.score, state["contract"])


def judged(record: Mapping[str, Any]) -> Commentary | None:
    """The record's own commentary; None when its events do not replay (cards concealed, say)."""
    try:
        events = [split_event(item)[0] for item in record["events"]]
        return of(adjudicate(record["ruleset"], record["dealer"], events, "noted"))
    except (IllegalEvent, UnknownRuleset, KeyError, TypeError):
        return None
