"""What the use cases read: a hand or a tournament at one version, a hand's stored result, and
whether a log holds a request's events under their client-chosen ids (``repeated``).

The ports (``adjudicator.service.ports``) hand these to the use cases; the adapters build them from
the stored logs (``adjudicator.adapters.hand_store``, ``tournament_store``) and the read models.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar
from uuid import UUID

from adjudicator.domain.adjudication import Adjudication, judge
from adjudicator.domain.canonical import canonical
from adjudicator.domain.cards import Seat
from adjudicator.domain.table import OnConflict, Table
from adjudicator.domain.tournaments import Tournament
from adjudicator.service.errors import IdempotencyConflict

T = TypeVar("T")
#: What a write answers of one log: the version it reached and the events recorded.
Answer = tuple[int, list[dict[str, Any]]]
#: The member of a posted event that is its client-chosen id (the domain never sees it).
ID = "id"


class Head(Protocol):
    """Where a stored log ends: its last record's version and chain (``adapters.chain.Head``)."""

    @property
    def version(self) -> int: ...

    @property
    def chain(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """One stored table event, with its API version and when it was recorded.

    ``entry`` is the event as listed: with its client-chosen ``id``, if it was given one (the domain
    never sees the id: the table replays ``Hand.log``'s entries, which have none).
    """

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
    aggregate: Any  # the hand's log as stored (``adapters.hand_store.Hand``: ``log``, ``opened_by`` ...)
    table: Table
    _judged: Adjudication | None = field(default=None, repr=False)
    _derived: dict[str, tuple[int, Any]] = field(default_factory=dict, repr=False)

    @property
    def hand(self) -> Any:
        return self.aggregate

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def events(self) -> list[RecordedEvent]:
        return [
            RecordedEvent(
                i, {**item["entry"], **({"id": item["id"]} if item.get("id") else {})}, item["recorded_at"]
            )
            for i, item in enumerate(self.aggregate.log[: self.version], start=1)
        ]

    def extend(self, entries: Sequence[Mapping[str, Any]], conflicts: OnConflict = "refused") -> None:
        """Apply new events to the table (``IllegalEvent`` at the first the rules refuse; a conflict
        with the concealed cards as ``conflicts`` says: ``Table.apply``, which may judge the table
        on the way, so nothing judged of it is kept)."""
        try:
            self.table.extend(entries, conflicts)
        finally:
            self._judged = None

    def judged(self) -> Adjudication:
        """Rulings of the table at this version, computed once."""
        if self._judged is None or self._judged.table.version != self.version:
            self._judged = judge(self.table)
        return self._judged

    def once(self, name: str, compute: Callable[[HandView], T]) -> T:
        """``compute(self)``, worked out once for this version: a cached view serves many reads, and
        what they all ask (who may see the hand) walks its whole log."""
        found = self._derived.get(name)
        if found is not None and found[0] == self.version:
            value: T = found[1]
            return value
        value = compute(self)
        self._derived[name] = (self.version, value)
        return value


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's latest reads serve, as the read models stored it from the hand's replay
    (``adjudicator.service.results`` says what, ``readmodels.hand_results`` where): the head of the
    record it was computed at, whether the hand was in play, who opened it and who entered its deal
    (what decides who sees what), and its summary and rulings as JSON, decoded only by the read that
    needs them."""

    head: Head  # the stored head it was computed at (``adapters.chain.Head``)
    in_play: bool
    opened_by_json: str | None
    summary_json: str
    rulings_json: str
    dealt_by_json: str | None = None
    #: The scope its log recorded (``scope_in``); None: none recorded (the opener's credential tells).
    scope_json: str | None = None

    @property
    def version(self) -> int:
        return self.head.version - 1  # the hand's API version (its aggregate's is one more)

    def opened_by(self) -> dict[str, str] | None:
        found: dict[str, str] | None = json.loads(self.opened_by_json) if self.opened_by_json else None
        return found

    def dealt_by(self) -> dict[str, str] | None:
        found: dict[str, str] | None = json.loads(self.dealt_by_json) if self.dealt_by_json else None
        return found

    def scope(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = json.loads(self.scope_json) if self.scope_json is not None else None
        return found

    def summary(self) -> dict[str, Any]:
        summary: dict[str, Any] = json.loads(self.summary_json)
        return summary

    def rulings(self) -> list[dict[str, Any]]:
        rulings: list[dict[str, Any]] = json.loads(self.rulings_json)
        return rulings


def _id(item: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded event's client-chosen id, if it has one."""
    return {"id": item["id"]} if item.get("id") else {}


@dataclass(slots=True)
class TournamentView:
    """A tournament at one version: its id, its stored log and the replayed domain object."""

    id: UUID
    aggregate: Any  # the tournament's log as stored (``adapters.tournament_store.TournamentLog``)
    tournament: Tournament

    @property
    def version(self) -> int:
        return self.tournament.version

    @property
    def created_at(self) -> str:
        return str(self.aggregate.log[0]["recorded_at"])

    def events(self) -> list[dict[str, Any]]:
        return [
            {"version": i, **item["entry"], "recorded_at": item["recorded_at"], **_id(item)}
            for i, item in enumerate(self.aggregate.log[: self.version], start=1)
        ]


@dataclass(frozen=True, slots=True)
class Opening:
    """What a hand's log records of whose it is: who opened it ({name, role}), and the tournament
    and table it belongs to ({tournament, table}; {} for a hand of no table; None for a hand opened
    before scopes were recorded and never scoped since): the latest ``scoped`` event of its log (put
    on a match's sheet), else what its opening recorded."""

    opened_by: Mapping[str, str] | None
    scope: Mapping[str, Any] | None


def opening(view: HandView) -> Opening:
    """Whose the hand is at ``view``'s version (worked out once per version: every append asks)."""
    return view.once("opening", _opening)


def _opening(view: HandView) -> Opening:
    hand = view.aggregate
    log = getattr(hand, "log", [])
    return Opening(
        getattr(hand, "opened_by", None), scope_in(log[: view.version], getattr(hand, "scope", None))
    )


def scope_in(log: Sequence[Mapping[str, Any]], opened: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The hand's scope as its log records it: its latest ``scoped`` event's tournament and table, else
    what its opening recorded (``opened``)."""
    for item in reversed(log):
        entry = item["entry"]
        if entry.get("type") == "scoped":
            return {"tournament": entry["tournament"], "table": entry.get("table")}
    return opened


def split_ids(entries: Sequence[Mapping[str, Any]]) -> tuple[list[str | None], list[dict[str, Any]]]:
    """Each event's id (None without one) and the event without it (what the domain judges);
    ``IdempotencyConflict`` for an id used twice in one request."""
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
) -> Answer | None:
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
