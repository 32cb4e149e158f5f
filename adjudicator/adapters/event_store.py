"""The one event store of the process, how its saves share a commit, and what it counts.

``EventStore`` is the process's single eventsourcing application (named ``Hands``, for the settings'
``HANDS_`` prefix): every aggregate of every kind lives in it, hence in the same database and the
same notification log (``adjudicator.adapters.eventlog`` says what a log is on top); every save goes
through its ``GroupCommit``; every append wakes its listeners (the read-model projector).

**Group commit.** Appends that arrive while one is being committed share the next commit (and its
sync). A commit costs a disk sync (3-4 ms on PostgreSQL here), and the store's inserts are
serialised (the library locks PostgreSQL's events table until commit, so that notification ids are
committed in order): appends per second are appends per commit over the time of a commit. So a
leader waits, briefly, until as many appends are queued as shared the last commit (PostgreSQL's
``commit_delay`` with ``commit_siblings``, adapted to what this process sees): an append alone never
waits, and under steady load the clients just released by a commit join the next one instead of the
one after.

**What the store does, counted** for Prometheus: appends, group-commit sizes, the cache's hits. The
metrics are prometheus-client's process-wide objects. Under ``adjudicator serve`` every worker
writes its values to files in ``$PROMETHEUS_MULTIPROC_DIR`` and ``GET /metrics`` sums them over the
workers (prometheus-client's multiprocess mode). The client chooses between files and memory when it
is first imported, and granian forks its workers from the supervising process: so the client is
imported, and the metrics made, on their first use, never at import (the supervisor, which sets the
variable, appends nothing). The read models' lag is measured when scraped (``api.metrics``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.application import Application

from adjudicator.adapters.chain import Head
from adjudicator.adapters.heads import ChainRecorder, recorder_topic, secret_of
from adjudicator.adapters.settings import (
    APP_NAME,
    GATHER_MS,
    describe,
    environment,
    persistence_env,
    sqlite_file,
)
from adjudicator.pacing import pace


class EventApplication(Application[UUID]):
    """The event-sourced application holding every log; one object per process (thread-safe)."""

    name = APP_NAME


class EventStore:
    """The event store of the process: one application, one group commit, one set of listeners."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        self.env = persistence_env(env)
        settings = environment(env)
        topic = recorder_topic(str(settings.get("PERSISTENCE_MODULE") or ""))
        if topic is not None and not settings.get("APPLICATION_RECORDER_TOPIC"):
            self.env["APPLICATION_RECORDER_TOPIC"] = topic  # keeps each stream's head (heads.py)
        self.app = EventApplication(env=self.env)
        self._listeners: list[Callable[[], object]] = []
        direct = self.app.snapshots is None and self.app.repository.cache is None
        self._committer = GroupCommit(_Inserts(self.app) if direct else self.app)
        self._mapped = direct
        self._secret: bytes | None = None

    @property
    def persistence(self) -> str:
        """``sqlite:PATH`` or ``postgres:DBNAME@HOST``: where the events are, in a line."""
        return describe(self.app.env.get)

    @property
    def sqlite_path(self) -> Path | None:
        return sqlite_file(self.app.env.get)

    def last_event(self) -> int:
        """The id of the latest event in the notification log (0: none yet)."""
        return int(self.app.recorder.max_notification_id() or 0)

    def on_append(self, listener: Callable[[], object]) -> None:
        """Call ``listener()`` after every successful append (the read-model projector's wake-up)."""
        self._listeners.append(listener)

    def notify(self) -> None:
        for listener in self._listeners:
            listener()

    def commit(self, events: Sequence[Any]) -> None:
        """Save ``events`` durably, all or none, sharing the commit with concurrent appends. They are
        encoded here, in the caller's thread, before they queue: a large save (an import's thousands
        of events) then holds the commit that other appends wait on only for its inserts."""
        self._committer.save([self._encoded(e) for e in events] if self._mapped else events)

    def _encoded(self, event: Any) -> Any:
        pace()
        return self.app.mapper.to_stored_event(event)

    def latest_version(self, log_id: UUID) -> int | None:
        """The log's latest aggregate version, straight from the store (None: no such log)."""
        recorder = self.app.recorder
        if isinstance(recorder, ChainRecorder):
            return recorder.select_version(log_id)
        latest = recorder.select_events(log_id, desc=True, limit=1)
        return latest[0].originator_version if latest else None

    def latest_head(self, log_id: UUID) -> Head | None:
        """The head of the log's last stored record (its aggregate version and chain), in one indexed
        statement; None unless the records and the recorded head agree on the version and the head has
        a chain (a store that keeps no heads, a stream written before the chain, a broken stream):
        then only reading the whole log, checked, can say what it holds."""
        recorder = self.app.recorder
        if not isinstance(recorder, ChainRecorder):
            return None
        version, head = recorder.select_latest(log_id)
        if head is None or head.chain is None or head.version != version:
            return None
        return head

    def secret(self) -> bytes:
        """The store's secret, that the read models seal their rows with (``heads.secret_of``)."""
        if self._secret is None:
            self._secret = secret_of(self.app.recorder)
        return self._secret

    def close(self) -> None:
        self._committer.close()
        self.app.close()


