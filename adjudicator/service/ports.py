"""The ports: what the use cases need from the world, as Protocols; the adapters
(``adjudicator.adapters``) provide them, ``adjudicator.bootstrap`` wires them, and the unit tests
fake them in memory (``tests/unit/service/fakes.py``).

- ``Hands``: the hands' event log: open a hand, read it at any version, write its events at the
  version they were judged at (all or none), several hands at once;
- ``Tournaments``: the same for tournaments;
- ``Listings``: the read models' lists (hands, tournaments, the sheet that links a hand);
- ``ResultSource``: the read models' stored replay results, that a hand's latest reads may serve;
- ``Store``, ``Positioned``: the event store and the read models, as readiness asks them;
- ``Credentials``: the bearer credentials issued here (``adjudicator.service.credentials``);
- ``Projector``: the read models as a command brings them up to date or rebuilds them;
- ``Audit``: every stream's chain and the read models' seals, as ``adjudicator verify`` checks them;
- ``LiveChanges``: what moved between two positions of the read models (the live channel);
- ``Openings``: who opened which logs (``adjudicator demo`` records nothing twice).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar
from uuid import UUID

from adjudicator.domain.cards import Seat
from adjudicator.service.credentials import Author
from adjudicator.service.credentials import Credentials as Credentials  # the port, beside its values
from adjudicator.service.results import HandFacts
from adjudicator.service.views import HandResult, HandView, TournamentView

T = TypeVar("T")
V = TypeVar("V")
#: Events to append: a list, or a function of the log's view deciding them on the version they go to.
Entries = Sequence[Mapping[str, Any]] | Callable[[V], Sequence[Mapping[str, Any]]]
#: The use case's judgement of new events on the log's view at the version they go to: what to
#: record (the domain has applied them to the view), or it raises ``EventRefused``.
Judgement = Callable[[V, Sequence[Mapping[str, Any]]], Sequence[Mapping[str, Any]]]


@dataclass(frozen=True, slots=True)
class NewHand:
    """A hand to open within a write of several hands (``Hands.write_together``)."""

    ruleset: str
    dealer: Seat
    players: dict[str, str] | None = None
    label: str | None = None
    author: dict[str, str] | None = None
    provenance: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Write:
    """One item of a write of several logs: events for a stored log (``log``, its id) or for a new
    one; ``if_match``: the versions the log must be at when they go in."""

    log: UUID | NewHand
    entries: Sequence[Mapping[str, Any]]
    if_match: Collection[int] | None = None


@dataclass(frozen=True, slots=True)
class Along:
    """Events for a hand written in the same commit as a tournament's (``Tournaments.append``), all or
    none: the hand's scope, when it is put on a match's sheet. ``entries``: decided on the hand's view
    after the tournament's events are decided on the tournament's; ``judge``: the hands' judgement."""

    hand: UUID
    entries: Callable[[HandView], Sequence[Mapping[str, Any]]]
    judge: Judgement[HandView]


class ResultSource(Protocol):
    """Where stored replay results are found: the read models (``ReadModels.serve_results``)."""

    def find(self, hand_id: UUID) -> HandResult | None:
        """The hand's stored result, if one was computed by this engine (None otherwise)."""


class Hands(Protocol):
    """The hands' event log."""

    def read(self, hand_id: UUID, reader: Callable[[HandView], T], at: int | None = None) -> T:
        """``reader(view)`` of the hand now (or after its event ``at``), while no append changes it."""

    def stored_result(self, hand_id: UUID) -> HandResult | None:
        """The read models' result of the hand, when it is still true (None: read the log)."""

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
        """Record a new hand (version 0), with the tournament and table it belongs to (``scope``)."""

    def append(
        self,
        hand_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        if_match: Collection[int] | None = None,
        author: Author | None = None,
        judge: Judgement[HandView] | None = None,
    ) -> int:
        """Record what ``judge`` makes of ``entries`` on the hand at its latest version, all or none,
        if it is at a version of ``if_match``: the hand's version now. The same events under the same
        ids as before: the first answer (``judge`` is not asked)."""

    def repeated(self, view: HandView, entries: Sequence[Mapping[str, Any]]) -> int | None:
        """The version ``entries`` reached if they were recorded before under the same ids (None:
        they are new); ``IdempotencyConflict`` if their ids name other events."""

    def write_together(
        self, writes: Sequence[Write], judge: Judgement[HandView] | None = None, author: Author | None = None
    ) -> list[tuple[UUID, int, int]]:
        """Every write, all or none, in one commit: (hand, its version after, events recorded) of each."""

    def hand_ids(self) -> list[UUID]:
        """Every stored hand, in the order they were opened."""


