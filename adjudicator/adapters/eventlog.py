"""The one generic event log that hands and tournaments both are, on the one event store
(``adjudicator.adapters.event_store``), with the process's cache of their replayed views.

``EventLog`` is what a kind of log adds on the store, written once: an aggregate whose stream is a
log of JSON events (``Hand``, ``TournamentLog``), replayed into a view holding the domain object
(``_replay``, ``_fast_forward``). The view of each recently used log is cached, so an append applies
only its own events; a read first asks the store for the log's latest version and fast-forwards the
cache. A write is a unit of work (``Work``, the port ``UnitOfWork``): the logs' locks and views (an
append trusts the cache: saving on a stale one fails on the store's unique (id, version) key, and
the use case judges again in a ``fresh`` unit), the events the use case judged, with their ids,
author and time, sealed into each log's chain and saved in one group commit. The store never judges.

**The cache** (``ViewCache``) is bounded in bytes rather than in logs. A hand of 55 events replayed
and judged holds about 40 KB; a tournament's log of a thousand events far more; an opened hand 2 KB.
A bound in logs would either waste memory on small ones or be blown by a few large ones, so each
entry is weighed (an estimate from its number of events, ``EventLog``'s
``view_bytes``) and the least recently used go once the total passes the budget:
``$ADJUDICATOR_CACHE_MB`` per process (default 64 MB: some 1,500 complete hands), 0 for none.
Every entry is correct whatever its age (a read asks the store for the log's version first), so
the budget trades memory for cold reads only.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, ClassVar, Generic, Protocol, TypeVar
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.chain import GENESIS, seal
from adjudicator.adapters.event_store import EventStore, appended, cache_read
from adjudicator.adapters.integrity import caught_up, does_not_replay, loaded
from adjudicator.adapters.settings import budget
from adjudicator.domain.events import IllegalEvent
from adjudicator.service.credentials import Author
from adjudicator.service.errors import (
    CommitConflict,
    IdempotencyConflict,
    NotFound,
    StaleVersion,
    VersionOutOfRange,
)

T = TypeVar("T")
VC = TypeVar("VC")


class ViewCache(Generic[VC]):
    """Least recently used views, their estimated sizes summed to at most ``capacity`` bytes."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.used = 0
        self._entries: OrderedDict[UUID, tuple[VC, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: UUID) -> VC | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: UUID, view: VC, size: int) -> None:
        """Keep ``view`` (weighing ``size`` bytes), evicting the least recently used beyond the budget;
        one larger than the whole budget is not kept."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.used -= old[1]
            if size > self.capacity:
                return
            self._entries[key] = (view, size)
            self.used += size
            while self.used > self.capacity:
                self.used -= self._entries.popitem(last=False)[1][1]

    def forget(self, key: UUID) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.used -= old[1]


class LogView(Protocol):
    """A log at one version: its aggregate and the domain object replayed from it."""

    @property
    def id(self) -> UUID: ...

    @property
    def aggregate(self) -> Any: ...  # a ``Hand`` or ``TournamentLog``: ``log``, ``record``, ``version``

    @property
    def version(self) -> int: ...


V = TypeVar("V", bound=LogView)
#: A log's own judgement of new events on its view (a log with no rules in the domain, ``record``).


class EventLog(ABC, Generic[V]):
    """Logs of one kind in the event store: created, appended all or none, served at any version."""

    #: The aggregate class of this kind of log (another kind's id is "not found" here).
    aggregate_type: ClassVar[type[Aggregate]]
    #: The error for an unknown id; its ``noun`` names the kind in every message.
    not_found: ClassVar[type[NotFound]]
    #: The version of the log after its first stored event: 0 for a hand, 1 for a tournament.
    first_version: ClassVar[int]
    #: What a cached view weighs, roughly: bytes for the view, and for each event of its log.
    view_bytes: ClassVar[int] = 2_000
    event_bytes: ClassVar[int] = 750
    lock_stripes: ClassVar[int] = 32

    def __init__(
        self,
        store: EventStore | EventLog[Any] | Mapping[str, str] | None = None,
        cache_bytes: int | None = None,
    ) -> None:
        """On ``store``'s event store (or a new one, from settings that override the environment's);
        ``cache_bytes``: the cache's budget (default: ``budget()``)."""
        if isinstance(store, EventLog):
            self.events: EventStore = store.events
        elif isinstance(store, EventStore):
            self.events = store
        else:
            self.events = EventStore(store)
        self.noun = self.not_found.noun
        self._recorded: type = getattr(self.aggregate_type, "Recorded")  # noqa: B009 - made by @event
        self._cache: ViewCache[V] = ViewCache(budget() if cache_bytes is None else cache_bytes)
        self._locks = [threading.Lock() for _ in range(self.lock_stripes)]

    # ------------------------------------------------------------------ what a kind of log says

    @abstractmethod
    def _replay(self, aggregate: Any) -> V:
        """The view of ``aggregate``: its domain object replayed from its whole log."""

    @abstractmethod
    def _fast_forward(self, view: V, entry: dict[str, Any]) -> None:
        """Apply one event another process recorded (already in the view's aggregate log)."""

    def _open(self, opening: Any) -> Any:
        """A new log's aggregate, not yet saved, from what a write of several logs says of it."""
        raise TypeError(f"a {self.noun} is not opened within a write of several logs")

    # ------------------------------------------------------------------ the store

    @property
    def app(self) -> Application[UUID]:
        return self.events.app

    def on_append(self, listener: Callable[[], object]) -> None:
        self.events.on_append(listener)

    def close(self) -> None:
        self.events.close()

    # ------------------------------------------------------------------ writing

    def _start(self, aggregate: Any) -> V:
        """Save a new log's first event and cache its view (the aggregate is already judged)."""
        events, aggregate.chain_head = seal(aggregate.collect_events(), GENESIS)
        self.events.commit(events)
        appended(self.noun, len(events))
        view = self._replay(aggregate)
        self._remember(view)
        self.events.notify()
        return view

    def _start_once(self, log_id: UUID, make: Callable[[], Any]) -> V:
        """``make()`` started as the log ``log_id``, unless that log was opened before or is at once."""
        if not self.exists(log_id):
            with suppress(IntegrityError):  # opened by another request at the same moment
                return self._start(make())
        return self.read(log_id, lambda view: view)  # NotFound: the id is another kind of log's

    def unit_of_work(self, log_ids: Collection[UUID], fresh: bool = False) -> Work[V]:
        """A unit of work on the stored logs ``log_ids`` (and any it opens): the port's ``UnitOfWork``."""
        return Work([(self, log_ids)], fresh)

    def record(
        self, log_id: UUID, decide: Callable[[V], Sequence[Mapping[str, Any]]], author: Author | None
    ) -> list[dict[str, Any]]:
        """Record what ``decide`` makes of the log as it stands (a log of this store's own, that no use
        case judges: an official's claim on a call, decided by the domain), all or none; decided again
        on the stored log after a conflict. Returns what was recorded (nothing: nothing to record)."""
        for fresh in (False, True):
            try:
                with self.unit_of_work([log_id], fresh) as work:
                    events = [dict(entry) for entry in decide(work.view(log_id))]
                    if events:
                        work.add(log_id, events, (), author)
                        work.commit()
                    return events
            except CommitConflict:
                if fresh:
                    raise
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ reading

    def read(self, log_id: UUID, reader: Callable[[V], T], at: int | None = None) -> T:
        """``reader(view)`` of the log now, or as it stood after its event ``at``: run while no
        append can change the log, so it sees one consistent version."""
        with self._locks[hash(log_id) % self.lock_stripes]:
            view = self._current(log_id)
            if at is None or at == view.version:
                return reader(view)
            if at > view.version or at < self.first_version:
                raise VersionOutOfRange(at, view.version, self.noun)
        offset = 1 - self.first_version  # aggregate version of the log's version 0
        return reader(self.view_of(loaded(self, log_id, at + offset)))

    def view_of(self, aggregate: Any) -> V:
        """``aggregate`` replayed; ``IntegrityBroken`` (``impossible``) if the rules refuse an event."""
        try:
            return self._replay(aggregate)
        except IllegalEvent as error:
            raise does_not_replay(aggregate.id, error, self.noun, self.first_version) from None

    def version_of(self, log_id: UUID) -> int:
        """The log's latest version, straight from the store."""
        return self._stored_version(log_id) - 1 + self.first_version

    def is_cached(self, log_id: UUID) -> bool:
        """Whether this process holds the log's replayed view (a read of it is then the version check)."""
        return self._cache.get(log_id) is not None

    def exists(self, log_id: UUID) -> bool:
        try:
            self.read(log_id, lambda view: view.version)
        except NotFound:
            return False
        return True

    # ------------------------------------------------------------------ the cache

    def _stored_version(self, log_id: UUID) -> int:
        stored = self.events.latest_version(log_id)
        if stored is None:
            loaded(self, log_id)  # IntegrityBroken if the stream has a head: every record was deleted
            raise self.not_found(log_id)
        return stored

    def _current(self, log_id: UUID, trust_cache: bool = False) -> V:
        """The log at its latest stored version: cached, fast-forwarded, or replayed.

        ``trust_cache`` skips asking the store for the latest version: an append may, since
        saving after a stale cache fails on the store's unique (id, version) key anyway.
        """
        cached = self._cache.get(log_id)
        if cached is not None and trust_cache:
            return cached
        view = None
        if cached is not None:  # a log read cold is read whole, with its head: one statement
            stored = self._stored_version(log_id)
            view = caught_up(self, cached, stored)
            view = view if view is not None and view.aggregate.version == stored else None
        cache_read(self.noun, hit=view is not None)
        if view is None:
            view = self.view_of(loaded(self, log_id))
        self._remember(view)
        return view

    def _remember(self, view: V) -> None:
        self._cache.put(view.id, view, self.view_bytes + self.event_bytes * len(view.aggregate.log))

    def _forget(self, log_id: UUID) -> None:
        self._cache.forget(log_id)


