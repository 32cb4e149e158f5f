"""In-memory fakes of the ports (``adjudicator.service.ports``): the use cases run on them with no
database, no eventsourcing and no read models. Each keeps what it was told in plain lists and does
what the port promises: a hand's view replayed by the real domain, all-or-none appends at the
version asked for, the first answer to a repeated request.
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
from adjudicator.service.errors import HandNotFound, StaleVersion, TournamentNotFound, VersionOutOfRange
from adjudicator.service.hands import judged as judged_hand
from adjudicator.service.ports import Along, Entries, Judgement, NewHand, Write
from adjudicator.service.tournaments import judged as judged_tournament
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


def _split(entries: Sequence[Mapping[str, Any]]) -> tuple[list[Any], list[dict[str, Any]]]:
    return [e.get("id") for e in entries], [{k: v for k, v in e.items() if k != "id"} for e in entries]


@dataclass
class FakeHands:
    """The ``Hands`` port in memory."""

    hands: dict[UUID, tuple[str, Seat, dict[str, str] | None, str | None, FakeLog]] = field(
        default_factory=dict
    )
    #: How many times each port method was called (what a test counts: one read, one write).
    calls: dict[str, int] = field(default_factory=dict)

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def _view(self, hand_id: UUID, at: int | None = None) -> HandView:
        if hand_id not in self.hands:
            raise HandNotFound(hand_id)
        ruleset, dealer, players, label, log = self.hands[hand_id]
        upto = len(log.log) if at is None else at
        if not 0 <= upto <= len(log.log):
            raise VersionOutOfRange(upto, len(log.log), "hand")
        shown = copy.copy(log)
        shown.log = list(log.log[:upto])
        table = Table(get_ruleset(ruleset), dealer).extend(item["entry"] for item in shown.log)
        return HandView(hand_id, ruleset, dealer, players, label, "2026-01-01T00:00:00+00:00", shown, table)

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
    ) -> HandView:
        hand_id = uuid4()
        log = FakeLog(hand_id, author.to_dict() if author else None, provenance, scope)
        self.hands[hand_id] = (get_ruleset(ruleset).id, dealer, players, label, log)
        return self._view(hand_id)

    def append(
        self,
        hand_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        if_match: Collection[int] | None = None,
        author: Author | None = None,
        judge: Judgement[HandView] | None = None,
    ) -> int:
        self._count("append")
        view = self._view(hand_id)
        again = self.repeated(view, entries)
        if again is not None:
            return again
        if if_match is not None and view.version not in if_match:
            raise StaleVersion(if_match, view.version)
        ids, bodies = _split(entries)
        recorded = (judge or judged_hand)(view, bodies)
        self.hands[hand_id][4].record(recorded, author, ids)
        return view.version

    def repeated(self, view: HandView, entries: Sequence[Mapping[str, Any]]) -> int | None:
        ids = {item["id"]: n for n, item in enumerate(view.aggregate.log, start=1) if item.get("id")}
        found = [ids[e["id"]] for e in entries if e.get("id") in ids]
        return max(found) if found else None

    def write_together(
        self, writes: Sequence[Write], judge: Judgement[HandView] | None = None, author: Author | None = None
    ) -> list[tuple[UUID, int, int]]:
        before = copy.deepcopy(self.hands)
        answers = []
        try:
            for write in writes:
                target = write.log
                if isinstance(target, NewHand):
                    opened = self.open_hand(target.ruleset, target.dealer, target.players, target.label)
                    self.hands[opened.id][4].opened_by = target.author
                    target = opened.id
                version = self.append(target, write.entries, write.if_match, author, judge)
                answers.append((target, version, len(write.entries)))
        except BaseException:
            self.hands = before  # all or none
            raise
        return answers

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

    def create(self, created: Mapping[str, Any], author: Author | None = None) -> TournamentView:
        replay_tournament([dict(created)])
        log = FakeLog(uuid4())
        log.record([created], author, [None])
        self.logs[log.id] = log
        return self._view(log.id)

    def append(
        self,
        tournament_id: UUID,
        entries: Entries[TournamentView],
        if_match: Collection[int] | None = None,
        author: Author | None = None,
        judge: Judgement[TournamentView] | None = None,
        along: Along | None = None,
    ) -> tuple[int, list[dict[str, Any]]]:
        view = self._view(tournament_id)
        if if_match is not None and view.version not in if_match:
            raise StaleVersion(if_match, view.version, self.noun)
        decided = entries(view) if callable(entries) else entries
        recorded = [dict(e) for e in (judge or judged_tournament)(view, decided)]
        if along is not None:  # judged before anything is recorded: all or none
            assert self.hands is not None, "the fake was not given the hands' log"
            hand = self.hands._view(along.hand)
            for_hand = [dict(e) for e in along.judge(hand, along.entries(hand))]
            self.hands.hands[along.hand][4].record(for_hand, author, [None] * len(for_hand))
        self.logs[tournament_id].record(recorded, author, [None] * len(recorded))
        return view.version, recorded


@dataclass
class FakeListings:
    """The ``Listings`` port: what the read models would list, given."""

    listed_hands: list[dict[str, Any]] = field(default_factory=list)
    listed_tournaments: list[dict[str, Any]] = field(default_factory=list)
    asked: list[tuple[Any, bool, bool]] = field(default_factory=list)

    def hands(self, query: Any, finished_only: bool, sees_detected: bool) -> dict[str, Any]:
        self.asked.append((query, finished_only, sees_detected))
        return {"hands": self.listed_hands, "next": None, "position": 0}

    def tournaments(self) -> list[dict[str, Any]]:
        return self.listed_tournaments

    def sheet_link(self, hand_id: UUID) -> dict[str, Any] | None:
        return None
