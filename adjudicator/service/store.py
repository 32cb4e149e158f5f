"""The append-only event store: each hand is an eventsourcing aggregate whose history is its events.

Nothing is updated or deleted. A hand's API version is the number of table events recorded (the
aggregate's created event is aggregate version 1, so API version = aggregate version - 1), which
makes "the table after event N" ``repository.get(id, version=N + 1)``.

Persistence comes from the library's own environment variables (``PERSISTENCE_MODULE``,
``SQLITE_DBNAME``, ``POSTGRES_*``, optionally prefixed ``HANDS_``); without them the store is an
embedded SQLite file: ``$ADJUDICATOR_DB``, else ``default_db_path()``. SQLite runs in WAL mode
with ``synchronous=FULL`` (the library's and SQLite's default), so an acknowledged append has
reached the disk.

The replayed ``Table`` of each recently used hand is cached in the process, keyed by the version
it has reached, so an append applies only its own events. A read first asks the store for the
hand's latest version (one indexed read) and fast-forwards the cache, so it never serves a stale
hand even when another process appends; an append trusts the cache, because saving on a stale one
fails on the store's unique (hand, version) key, and is then judged again on the stored log.
Appends that arrive while another commits share the next commit (``GroupCommit``).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import register_topic

from adjudicator.adjudication import Adjudication, judge
from adjudicator.cards import Seat
from adjudicator.events import IllegalEvent
from adjudicator.rulebooks import get_ruleset
from adjudicator.table import Table

APP_NAME = "Hands"
DB_ENV = "ADJUDICATOR_DB"
CACHE_SIZE = 256
LOCK_STRIPES = 64
T = TypeVar("T")


def default_db_path() -> Path:
    """Where the embedded event store lives without configuration: the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "adjudicator" / "events.db"


class Hand(Aggregate):
    """One hand of cards: its governing rulebook, its dealer, and every fact recorded about it."""

    @event("Opened")
    def __init__(self, ruleset: str, dealer: str, players: dict[str, str] | None, label: str | None) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.players = players
        self.label = label
        self.log: list[dict[str, Any]] = []

    @event("Recorded")
    def record(self, entry: dict[str, Any], recorded_at: str) -> None:
        self.log.append({"entry": entry, "recorded_at": recorded_at})

    @property
    def api_version(self) -> int:
        return self.version - 1


# Stores written before the service layer moved here name the aggregate by its old module.
register_topic("adjudicator.store:Hand", Hand)


class Hands(Application[UUID]):
    """The event-sourced application holding every hand; one object per process (thread-safe)."""

    name = APP_NAME


class HandNotFound(LookupError):
    """No hand has this id."""

    def __init__(self, hand_id: object) -> None:
        super().__init__(f"no hand has the id {hand_id}")
        self.hand_id = hand_id


class StaleVersion(Exception):
    """An append was conditional on a version the hand is no longer at; nothing was written."""

    def __init__(self, expected: Collection[int], current: int) -> None:
        wanted = " or ".join(str(v) for v in sorted(expected)) or "a version it never has"
        super().__init__(f"the hand is at version {current}, not {wanted}: nothing was recorded")
        self.expected = expected
        self.current = current


class EventRefused(Exception):
    """The domain refused one event of a batch (``error``); nothing of the batch was written.

    ``position`` is the event's place in the batch (from 0), ``version`` the hand's version.
    """

    def __init__(self, error: IllegalEvent, position: int, version: int) -> None:
        super().__init__(error.message)
        self.error = error
        self.position = position
        self.version = version


class CommitConflict(Exception):
    """Another writer recorded events for the hand at the same moment; nothing of ours was written."""

    def __init__(self, hand_id: UUID) -> None:
        super().__init__(
            f"hand {hand_id} changed while these events were being recorded: nothing was recorded; "
            "fetch the hand and try again"
        )
        self.hand_id = hand_id


class VersionOutOfRange(ValueError):
    """A historical version beyond the hand's latest."""

    def __init__(self, at: int, latest: int) -> None:
        super().__init__(f"the hand has {latest} events: there is no event {at}")
        self.at = at
        self.latest = latest


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """One stored table event, with its API version and when it was recorded."""

    version: int
    entry: dict[str, Any]
    recorded_at: str


