"""One log's events judged and recorded on its aggregate, not yet saved: what an append and a write of
several logs at once (``adjudicator.adapters.together``) share.

Staging changes the log's view and aggregate; the caller saves what the aggregate then holds pending
(``collect_events``), or forgets the view if anything fails, so that nothing half-judged is served.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol
from uuid import UUID

from adjudicator.adapters.integrity import repeated, split_ids
from adjudicator.events import IllegalEvent
from adjudicator.service.authors import Author
from adjudicator.service.errors import EventRefused, StaleVersion
from adjudicator.service.ports import Judgement


def now() -> str:
    return datetime.now(UTC).isoformat()


class Staged(Protocol):
    """A log's view, as staging reads it: its id, its aggregate (``log``, ``record``) and version."""

    @property
    def id(self) -> UUID: ...

    @property
    def aggregate(self) -> Any: ...

    @property
    def version(self) -> int: ...


class Log(Protocol):
    """A kind of log, as staging uses it (``EventLog``)."""

    noun: str

    def _forget(self, log_id: UUID) -> None: ...


def stage(
    log: Log,
    view: Staged,
    entries: Sequence[Mapping[str, Any]] | Callable[[Any], Sequence[Mapping[str, Any]]],
    if_match: Collection[int] | None,
    author: Author | None,
    judge: Judgement[Any],
) -> tuple[int, list[dict[str, Any]]]:
    """Have ``judge`` (the use case's: the domain's judgement) decide ``entries`` after the view's last
    event and record what it says on the view's aggregate (unsaved): (the version after them, what was
    recorded). The same events under the same ids as before: the first
    answer, nothing staged. ``StaleVersion`` or ``EventRefused`` stage nothing (the view is forgotten
    if the domain changed it before refusing)."""
    ids: list[str | None] = []
    if not callable(entries):
        ids, entries = split_ids(entries)
        again = repeated(view.aggregate.log, ids, entries)
        if again is not None:  # the same events with the same ids: the first answer, nothing written
            return again
    if if_match is not None and view.version not in if_match:
        raise StaleVersion(if_match, view.version, log.noun)
    start = view.version
    try:
        events = [dict(entry) for entry in judge(view, entries(view) if callable(entries) else entries)]
    except BaseException as error:
        # The events before the refused one changed the cached view: replay next time.
        log._forget(view.id)
        if isinstance(error, IllegalEvent):
            index = error.index if error.index is not None else view.version + 1
            raise EventRefused(error, index - start - 1, start, log.noun) from None
        raise
    recorded_at, by = now(), author.to_dict() if author else None
    ids += [None] * (len(events) - len(ids))
    for entry, event_id in zip(events, ids, strict=False):
        view.aggregate.record(entry, recorded_at, by, event_id)
    return view.version, events
