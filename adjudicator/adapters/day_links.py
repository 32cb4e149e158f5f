"""What a tournament's day carries beside its own stream and hands (``adapters.days``): the officials'
claims on its calls, and the registry its players are linked to.

A call's id names where it was made (``<hand id>@…`` or ``<tournament id>@<dispute>``,
``domain.officials_queue``), and its claims are one ``CallLog`` stream: the day carries the claims on
the calls of its tournament and hands. A tournament links its players to the association's records
(``person`` on a player or single, ``people`` on a team; ``careers.linked``): the day carries the
registry they are in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from adjudicator.adapters.call_store import CallLog
from adjudicator.adapters.heads import ChainRecorder


def call_of(first: Any) -> str:
    """The call a claims stream is about, from its first (created) event."""
    return str((getattr(first, "entry", None) or {}).get("call") or "")


def made_in(call: str) -> str:
    """The hand or tournament a call was made in (its id's part before ``@``)."""
    return call.partition("@")[0]


def claims_of(
    recorder: ChainRecorder, decode: Callable[[StoredEvent], Any], places: Collection[UUID]
) -> list[UUID]:
    """The claims streams on the calls made in ``places`` (a tournament and its hands), by id."""
    wanted = {str(p) for p in places}
    found = []
    for stream, kind in recorder.select_streams():
        if kind != CallLog.__name__:
            continue
        records, _ = recorder.select_stream(stream)
        if records and made_in(call_of(decode(records[0]))) in wanted:
            found.append(stream)
    return sorted(found, key=str)