def gather() -> float:
    """How long a leader may wait for its batch, in seconds: ``$ADJUDICATOR_COMMIT_GATHER_MS``
    (milliseconds, 0 for never), else 2 ms."""
    return GATHER_MS.value() / 1000


class Saves(Protocol):
    """What a group commit saves with: an application, or ``_Inserts``."""

    def save(self, *items: Any) -> Any: ...


class _Inserts:
    """Saves events already encoded (``EventStore.commit``) in one transaction of the recorder: what
    the application's ``save`` does for this store, which keeps no snapshots and caches no aggregates,
    without encoding them under the commit (nor its check of every event against a typing Protocol)."""

    def __init__(self, app: Application[UUID]) -> None:
        self.recorder = app.recorder

    def save(self, *stored: Any) -> None:
        self.recorder.insert_events(list(stored))


class _Waiting:
    """One append's events, waiting for the group commit."""

    __slots__ = ("done", "error", "events", "leads")

    def __init__(self, events: Sequence[Any]) -> None:
        self.events = events
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.leads = False


class GroupCommit:
    """Appends that arrive while one is being committed share the next commit (and its disk sync).

    Leader and followers, no thread of its own: an append that finds no commit under way commits
    at once, in its own thread; one that finds a commit under way queues and waits. The leader
    waits at most ``gather_seconds`` for as many appends as the last commit had, saves everything queued
    in one transaction, then hands the lead to the first append queued since, if any. A batch that
    fails is retried append by append, so one append's conflict never fails another's.
    """

    def __init__(self, app: Saves, gather_seconds: float | None = None) -> None:
        """``gather_seconds``: the longest a leader waits for its batch (default: ``gather()``)."""
        self.app = app
        self.gather_seconds = gather() if gather_seconds is None else gather_seconds
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._queue: list[_Waiting] = []
        self._leading = False
        self._expected = 1

    def save(self, events: Sequence[Any]) -> None:
        """Save ``events`` durably, all or none; raises what saving them alone would raise."""
        waiting = _Waiting(events)
        with self._lock:
            self._queue.append(waiting)
            waiting.leads = not self._leading
            self._leading = True
            self._arrived.notify()
        if not waiting.leads:
            waiting.done.wait()
        if waiting.leads:
            self._lead()
        if waiting.error is not None:
            raise waiting.error

    def _lead(self) -> None:
        with self._lock:
            deadline = time.monotonic() + self.gather_seconds
            while len(self._queue) < self._expected and (left := deadline - time.monotonic()) > 0:
                self._arrived.wait(left)
            batch, self._queue = self._queue, []
            self._expected = len(batch)
        try:
            self._commit(batch)
        finally:
            with self._lock:
                if self._queue:
                    successor = self._queue[0]
                    successor.leads = True
                    successor.done.set()
                else:
                    self._leading = False

    def close(self) -> None:
        """Nothing to stop: every commit runs in the thread of an append."""

    def _commit(self, batch: list[_Waiting]) -> None:
        committed(len(batch))
        try:
            self.app.save(*(event for waiting in batch for event in waiting.events))
        except BaseException as error:
            if len(batch) == 1:
                batch[0].error = error
            else:
                for waiting in batch:
                    try:
                        self.app.save(*waiting.events)
                    except BaseException as alone:
                        waiting.error = alone
        finally:
            for waiting in batch:
                waiting.leads = False
                waiting.done.set()


@dataclass(frozen=True)
class _Metrics:
    appends: Any
    events: Any
    commit_size: Any
    cache_reads: Any


@cache
def _metrics() -> _Metrics:
    from prometheus_client import Counter, Histogram

    return _Metrics(
        appends=Counter(
            "adjudicator_appends",
            "Appends committed to the event store, by kind of log (an opened hand or tournament counts).",
            ["log"],
        ),
        events=Counter(
            "adjudicator_appended_events", "Events appended to the event store, by kind of log.", ["log"]
        ),
        commit_size=Histogram(
            "adjudicator_group_commit_size",
            "Appends saved together in one commit of the event store (group commit).",
            buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
        ),
        cache_reads=Counter(
            "adjudicator_cache_reads",
            "Reads of a log through the process's cache: hit (the cached view, brought up to date) or "
            "miss (replayed from the store).",
            ["log", "result"],
        ),
    )


def appended(log: str, events: int) -> None:
    """One append of ``events`` events committed to a ``log`` (``hand``, ``tournament``)."""
    metrics = _metrics()
    metrics.appends.labels(log).inc()
    metrics.events.labels(log).inc(events)


def committed(appends: int) -> None:
    """One commit of the event store, shared by ``appends`` appends."""
    _metrics().commit_size.observe(appends)


def cache_read(log: str, hit: bool) -> None:
    _metrics().cache_reads.labels(log, "hit" if hit else "miss").inc()


def declare() -> None:
    """Make every metric now, so that a scrape lists them all, at zero, before their first use."""
    _metrics()