def now() -> str:
    return datetime.now(UTC).isoformat()


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


#: Refused before any judgement: the views are as stored (judged but not saved: forgotten).
UNJUDGED = (StaleVersion, IdempotencyConflict)


class Work(Generic[V]):
    """A unit of work on logs of one event store (the port ``UnitOfWork``): the locks of ``logs`` (each
    kind of log, the unit's own first, with the stored ids it writes), held from ``with`` to its end
    (each kind's stripes in order, so two units never wait on each other), their views, the events
    staged on their aggregates, and one commit of them all."""

    def __init__(self, logs: Sequence[tuple[EventLog[Any], Collection[UUID]]], fresh: bool) -> None:
        self.log: EventLog[V] = logs[0][0]
        self._logs = logs
        self._trust = not fresh
        self._views: dict[int, tuple[EventLog[Any], Any]] = {}  # by the UUID's int: hashed in C
        self._new: set[int] = set()
        self._staged = self._committed = False
        self._locks = [
            log._locks[n] for log, ids in logs for n in sorted({hash(i.int) % log.lock_stripes for i in ids})
        ]

    def __enter__(self) -> Work[V]:
        for lock in self._locks:
            lock.acquire()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if not self._committed and (self._staged or (error and not isinstance(error, UNJUDGED))):
            self._forget()
        for lock in reversed(self._locks):
            lock.release()
        if self._committed:
            self.log.events.notify()

    def view(self, log_id: UUID, log: EventLog[Any] | None = None) -> V:
        """The log's view in this unit (``log``: the kind of log, if not the unit's own)."""
        found = self._views.get(log_id.int)
        if found is None:
            log = log or self.log
            found = self._views[log_id.int] = (log, log._current(log_id, self._trust))
        return found[1]  # type: ignore[no-any-return]

    def hand(self, hand_id: UUID) -> Any:
        """The log taken along (a tournament's unit: the hand put on a sheet)."""
        return self.view(hand_id, self._logs[1][0])

    def open(self, opening: Any) -> V:
        view = self.log.view_of(self.log._open(opening))
        self._views[view.id.int] = (self.log, view)
        self._new.add(view.id.int)
        return view

    def add(
        self,
        log_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        ids: Sequence[str | None] = (),
        author: Author | None = None,
    ) -> None:
        aggregate = self._views[log_id.int][1].aggregate
        at, by = now(), None if author is None else {"name": author.name, "role": author.role}
        for entry, event_id in zip(entries, [*ids, *[None] * len(entries)], strict=False):
            aggregate.record(entry, at, by, event_id)
        self._staged = self._staged or bool(entries)

    def commit(self) -> None:
        sealed: list[Any] = []
        heads: list[tuple[EventLog[Any], Any, str, int]] = []
        for key, (log, view) in self._views.items():
            events = view.aggregate.collect_events()
            if events:
                pending, head = seal(events, GENESIS if key in self._new else view.aggregate.chain_head)
                heads.append((log, view, head, len(pending)))
                sealed += pending
        if not sealed:
            return
        try:
            self.log.events.commit(sealed)
        except IntegrityError:
            self._forget()
            raise CommitConflict(next(iter(self._views.values()))[1].id, self.log.noun) from None
        except BaseException:
            self._forget()
            raise
        for log, view, head, count in heads:
            view.aggregate.chain_head = head
            if self._new and view.id.int in self._new:
                log._remember(view)  # a cached log's view is the cached one, moved on
            appended(log.noun, count)
        self._committed = True

    def _forget(self) -> None:
        for log, view in self._views.values():
            log._forget(view.id)
