"""The one generic event log that hands and tournaments both are, on the one event store
(``adjudicator.adapters.event_store``), with the process's cache of their replayed views.

``EventLog`` is what a kind of log adds on the store, written once: an aggregate whose stream is a
log of JSON events (``Hand``, ``TournamentLog``), replayed into a view holding the domain object. The view
of each recently used log is cached, keyed by the version it has reached, so an append applies only
its own events. A read first asks the store for the log's latest version (one indexed read) and
fast-forwards the cache, so it never serves a stale log even when another process appends; an
append trusts the cache, because saving on a stale one fails on the store's unique (id, version)
key, and is then judged again on the stored log and saved once more. A kind of log says how its
view is replayed (``EventLog._replay``, ``_fast_forward``); what new events become is the use case's
judgement, given with them (``adjudicator.service.ports.Judgement``): the store never judges.

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

import os
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, Protocol, TypeVar
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.chain import GENESIS, Broken, seal
from adjudicator.adapters.event_store import EventStore, appended, cache_read
from adjudicator.adapters.integrity import IntegrityBroken, checked_after, does_not_replay, read_stream
from adjudicator.adapters.staging import first_answer, stage
from adjudicator.domain.events import IllegalEvent
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CommitConflict, EventRefused, NotFound, StaleVersion, VersionOutOfRange
from adjudicator.service.ports import Judgement

T = TypeVar("T")
VC = TypeVar("VC")
CACHE_ENV = "ADJUDICATOR_CACHE_MB"
DEFAULT_MB = 64


def budget() -> int:
    """The cache's budget in bytes: ``$ADJUDICATOR_CACHE_MB`` (a number of megabytes), else 64 MB."""
    raw = os.environ.get(CACHE_ENV)
    try:
        megabytes = float(raw) if raw else DEFAULT_MB
    except ValueError:
        megabytes = -1.0
    if not 0 <= megabytes < 1e9:
        raise ValueError(f"{CACHE_ENV}={raw!r}: give the cache's size in megabytes, a number from 0")
    return int(megabytes * 1_000_000)


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
#: Events to append: a list, or a function of the log's view deciding them on the version they go to.
Entries = Sequence[Mapping[str, Any]] | Callable[[V], Sequence[Mapping[str, Any]]]


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

    def record(
        self,
        log_id: UUID,
        entries: Entries[V],
        if_match: Collection[int] | None,
        author: Author | None,
        judge: Judgement[V],
    ) -> tuple[int, list[dict[str, Any]]]:
        """Record ``entries`` after the log's last event, all or none: (version, what was recorded).

        ``if_match``: the versions the log must be at. ``judge`` (the use case's) decides the events
        on the log's view first;
        ``EventRefused`` and ``StaleVersion`` leave the store untouched. A refusal or a write
        conflict on a cached log is judged again on the stored log; a conflict then (another process
        committed between that read and this commit) is ``CommitConflict``, unless the stored log now
        holds these very events under their ids (a retry of one request): the first answer.
        """
        with self._locked(log_id):
            try:
                result = self._record(log_id, entries, if_match, author, judge, trust_cache=True)
            except (CommitConflict, EventRefused, StaleVersion):
                try:
                    result = self._record(log_id, entries, if_match, author, judge, trust_cache=False)
                except CommitConflict:
                    answered = first_answer(self._current(log_id).aggregate.log, entries)
                    if answered is None:
                        raise
                    result = answered
        self.events.notify()
        return result

    def _record(
        self,
        log_id: UUID,
        entries: Entries[V],
        if_match: Collection[int] | None,
        author: Author | None,
        judge: Judgement[V],
        trust_cache: bool,
    ) -> tuple[int, list[dict[str, Any]]]:
        view = self._current(log_id, trust_cache)
        version, events = stage(self, view, entries, if_match, author, judge)
        pending = view.aggregate.collect_events()
        if not pending:  # nothing new, or the first answer to the same events under the same ids
            return version, events
        pending, head = seal(pending, view.aggregate.chain_head)
        try:
            self.events.commit(pending)
        except IntegrityError:
            self._forget(log_id)
            raise CommitConflict(log_id, self.noun) from None
        except BaseException:
            self._forget(log_id)
            raise
        view.aggregate.chain_head = head
        appended(self.noun, len(pending))
        return version, events

    # ------------------------------------------------------------------ reading

    def read(self, log_id: UUID, reader: Callable[[V], T], at: int | None = None) -> T:
        """``reader(view)`` of the log now, or as it stood after its event ``at``: run while no
        append can change the log, so it sees one consistent version."""
        with self._locked(log_id):
            view = self._current(log_id)
            if at is None or at == view.version:
                return reader(view)
            if at > view.version or at < self.first_version:
                raise VersionOutOfRange(at, view.version, self.noun)
        offset = 1 - self.first_version  # aggregate version of the log's version 0
        return reader(self.view_of(self._load(log_id, at + offset)))

    def view_of(self, aggregate: Any) -> V:
        """``aggregate`` replayed; ``IntegrityBroken`` (``impossible``) if the rules refuse an event."""
        try:
            return self._replay(aggregate)
        except IllegalEvent as error:
            raise does_not_replay(aggregate.id, error, self.noun, self.first_version) from None

    def repeated(self, view: V, entries: Sequence[Mapping[str, Any]]) -> int | None:
        """The version ``entries`` reached if they were recorded before under the same ids (None: new)."""
        again = first_answer(view.aggregate.log, entries)
        return None if again is None else again[0]

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
            self._load(log_id)  # IntegrityBroken if the stream has a head: every record was deleted
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
            view = self._caught_up(cached, log_id, stored)
            view = view if view is not None and view.aggregate.version == stored else None
        cache_read(self.noun, hit=view is not None)
        if view is None:
            view = self.view_of(self._load(log_id))
        self._remember(view)
        return view

    def _caught_up(self, view: V, log_id: UUID, stored: int) -> V | None:
        """The cached view with the events recorded since applied, or None to replay it."""
        aggregate = view.aggregate
        if aggregate.version >= stored:
            return view
        try:
            checked = checked_after(self.app, log_id, (aggregate.version, aggregate.chain_head))
            for domain_event in checked.events:
                domain_event.mutate(aggregate)
                if isinstance(domain_event, self._recorded):
                    self._fast_forward(view, aggregate.log[-1]["entry"])
        except Exception:
            return None  # replayed from the start, and checked from there
        aggregate.chain_head = checked.chain
        return view

    def _load(self, log_id: UUID, upto: int | None = None) -> Any:
        """The log's aggregate up to aggregate version ``upto`` (all: None), its chain checked."""
        try:
            checked = read_stream(self.app, log_id, self.aggregate_type.__name__, upto)
        except Broken as broken:
            raise IntegrityBroken(log_id, broken, self.noun, self.first_version) from None
        if checked is None:  # no such stream, or another kind of log's
            raise self.not_found(log_id)
        aggregate: Any = None
        for domain_event in checked.events:
            aggregate = domain_event.mutate(aggregate)
        aggregate.chain_head = checked.chain
        return aggregate

    def _remember(self, view: V) -> None:
        self._cache.put(view.id, view, self.view_bytes + self.event_bytes * len(view.aggregate.log))

    def _forget(self, log_id: UUID) -> None:
        self._cache.forget(log_id)

    @contextmanager
    def _locked(self, log_id: UUID) -> Iterator[None]:
        with self._locks[hash(log_id) % self.lock_stripes]:
            yield