class Tournaments(Protocol):
    """The tournaments' event log."""

    noun: str

    def read(self, tournament_id: UUID, reader: Callable[[TournamentView], T], at: int | None = None) -> T:
        """``reader(view)`` of the tournament now (or after its event ``at``)."""

    def create(self, created: Mapping[str, Any], author: Author | None = None) -> TournamentView:
        """Record a new tournament from its ``tournament_created`` event."""

    def append(
        self,
        tournament_id: UUID,
        entries: Entries[TournamentView],
        if_match: Collection[int] | None = None,
        author: Author | None = None,
        judge: Judgement[TournamentView] | None = None,
        along: Along | None = None,
    ) -> tuple[int, list[dict[str, Any]]]:
        """Record ``entries`` after the tournament's last event, all or none: (version, entries);
        with ``along``'s events on its hand, in the same commit."""


class Store(Protocol):
    """The event store itself, as readiness asks it (``adapters.event_store.EventStore``)."""

    @property
    def persistence(self) -> str:
        """``sqlite:PATH`` or ``postgres:DBNAME@HOST``: where the events are."""

    def last_event(self) -> int:
        """The id of the store's latest event in its notification log (0: none yet)."""


class Positioned(Protocol):
    """The read models, as readiness asks them: how far they have projected the notification log."""

    def position(self) -> int: ...


class Listings(Protocol):
    """The read models' lists, read from their file (``adapters.readmodels.queries``)."""

    def hands(self, query: Any, finished_only: bool, sees_detected: bool) -> dict[str, Any]:
        """A page of the hands (``query``: the read models' ``HandQuery``)."""

    def tournaments(self) -> list[dict[str, Any]]:
        """Every tournament, the newest first."""

    def sheet_link(self, hand_id: UUID) -> dict[str, Any] | None:
        """The tournament sheet that links the hand (None: none does)."""


#: A rebuild's progress: (logs replayed, logs in all).
Progress = Callable[[int, int], None]


@dataclass
class Rebuilt:
    """What a rebuild of the read models did."""

    notifications: int = 0  # the position the tables reached (the event log's last notification)
    logs: dict[str, int] = field(default_factory=dict)  # logs projected, by main table
    skipped: int = 0  # logs not projected: their records are broken (``adjudicator verify``)
    workers: int = 1
    seconds: float = 0.0
    verified: bool = False  # whether every record's hashes were checked
    reasons: list[str] = field(default_factory=list)  # why the first skipped logs were not projected


class Projector(Protocol):
    """The read models in their file, as a command brings them up to date or rebuilds them."""

    path: Path

    def catch_up(self) -> int:
        """Project the events stored since the last catch-up: how many."""

    def rebuild_report(
        self, workers: int = 1, progress: Progress | None = None, verify: bool = False
    ) -> Rebuilt:
        """Every table projected again from the first event, by ``workers`` processes."""


class Report(Protocol):
    """One stream as ``Audit`` found it: its id, its records, its last chain, the record that fails."""

    @property
    def stream(self) -> UUID: ...
    @property
    def records(self) -> int: ...
    @property
    def chain(self) -> str | None: ...
    @property
    def broken(self) -> object | None: ...
    @property
    def ok(self) -> bool: ...

    def line(self) -> str:
        """The stream, how far it goes and what fails, in a line."""


class Audit(Protocol):
    """The event store's integrity: every stream's hash chain and head, and the read models' seals."""

    def verify(self, only: Collection[UUID] = ()) -> Sequence[Report]:
        """Every stream (or those of ``only``), checked and replayed, in id order."""

    def seal(self) -> tuple[list[UUID], Sequence[Report]]:
        """Seal every stream stored before the chain: (the streams sealed, the broken ones left)."""

    def epoch_problem(self) -> str | None:
        """What is wrong with the store's chain epoch, if anything."""

    def read_model_problems(self) -> list[str]:
        """Every read-model row whose seal fails."""

    def digest(self, reports: Collection[Report]) -> str:
        """One hash of every intact stream's length and last chain."""


@dataclass(frozen=True)
class Moved:
    """The logs a span of the notification log touched (``whole``: too many to say)."""

    hands: tuple[UUID, ...] = ()
    tournaments: tuple[UUID, ...] = ()
    claims: bool = False
    whole: bool = False


class LiveChanges(Protocol):
    """The read models' position, and which logs moved between two of them (the live channel)."""

    def position(self) -> int:
        """How far the read models have followed the event store."""

    def between(self, after: int, upto: int) -> Moved:
        """The logs the notifications after ``after`` up to ``upto`` touched."""

    def hand_facts(self, ids: tuple[UUID, ...]) -> dict[UUID, HandFacts]:
        """What deciding who sees each hand needs (a hand not yet projected is left out)."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A log's first event: its id, its kind, its label (a hand's) or name (a tournament's)."""

    id: UUID
    kind: Literal["hand", "tournament"]
    name: str | None


class Openings(Protocol):
    """Who opened which logs, read from their first events."""

    def opened_by(self, author: str) -> Iterator[Opening]:
        """Every hand and tournament ``author`` opened, in the order they were opened."""
