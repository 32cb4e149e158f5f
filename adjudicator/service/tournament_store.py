"""Tournaments in the hands' event store: one aggregate per tournament whose stream is its event log.

A ``TournamentLog`` aggregate is created by the ``tournament_created`` event and then records one
``Recorded`` domain event per tournament event (a draw with its outcome, an override with its
reason, a hand's score copied from the hand store ...), so aggregate version N is exactly the
tournament after its event N, and ``state?at=N`` is the stream read back to version N and replayed
by ``adjudicator.tournaments.Tournament``. Hands stay separate ``Hand`` aggregates; both live in the
same eventsourcing application (``HandStore.app``), hence the same database and notification log.

The replayed ``Tournament`` of each recently used tournament is cached, keyed by version and
fast-forwarded from the store on every read (another process's appends are never missed). An append
judges its events on the cached tournament, saves them, and on a write conflict (another writer took
the same version) judges them again on the stored log and tries once more.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import register_topic

from adjudicator.events import IllegalEvent
from adjudicator.service.store import EventRefused, HandStore, StaleVersion, VersionOutOfRange
from adjudicator.tournaments import Tournament, replay_tournament

CACHE_SIZE = 64
LOCK_STRIPES = 32
T = TypeVar("T")


class TournamentLog(Aggregate):
    """One tournament: its events, exactly as recorded, the first being ``tournament_created``."""

    @event("Created")
    def __init__(self, entry: dict[str, Any], recorded_at: str) -> None:
        self.log: list[dict[str, Any]] = [{"entry": entry, "recorded_at": recorded_at}]

    @event("Recorded")
    def record(self, entry: dict[str, Any], recorded_at: str) -> None:
        self.log.append({"entry": entry, "recorded_at": recorded_at})


register_topic("adjudicator.tournament_store:TournamentLog", TournamentLog)  # its module before the move


class TournamentNotFound(LookupError):
    """No tournament has this id."""

    def __init__(self, tournament_id: object) -> None:
        super().__init__(f"no tournament has the id {tournament_id}")
        self.tournament_id = tournament_id


class TournamentConflict(Exception):
    """Another writer recorded events for the tournament at the same moment, twice over."""

    def __init__(self, tournament_id: UUID) -> None:
        super().__init__(
            f"tournament {tournament_id} changed while these events were being recorded: nothing was "
            "recorded; fetch the tournament and try again"
        )
        self.tournament_id = tournament_id


@dataclass(slots=True)
class TournamentView:
    """A tournament at one version: its id, its stored log and the replayed domain object."""

    id: UUID
    aggregate: TournamentLog
    tournament: Tournament

    @property
    def version(self) -> int:
        return self.tournament.version

    @property
    def created_at(self) -> str:
        return str(self.aggregate.log[0]["recorded_at"])

    def events(self) -> list[dict[str, Any]]:
        return [
            {"version": i, **item["entry"], "recorded_at": item["recorded_at"]}
            for i, item in enumerate(self.aggregate.log[: self.version], start=1)
        ]


def _replayed(aggregate: TournamentLog) -> Tournament:
    return replay_tournament(item["entry"] for item in aggregate.log)


def _now() -> str:
    return datetime.now(UTC).isoformat()


class TournamentStore:
    """Creates tournaments, appends their events all or none, and serves them at any version."""

    def __init__(self, hands: HandStore, cache_size: int = CACHE_SIZE) -> None:
        self.hands = hands
        self.app = hands.app
        self._cache: OrderedDict[UUID, TournamentView] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cache_size = cache_size
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]

    # ------------------------------------------------------------------ writing

    def create(self, created: Mapping[str, Any]) -> TournamentView:
        """Record a new tournament from its ``tournament_created`` event (``IllegalEvent`` if refused)."""
        entry = copy.deepcopy(dict(created))
        if entry.get("type") != "tournament_created":
            raise IllegalEvent("a tournament starts with tournament_created", "type")
        tournament = replay_tournament([entry])
        aggregate = TournamentLog(entry, _now())
        self.app.save(aggregate)
        view = TournamentView(aggregate.id, aggregate, tournament)
        self._remember(view)
        self.hands._notify()
        return view

    def append(
        self,
        tournament_id: UUID,
        entries: Sequence[Mapping[str, Any]] | Callable[[Tournament], Sequence[Mapping[str, Any]]],
        if_match: Collection[int] | None = None,
    ) -> tuple[int, list[dict[str, Any]]]:
        """Record ``entries`` after the tournament's last event, all or none: (version, entries).

        ``entries`` may be a function of the current tournament (a draw, a confirmed proposal), so
        that what is recorded is decided on the version it is recorded at. ``EventRefused`` and
        ``StaleVersion`` leave the store untouched; a write conflict is retried once on the stored
        log, then ``TournamentConflict``.
        """
        with self._locked(tournament_id):
            try:
                result = self._append(tournament_id, entries, if_match, trust_cache=True)
            except (_Conflict, EventRefused, StaleVersion):
                try:
                    result = self._append(tournament_id, entries, if_match, trust_cache=False)
                except _Conflict:
                    raise TournamentConflict(tournament_id) from None
        self.hands._notify()
        return result

    def _append(
        self,
        tournament_id: UUID,
        entries: Sequence[Mapping[str, Any]] | Callable[[Tournament], Sequence[Mapping[str, Any]]],
        if_match: Collection[int] | None,
        trust_cache: bool,
    ) -> tuple[int, list[dict[str, Any]]]:
        view = self._current(tournament_id, trust_cache)
        if if_match is not None and view.version not in if_match:
            raise StaleVersion(if_match, view.version)
        tournament = view.tournament
        start = tournament.version
        try:
            made = entries(tournament) if callable(entries) else entries
            events = [copy.deepcopy(dict(entry)) for entry in made]
            for entry in events:
                tournament.apply(entry)
        except BaseException as error:
            # Events before the refused one changed the cached tournament: replay next time.
            self._forget(tournament_id)
            if isinstance(error, IllegalEvent):
                index = error.index if error.index is not None else tournament.version + 1
                raise EventRefused(error, index - start - 1, start) from None
            raise
        if not events:
            return view.version, events
        recorded_at = _now()
        for entry in events:
            view.aggregate.record(entry, recorded_at)
        try:
            self.app.save(view.aggregate)
        except IntegrityError:
            self._forget(tournament_id)
            raise _Conflict from None
        except BaseException:
            self._forget(tournament_id)
            raise
        return view.version, events

    # ------------------------------------------------------------------ reading

    def read(self, tournament_id: UUID, reader: Callable[[TournamentView], T], at: int | None = None) -> T:
        """``reader(view)`` of the tournament now, or as it stood after its event ``at`` (from 1)."""
        with self._locked(tournament_id):
            view = self._current(tournament_id)
            if at is None or at == view.version:
                return reader(view)
            if at > view.version or at < 1:
                raise VersionOutOfRange(at, view.version)
        aggregate = cast(TournamentLog, self.app.repository.get(tournament_id, version=at))
        return reader(TournamentView(tournament_id, aggregate, _replayed(aggregate)))

    def exists(self, tournament_id: UUID) -> bool:
        try:
            self.read(tournament_id, lambda view: view.version)
        except TournamentNotFound:
            return False
        return True

    # ------------------------------------------------------------------ the cache

    def _current(self, tournament_id: UUID, trust_cache: bool = False) -> TournamentView:
        with self._cache_lock:
            view = self._cache.get(tournament_id)
            if view is not None:
                self._cache.move_to_end(tournament_id)
        if view is not None and trust_cache:
            return view
        latest = self.app.recorder.select_events(tournament_id, desc=True, limit=1)
        if not latest:
            raise TournamentNotFound(tournament_id)
        stored = latest[0].originator_version
        if view is not None and view.aggregate.version < stored:
            try:
                for domain_event in self.app.events.get(tournament_id, gt=view.aggregate.version):
                    domain_event.mutate(view.aggregate)  # type: ignore[attr-defined]
                    view.tournament.apply(view.aggregate.log[-1]["entry"])
            except Exception:
                view = None
        if view is None or view.aggregate.version != stored:
            try:
                aggregate: Aggregate = self.app.repository.get(tournament_id)
            except AggregateNotFoundError:
                raise TournamentNotFound(tournament_id) from None
            if not isinstance(aggregate, TournamentLog):  # a hand's id, say
                raise TournamentNotFound(tournament_id)
            view = TournamentView(tournament_id, aggregate, _replayed(aggregate))
        self._remember(view)
        return view

    def _remember(self, view: TournamentView) -> None:
        with self._cache_lock:
            self._cache[view.id] = view
            self._cache.move_to_end(view.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, tournament_id: UUID) -> None:
        with self._cache_lock:
            self._cache.pop(tournament_id, None)

    @contextmanager
    def _locked(self, tournament_id: UUID) -> Iterator[None]:
        with self._locks[hash(tournament_id) % LOCK_STRIPES]:
            yield


class _Conflict(Exception):
    """The save met another writer's events at the same version."""
