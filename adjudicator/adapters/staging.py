"""One log's events judged and recorded on its aggregate, not yet saved: what an append and a write of
several logs at once (``adjudicator.adapters.together``) share; with the aggregates' ``Recorded``
event (``recorded``) and idempotent appends (``repeated``: a retry's events under the same ids).

Staging changes the log's view and aggregate; the caller saves what the aggregate then holds pending
(``collect_events``), or forgets the view if anything fails, so that nothing half-judged is served.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol
from uuid import UUID

from adjudicator.adapters.chain import canonical
from adjudicator.service.credentials import Author
from adjudicator.service.errors import IdempotencyConflict, StaleVersion
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
    try:
        events = [dict(entry) for entry in judge(view, entries(view) if callable(entries) else entries)]
    except BaseException:
        # The events before the refused one changed the cached view: replay next time.
        log._forget(view.id)
        raise
    recorded_at, by = now(), author.to_dict() if author else None
    ids += [None] * (len(events) - len(ids))
    for entry, event_id in zip(events, ids, strict=False):
        view.aggregate.record(entry, recorded_at, by, event_id)
    return view.version, events


def recorded(
    self: Any,
    entry: dict[str, Any],
    recorded_at: str,
    author: dict[str, str] | None = None,
    event_id: str | None = None,
    digest: str | None = None,
    chain: str | None = None,
) -> None:
    """The ``Recorded`` event of every kind of log: one event as recorded, with when, by whom and its
    client-chosen id; ``digest`` and ``chain`` are its place in the log's hash chain (``chain.py``)."""
    self.log.append({"entry": entry, "recorded_at": recorded_at, "author": author, "id": event_id})


#: The member of a posted event that is its client-chosen id.
ID = "id"


def first_answer(
    log: Sequence[Mapping[str, Any]], entries: Sequence[Mapping[str, Any]] | Callable[..., Any]
) -> tuple[int, list[dict[str, Any]]] | None:
    """``repeated`` for a request's ``entries`` (None for events decided on the log: they carry no ids)."""
    return None if callable(entries) else repeated(log, *split_ids(entries))


def split_ids(entries: Sequence[Mapping[str, Any]]) -> tuple[list[str | None], list[dict[str, Any]]]:
    """Each event's id (None without one) and the event without it (what the domain judges)."""
    ids: list[str | None] = []
    bodies: list[dict[str, Any]] = []
    for position, entry in enumerate(entries):
        raw = entry.get(ID)
        event_id = str(raw) if raw is not None else None
        if event_id is not None and event_id in ids:
            raise IdempotencyConflict(event_id, position, "is used twice in the request")
        ids.append(event_id)
        bodies.append({k: v for k, v in entry.items() if k != ID})
    return ids, bodies


def repeated(
    log: Sequence[Mapping[str, Any]], ids: Sequence[str | None], bodies: Sequence[Mapping[str, Any]]
) -> tuple[int, list[dict[str, Any]]] | None:
    """If these events were recorded before under the same ids: (the version after them, as the
    first answer said, and the events recorded); None if no id was used. ``log``: the log's items
    (``entry``, ``id``), its event N at ``log[N - 1]``.

    ``IdempotencyConflict`` when an id names another event, or only part of the request was recorded
    before under these ids (a batch is recorded all or none, so that is another request).
    """
    if not any(ids):
        return None
    stored = {item["id"]: (n, item["entry"]) for n, item in enumerate(log, start=1) if item.get("id")}
    if not any(event_id in stored for event_id in ids):
        return None
    versions: list[int] = []
    entries: list[dict[str, Any]] = []
    for position, (event_id, body) in enumerate(zip(ids, bodies, strict=True)):
        if event_id is None or event_id not in stored:
            used = next(i for i in ids if i in stored)
            what = "has none" if event_id is None else f"{event_id} is new"
            raise IdempotencyConflict(
                str(used), position, f"was recorded before, but with other events (this one {what})"
            )
        version, entry = stored[event_id]
        if canonical(entry) != canonical(body):
            raise IdempotencyConflict(
                event_id, position, f"names event {version}, which is another event", version
            )
        versions.append(version)
        entries.append(entry)
    return max(versions), entries
