"""Tournaments in the event store: one aggregate per tournament whose stream is its event log.

A ``TournamentLog`` aggregate is created by the ``tournament_created`` event and then records one
``Recorded`` domain event per tournament event (a draw with its outcome, an override with its
reason, a hand's score copied from the hand store ...), so aggregate version N is exactly the
tournament after its event N, and ``state?at=N`` is the stream read back to version N and replayed
by ``adjudicator.domain.tournaments.Tournament``. Hands stay separate ``Hand`` aggregates in the same event
store (``EventStore``), hence the same database and notification log. Caching, locking and the unit
of work (group commit, the hash chain) are the generic ``EventLog``'s.

The aggregate's stored shape never changes; its events' topics name the module that defined it when
they were stored (this one now; ``adjudicator.service.tournament_store`` and
``adjudicator.tournament_store`` before, registered below so that every stored topic decodes).
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import get_topic, register_topic

from adjudicator.adapters.event_store import EventStore
from adjudicator.adapters.eventlog import EventLog, Work, now, recorded
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.service.credentials import Author
from adjudicator.service.errors import TournamentNotFound
from adjudicator.service.views import TournamentView


class TournamentLog(Aggregate):
    """One tournament: its events, exactly as recorded, the first being ``tournament_created``."""

    @event("Created")
    def __init__(
        self,
        entry: dict[str, Any],
        recorded_at: str,
        author: dict[str, str] | None = None,
        digest: str | None = None,
        chain: str | None = None,
        key: str | None = None,
    ) -> None:
        item = {"entry": entry, "recorded_at": recorded_at, "author": author, "id": key}
        self.log: list[dict[str, Any]] = [item]

    record = event("Recorded")(recorded)

    @staticmethod
    def create_id(key: str | None = None) -> UUID:
        """The tournament's id: the once-only ``key`` it was created under (a second creation under it
        then conflicts at commit), else a new one."""
        return uuid4() if key is None else UUID(key)


# Stores written before the aggregate moved here name it by its old modules.
OLD_TOPICS = (
    "adjudicator.service.tournament_store:TournamentLog",
    "adjudicator.tournament_store:TournamentLog",
)
for _topic in OLD_TOPICS:
    register_topic(_topic, TournamentLog)
#: The topics of a tournament's creation, now and in stores written before.
CREATED: Final = tuple(f"{topic}.Created" for topic in (get_topic(TournamentLog), *OLD_TOPICS))


class TournamentStore(EventLog[TournamentView]):
    """Creates tournaments, appends their events all or none, and serves them at any version."""

    aggregate_type = TournamentLog
    not_found = TournamentNotFound
    first_version = 1

    def __init__(
        self,
        store: EventStore | EventLog[Any] | Mapping[str, str] | None = None,
        cache_bytes: int | None = None,
    ) -> None:
        """On ``store``'s event store; given the hands' log (``bootstrap`` gives it), a unit of work may
        take a hand along (``unit_of_work``'s ``hand``)."""
        super().__init__(store, cache_bytes)
        self.hands: EventLog[Any] | None = (
            store if isinstance(store, EventLog) and not isinstance(store, TournamentStore) else None
        )

    def create(
        self,
        created: Mapping[str, Any],
        author: Author | None = None,
        key: str | None = None,
        following: Sequence[Mapping[str, Any]] = (),
    ) -> TournamentView:
        """Record a new tournament from its ``tournament_created`` event (``IllegalEvent`` if refused);
        ``key``: a once-only key (the tournament created under it before is given instead);
        ``following``: events recorded with it in the same commit (a final's field), all or none."""
        entry = copy.deepcopy(dict(created))
        if entry.get("type") != "tournament_created":
            raise IllegalEvent("a tournament starts with tournament_created", "type")
        rest = [copy.deepcopy(dict(event)) for event in following]
        replay_tournament([entry, *rest])
        by = author.to_dict() if author else None
        if key is None:
            log = TournamentLog(entry, now(), by)
            for event in rest:
                log.record(event, now(), by)
            return self._start(log)
        if rest:
            raise TypeError("a tournament created under a once-only key is created alone")
        made = TournamentLog.create_id(key)  # a second creation under the key finds the first
        return self._start_once(made, lambda: TournamentLog(entry, now(), by, key=key))

    def unit_of_work(
        self, log_ids: UUID | Collection[UUID], fresh: bool = False, hand: UUID | None = None
    ) -> Work[TournamentView]:
        """A unit of work on the tournament (the port's ``TournamentUnit``), with ``hand``'s log along:
        its lock taken after the tournament's, its events in the same commit."""
        ids = [log_ids] if isinstance(log_ids, UUID) else log_ids
        if hand is None:
            return super().unit_of_work(ids, fresh)
        if self.hands is None:
            raise TypeError("this tournaments' store was not given the hands' log")
        return Work([(self, ids), (self.hands, [hand])], fresh)

    def _replay(self, aggregate: TournamentLog) -> TournamentView:
        tournament = replay_tournament(item["entry"] for item in aggregate.log)
        return TournamentView(aggregate.id, aggregate, tournament)

    def _fast_forward(self, view: TournamentView, entry: dict[str, Any]) -> None:
        view.tournament.apply(entry, recorded=True)
