"""In-memory fakes of the ports (``adjudicator.service.ports``): the use cases run on them with no
database, no eventsourcing and no read models. Each keeps what it was told in plain lists and does
what the port promises: a hand's view replayed by the real domain, and units of work that hand the
use case fresh views and store what it added only when it commits (all or none).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID, uuid4

from adjudicator.domain.cards import Seat
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import Table
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.service.credentials import Author
from adjudicator.service.errors import HandNotFound, TournamentNotFound, VersionOutOfRange
from adjudicator.service.ports import NewHand
from adjudicator.service.views import HandResult, HandView, TournamentView

T = TypeVar("T")


@dataclass
class FakeLog:
    """A log as the views read it: its items (``entry``, ``recorded_at``, ``author``, ``id``)."""

    id: UUID
    opened_by: dict[str, str] | None = None
    provenance: dict[str, Any] | None = None
    scope: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)

    def record(self, entries: Sequence[Mapping[str, Any]], author: Author | None, ids: Sequence[Any]) -> None:
        at, by = datetime.now(UTC).isoformat(), author.to_dict() if author else None
        for entry, event_id in zip(entries, ids, strict=True):
            self.log.append({"entry": dict(entry), "recorded_at": at, "author": by, "id": event_id})


Opened = tuple[str, Seat, dict[str, str] | None, str | None, FakeLog]


class FakeUnit:
    """The ``UnitOfWork`` port in memory: views of the logs (replayed afresh), the events added, and
    the commit that records them all (and the hands it opened); without it, nothing is kept."""

    def __init__(self, hands: FakeHands | None, tournaments: FakeTournaments | None = None) -> None:
        self.hands = hands
        self.tournaments = tournaments
        self.views: dict[UUID, tuple[FakeLog, Any]] = {}
        self.opened: dict[UUID, Opened] = {}
        self.added: list[tuple[FakeLog, Sequence[Mapping[str, Any]], list[Any], Author | None]] = []

    def __enter__(self) -> FakeUnit:
        return self

    def __exit__(self, *error: object) -> None:
        self.added.clear()

    def view(self, log_id: UUID) -> Any:
        if log_id not in self.views:
            if self.tournaments is not None:
                self.views[log_id] = (self.tournaments.logs.get(log_id), self.tournaments._view(log_id))
            else:
                return self.hand(log_id)
        return self.views[log_id][1]

    def hand(self, hand_id: UUID) -> HandView:
        assert self.hands is not None, "the fake was not given the hands' log"
        if hand_id not in self.views:
            self.views[hand_id] = (self.hands.hands[hand_id][4], self.hands._view(hand_id))
        view: HandView = self.views[hand_id][1]
        return view

    def open(self, opening: NewHand) -> HandView:
        assert self.hands is not None
        hand_id = uuid4()
        self.opened[hand_id] = (
            get_ruleset(opening.ruleset).id,
            opening.dealer,
            opening.players,
            opening.label,
            FakeLog(hand_id, opening.author, opening.provenance),
        )
        self.views[hand_id] = (self.opened[hand_id][4], _hand_view(hand_id, self.opened[hand_id]))
        return self.views[hand_id][1]  # type: ignore[no-any-return]

    def add(
        self,
        log_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        ids: Sequence[str | None] = (),
        author: Author | None = None,
    ) -> None:
        padded = [*ids, *[None] * len(entries)][: len(entries)]
        self.added.append((self.views[log_id][0], entries, padded, author))

    def commit(self) -> None:
        if self.hands is not None:
            self.hands._count("commit")
            self.hands.hands.update(self.opened)
        for log, entries, ids, author in self.added:
            log.record(entries, author, ids)
        self.added.clear()


def _hand_view(hand_id: UUID, opened: Opened, at: int | None = None) -> HandView:
    ruleset, dealer, players, label, log = opened
    upto = len(log.log) if at is None else at
    if not 0 <= upto <= len(log.log):
        raise VersionOutOfRange(upto, len(log.log), "hand")
    shown = copy.copy(log)
    shown.log = list(log.log[:upto])
    table = Table(get_ruleset(ruleset), dealer).extend(item["entry"] for item in shown.log)
    return HandView(hand_id, ruleset, dealer, players, label, "2026-01-01T00:00:00+00:00", shown, table)


@dataclass
class FakeHands:
    """The ``Hands`` port in memory."""

    hands: dict[UUID, Opened] = field(default_factory=dict)
    #: How many times each port method was called (what a test counts: one read, one write).
    calls: dict[str, int] = field(default_factory=dict)

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def _view(self, hand_id: UUID, at: int | None = None) -> HandView:
        if hand_id not in self.hands:
            raise HandNotFound(hand_id)
        return _hand_view(hand_id, self.hands[hand_id], at)

    def read(self, hand_id: UUID, reader: Callable[[HandView], T], at: int | None = None) -> T:
        self._count("read")
        return reader(self._view(hand_id, at))

    def stored_result(self, hand_id: UUID) -> HandResult | None:
        return None

    def open_hand(
        self,
        ruleset: str,
        dealer: Seat,
        players: dict[str, str] | None = None,
        label: str | None = None,
        author: Author | None = None,
        provenance: dict[str, Any] | None = None,
        scope: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> HandView:
        hand_id = uuid4() if key is None else UUID(key)
        if hand_id in self.hands:
            return self._view(hand_id)
        log = FakeLog(hand_id, author.to_dict() if author else None, provenance, scope)
        self.hands[hand_id] = (get_ruleset(ruleset).id, dealer, players, label, log)
        return self._view(hand_id)

    def unit_of_work(self, hand_ids: Collection[UUID], fresh: bool = False) -> FakeUnit:
        self._count("unit_of_work")
        return FakeUnit(self)

    def hand_ids(self) -> list[UUID]:
        return list(self.hands)


@dataclass
class FakeTournaments:
    """The ``Tournaments`` port in memory."""

    noun: str = "tournament"
    logs: dict[UUID, FakeLog] = field(default_factory=dict)
    #: The hands' log a write may carry events for (``along``), as the store is given the hands'.
    hands: FakeHands | None = None

    def _view(self, tournament_id: UUID, at: int | None = None) -> TournamentView:
        if tournament_id not in self.logs:
            raise TournamentNotFound(tournament_id)
        log = self.logs[tournament_id]
        shown = copy.copy(log)
        shown.log = list(log.log[: at if at is not None else len(log.log)])
        return TournamentView(tournament_id, shown, replay_tournament(item["entry"] for item in shown.log))

    def read(self, tournament_id: UUID, reader: Callable[[TournamentView], T], at: int | None = None) -> T:
        return reader(self._view(tournament_id, at))

    def create(
        self, created: Mapping[str, Any], author: Author | None = None, key: str | None = None
    ) -> TournamentView:
        replay_tournament([dict(created)])
        made = uuid4() if key is None else UUID(key)
        if made in self.logs:
            return self._view(made)
        log = FakeLog(made)
        log.record([created], author, [key])
        self.logs[log.id] = log
        return self._view(log.id)

    def unit_of_work(self, tournament_id: UUID, fresh: bool = False, hand: UUID | None = None) -> FakeUnit:
        return FakeUnit(self.hands, self)


@dataclass
class FakeListings:
    """The ``Listings`` port: what the read models would list, given."""

    listed_hands: list[dict[str, Any]] = field(default_factory=list)
    listed_tournaments: list[dict[str, Any]] = field(default_factory=list)
    asked: list[tuple[Any, bool, bool]] = field(default_factory=list)

    def hands(self, query: Any, finished_only: bool, sees_detected: bool, kept: Any = None) -> dict[str, Any]:
        self.asked.append((query, finished_only, sees_detected))
        return {"hands": self.listed_hands, "next": None, "position": 0}

    def tournaments(self) -> list[dict[str, Any]]:
        return self.listed_tournaments

    def sheet_link(self, hand_id: UUID) -> dict[str, Any] | None:
        return None

    def careers(self, records: Any) -> dict[str, dict[str, Any]]:
        return {}