@dataclass(slots=True)
class HandView:
    """A hand at one version: its identity, its log and its replayed table (read-only)."""

    id: UUID
    ruleset: str
    dealer: Seat
    players: dict[str, str] | None
    label: str | None
    opened_at: str
    hand: Hand
    table: Table
    _judged: Adjudication | None = field(default=None, repr=False)

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def events(self) -> list[RecordedEvent]:
        return [
            RecordedEvent(i, item["entry"], item["recorded_at"])
            for i, item in enumerate(self.hand.log[: self.version], start=1)
        ]

    def judged(self) -> Adjudication:
        """Rulings of the table at this version, computed once."""
        if self._judged is None or self._judged.table.version != self.version:
            self._judged = judge(self.table)
        return self._judged


def _view(hand: Hand, table: Table) -> HandView:
    return HandView(
        id=hand.id,
        ruleset=hand.ruleset,
        dealer=cast(Seat, hand.dealer),
        players=hand.players,
        label=hand.label,
        opened_at=hand.created_on.isoformat(),
        hand=hand,
        table=table,
    )


def _replayed(hand: Hand) -> Table:
    table = Table(get_ruleset(hand.ruleset), cast(Seat, hand.dealer))
    return table.extend(item["entry"] for item in hand.log)


def persistence_env(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The library's settings: ``overrides``, then the environment, then the embedded default."""
    environ = {**os.environ, **(overrides or {})}

    def setting(key: str) -> str | None:
        return environ.get(f"{APP_NAME.upper()}_{key}") or environ.get(key)

    env = dict(overrides or {})
    module = setting("PERSISTENCE_MODULE")
    if module is None:
        module = env["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
    if module == "eventsourcing.sqlite" and setting("SQLITE_DBNAME") is None:
        path = Path(environ.get(DB_ENV) or default_db_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        env["SQLITE_DBNAME"] = str(path)
    return env


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
    saves everything queued in one transaction, then hands the lead to the first append queued
    since, if any. A batch that fails is retried append by append, so one append's conflict never
    fails another's.
    """

    def __init__(self, app: Application[UUID]) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._queue: list[_Waiting] = []
        self._leading = False

    def save(self, events: Sequence[Any]) -> None:
        """Save ``events`` durably, all or none; raises what saving them alone would raise."""
        waiting = _Waiting(events)
        with self._lock:
            self._queue.append(waiting)
            waiting.leads = not self._leading
            self._leading = True
        if not waiting.leads:
            waiting.done.wait()
        if waiting.leads:
            self._lead()
        if waiting.error is not None:
            raise waiting.error

    def _lead(self) -> None:
        with self._lock:
            batch, self._queue = self._queue, []
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


class HandStore:
    """Opens hands, appends their events atomically, and serves them at any version."""

    def __init__(self, env: Mapping[str, str] | None = None, cache_size: int = CACHE_SIZE) -> None:
        self.env = persistence_env(env)
        self.app = Hands(env=self.env)
        self._cache: OrderedDict[UUID, HandView] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cache_size = cache_size
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._listeners: list[Any] = []
        self._committer = GroupCommit(self.app)

    # ------------------------------------------------------------------ configuration

    @property
    def persistence(self) -> str:
        """``sqlite:PATH`` or ``postgres:DBNAME``: where the events are, in a line."""
        env = self.app.env
        module = env.get("PERSISTENCE_MODULE") or "eventsourcing.popo"
        if module.endswith("sqlite"):
            return f"sqlite:{env.get('SQLITE_DBNAME')}"
        if module.endswith("postgres"):
            return f"postgres:{env.get('POSTGRES_DBNAME')}@{env.get('POSTGRES_HOST')}"
        return module

    @property
    def sqlite_path(self) -> Path | None:
        if not self.app.env.get("PERSISTENCE_MODULE", "").endswith("sqlite"):
            return None
        name = self.app.env.get("SQLITE_DBNAME") or ""
        return None if ":memory:" in name or "mode=memory" in name else Path(name)

    def on_append(self, listener: Any) -> None:
        """Call ``listener()`` after every successful append (the read-model projector's wake-up)."""
        self._listeners.append(listener)

    def close(self) -> None:
        self._committer.close()
        self.app.close()

    # ------------------------------------------------------------------ writing

    def open_hand(
        self,
        ruleset: str,
        dealer: Seat,
        players: dict[str, str] | None = None,
        label: str | None = None,
    ) -> HandView:
        """Record a new hand; raises ``UnknownRuleset`` for a rulebook that does not exist."""
        rules = get_ruleset(ruleset)
        hand = Hand(rules.id, dealer, players, label)
        self.app.save(hand)
        view = _view(hand, Table(rules, dealer))
        self._remember(view)
        self._notify()
        return view

    def append(
        self,
        hand_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        if_match: Collection[int] | None = None,
    ) -> int:
        """Record ``entries`` after the hand's last event, all or none.

        ``if_match``: the versions the hand must be at. The domain judges the events first;
        ``EventRefused`` and ``StaleVersion`` leave the store untouched, as does
        ``CommitConflict`` when another process wins the race to the same version.
        """
        with self._locked(hand_id):
            try:
                version = self._append(hand_id, entries, if_match, trust_cache=True)
            except (CommitConflict, EventRefused, StaleVersion):
                # Another process may have appended since this one cached the hand: judge again
                # on the stored log; the same answer then is the answer.
                version = self._append(hand_id, entries, if_match, trust_cache=False)
        self._notify()
        return version

    def _append(
        self,
        hand_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        if_match: Collection[int] | None,
        trust_cache: bool,
    ) -> int:
        view = self._current(hand_id, trust_cache)
        if if_match is not None and view.version not in if_match:
            raise StaleVersion(if_match, view.version)
        if not entries:
            return view.version
        table = view.table
        start = table.version
        try:
            table.extend(entries)
        except BaseException as error:
            # The events before the refused one changed the cached table: replay next time.
            self._forget(hand_id)
            if isinstance(error, IllegalEvent):
                index = error.index if error.index is not None else table.version + 1
                raise EventRefused(error, index - start - 1, start) from None
            raise
        recorded_at = datetime.now(UTC).isoformat()
        for entry in entries:
            view.hand.record(dict(entry), recorded_at)
        try:
            self._committer.save(view.hand.collect_events())
        except IntegrityError:
            self._forget(hand_id)
            raise CommitConflict(hand_id) from None
        except BaseException:
            self._forget(hand_id)
            raise
        view._judged = None
        return view.version

    # ------------------------------------------------------------------ reading

    def read(self, hand_id: UUID, reader: Callable[[HandView], T], at: int | None = None) -> T:
        """``reader(view)`` of the hand now, or as it stood after its event ``at`` (0: none yet).

        The reader runs while no append can change the hand, so it sees one consistent version.
        """
        with self._locked(hand_id):
            view = self._current(hand_id)
            if at is None or at == view.version:
                return reader(view)
            if at > view.version:
                raise VersionOutOfRange(at, view.version)
        hand = cast(Hand, self.app.repository.get(hand_id, version=at + 1))
        return reader(_view(hand, _replayed(hand)))

    def version_of(self, hand_id: UUID) -> int:
        """The hand's latest API version, straight from the store."""
        return self._stored_version(hand_id) - 1

    # ------------------------------------------------------------------ the cache

    def _stored_version(self, hand_id: UUID) -> int:
        latest = self.app.recorder.select_events(hand_id, desc=True, limit=1)
        if not latest:
            raise HandNotFound(hand_id)
        return latest[0].originator_version

    def _current(self, hand_id: UUID, trust_cache: bool = False) -> HandView:
        """The hand at its latest stored version: cached, fast-forwarded, or replayed.

        ``trust_cache`` skips asking the store for the latest version: an append may, since
        saving after a stale cache fails on the store's unique (hand, version) key anyway.
        """
        with self._cache_lock:
            view = self._cache.get(hand_id)
            if view is not None:
                self._cache.move_to_end(hand_id)
        if view is not None and trust_cache:
            return view
        stored = self._stored_version(hand_id)
        if view is not None and view.hand.version < stored:
            try:
                for domain_event in self.app.events.get(hand_id, gt=view.hand.version):
                    domain_event.mutate(view.hand)  # type: ignore[attr-defined]
                    if isinstance(domain_event, Hand.Recorded):  # type: ignore[attr-defined]
                        view.table.apply(view.hand.log[-1]["entry"])
                view._judged = None
            except Exception:
                view = None
        if view is None or view.hand.version != stored:
            try:
                hand = cast(Hand, self.app.repository.get(hand_id))
            except AggregateNotFoundError:
                raise HandNotFound(hand_id) from None
            if not isinstance(hand, Hand):  # another aggregate of the store: a tournament
                raise HandNotFound(hand_id)
            view = _view(hand, _replayed(hand))
        self._remember(view)
        return view

    def _remember(self, view: HandView) -> None:
        with self._cache_lock:
            self._cache[view.id] = view
            self._cache.move_to_end(view.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, hand_id: UUID) -> None:
        with self._cache_lock:
            self._cache.pop(hand_id, None)

    @contextmanager
    def _locked(self, hand_id: UUID) -> Iterator[None]:
        with self._locks[hash(hand_id) % LOCK_STRIPES]:
            yield

    def _notify(self) -> None:
        for listener in self._listeners:
            listener()
