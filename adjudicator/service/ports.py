"""The ports: what the use cases need from the world, as Protocols; the adapters
(``adjudicator.adapters``) provide them, ``adjudicator.bootstrap`` wires them, and the unit tests
fake them in memory (``tests/unit/service/fakes.py``).

- ``Hands``: the hands' event log: open a hand, read it at any version, and open a unit of work
  (``UnitOfWork``) on one or several hands, in which a use case judges their events and commits them
  (all or none, at the versions they were judged at);
- ``Tournaments``: the same for tournaments (a tournament's unit of work may take a hand along);
- ``Listings``: the read models' lists (hands, tournaments, the sheet that links a hand);
- ``ResultSource``: the read models' stored replay results, that a hand's latest reads may serve;
- ``Store``, ``Positioned``: the event store and the read models, as readiness asks them;
- ``Credentials``: the bearer credentials issued here (their values: ``adjudicator.service.credentials``);
- ``Projector``: the read models as a command brings them up to date or rebuilds them;
- ``Days``: a tournament's day written whole to a file and carried into another store;
- ``Audit``: every stream's chain and the read models' seals, as ``adjudicator verify`` checks them;
- ``LiveChanges``: what moved between two positions of the read models (the live channel);
- ``Openings``: who opened which logs (``adjudicator demo`` records nothing twice);
- ``QueueRows``, ``ClaimLogs``: the officials' queue as the read models have it, and the claim logs
  an official's claim, release or handover is recorded in (``adjudicator.service.calls``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Protocol, TypeVar
from uuid import UUID

from adjudicator.domain.cards import Seat
from adjudicator.domain.officials_queue import QueuedCall
from adjudicator.domain.people import Registry
from adjudicator.service.credentials import Author, Credential
from adjudicator.service.privacy import Kept
from adjudicator.service.results import HandFacts
from adjudicator.service.views import HandResult, HandView, TournamentView

T = TypeVar("T")
V = TypeVar("V")
W = TypeVar("W", covariant=True)
#: Events to append: a list, or a function of the log's view deciding them on the version they go to.
Entries = Sequence[Mapping[str, Any]] | Callable[[V], Sequence[Mapping[str, Any]]]


@dataclass(frozen=True, slots=True)
class NewHand:
    """A hand to open within a unit of work on several hands (``UnitOfWork.open``)."""

    ruleset: str
    dealer: Seat
    players: dict[str, str] | None = None
    label: str | None = None
    author: dict[str, str] | None = None
    provenance: dict[str, Any] | None = None


class UnitOfWork(Protocol[W]):
    """Logs being written, all or none, as cosmicpython's unit of work: from ``with`` to its end it
    holds their locks; ``view`` gives a log at its latest version (the process's cached view, unless
    the unit was opened ``fresh``: then as the store holds it), which the use case judges new events
    on (the domain moves it on); ``add`` stages what was judged, with the events' ids, author and
    time; ``commit`` seals everything staged into each log's hash chain and saves it in one commit
    (shared with concurrent appends), or raises ``CommitConflict`` (another process wrote one of the
    logs since it was read). Left without a commit, nothing is stored, and every view the judgement
    may have moved on is forgotten."""

    def __enter__(self) -> UnitOfWork[W]: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None: ...

    def view(self, log_id: UUID) -> W:
        """The log at its latest version (``NotFound`` if there is none)."""

    def open(self, opening: NewHand) -> W:
        """A new log, at its first version, saved with the rest at ``commit``."""

    def add(
        self,
        log_id: UUID,
        entries: Sequence[Mapping[str, Any]],
        ids: Sequence[str | None] = (),
        author: Author | None = None,
    ) -> None:
        """Stage ``entries`` after the log's last event: judged, applied to its view; each with its
        client-chosen id (``ids``, in order; None or missing: none), recorded now by ``author``."""

    def commit(self) -> None:
        """Save everything staged in one commit (nothing staged: nothing to do)."""


class TournamentUnit(UnitOfWork[TournamentView], Protocol):
    """A tournament's unit of work, which may take a hand along (``Tournaments.unit_of_work``)."""

    def __enter__(self) -> TournamentUnit: ...

    def hand(self, hand_id: UUID) -> HandView:
        """The hand taken along, at its latest version: its events are added and committed with the
        tournament's."""


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
        key: str | None = None,
    ) -> HandView:
        """Record a new hand (version 0), with the tournament and table it belongs to (``scope``);
        ``key``: a once-only key, the hand's id (the hand opened under it before, if
        any, is given instead: nothing is recorded)."""

    def unit_of_work(self, hand_ids: Collection[UUID], fresh: bool = False) -> UnitOfWork[HandView]:
        """A unit of work on the stored hands ``hand_ids`` (and any it opens); ``fresh``: their views
        as the store holds them, not as this process cached them."""

    def hand_ids(self) -> list[UUID]:
        """Every stored hand, in the order they were opened."""


class Tournaments(Protocol):
    """The tournaments' event log."""

    noun: str

    def read(self, tournament_id: UUID, reader: Callable[[TournamentView], T], at: int | None = None) -> T:
        """``reader(view)`` of the tournament now (or after its event ``at``)."""

    def create(
        self,
        created: Mapping[str, Any],
        author: Author | None = None,
        key: str | None = None,
        following: Sequence[Mapping[str, Any]] = (),
    ) -> TournamentView:
        """Record a new tournament from its ``tournament_created`` event; ``key``: a once-only key,
        the tournament's id and its first event's id (the tournament created under it
        before, if any, is given instead: nothing is recorded); ``following``: events recorded in
        the same commit, all or none."""

    def unit_of_work(
        self, tournament_id: UUID, fresh: bool = False, hand: UUID | None = None
    ) -> TournamentUnit:
        """A unit of work on the tournament, with ``hand``'s log along (its events in the same
        commit); ``fresh``: as the store holds them, not as this process cached them."""


class Players(Protocol):
    """The association's registry of players (``adapters.player_store``)."""

    def read_registry(self, reader: Callable[[Registry], T]) -> T:
        """``reader(registry)`` now (an empty registry before the first record)."""

    def append(
        self, decide: Callable[[Registry], Sequence[Mapping[str, Any]]], author: Author | None
    ) -> list[dict[str, Any]]:
        """Record what ``decide`` makes of the registry, all or none (``IllegalEvent``: refused)."""


class Store(Protocol):
    """The event store itself, as readiness asks it (``adapters.event_store.EventStore``)."""

    @property
    def persistence(self) -> str:
        """``sqlite:PATH`` or ``postgres:DBNAME@HOST``: where the events are."""

    def last_event(self) -> int:
        """The id of the store's latest event in its notification log (0: none yet)."""


class Positioned(Protocol):
    """The read models, as readiness and the streams ask them: how far they have projected the
    notification log (``ReadModelsUnreadable``: not for now)."""

    def position(self) -> int: ...


class Listings(Protocol):
    """The read models' lists, read from their file (``adapters.readmodels.queries``)."""

    def hands(
        self, query: Any, finished_only: bool, sees_detected: bool, kept: Kept | None = None
    ) -> dict[str, Any]:
        """A page of the hands (``query``: the read models' ``HandQuery``), without those ``kept``
        from the reader (``adjudicator.service.privacy``)."""

    def tournaments(self) -> list[dict[str, Any]]:
        """Every tournament, the newest first."""

    def sheet_link(self, hand_id: UUID) -> dict[str, Any] | None:
        """The tournament sheet that links the hand (None: none does)."""

    def careers(self, records: Collection[str]) -> dict[str, dict[str, Any]]:
        """The person of ``records``' part in each tournament that links one of them, by its id
        (the domain's ``career`` shape)."""


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


class QueueRows(Protocol):
    """The officials' queue as the read models have it (``adapters.readmodels.calls.QueueRows``): one
    query each, however many calls, so that a refresh of the queue replays no log."""

    def position(self) -> int:
        """How far the read models have followed the event store (claims included)."""

    def hand_calls(
        self, after: tuple[str, str] | None = None, limit: int | None = None, hand: str | None = None
    ) -> list[tuple[QueuedCall, HandFacts]]:
        """The hands' calls in the queue's order (made at, then id), each where it is played, with its
        claim and the hand's facts a reader's sight is decided on: after ``after`` (a call's made at
        and id), at most ``limit``, of one ``hand`` (None: any)."""

    def disputed_tournaments(self) -> list[UUID]:
        """The tournaments with a dispute on a sheet (the disputes are calls too)."""

    def claim_histories(
        self, calls: Collection[str] | None = None
    ) -> Mapping[str, Sequence[Mapping[str, Any]]]:
        """The claimed calls' claims, releases and handovers, oldest first, by call id (``calls``: of
        these calls only; a sheet's disputes' calls, since the hands' come with theirs)."""


class ClaimLogs(Protocol):
    """The calls' claim logs (``adapters.call_store.CallStore``): one log per call, beside the hands'."""

    def history(self, call_id: str) -> list[dict[str, Any]]:
        """The call's claims, releases and handovers now, oldest first, each with ``at`` ([]: none)."""

    def add(
        self,
        call_id: str,
        decide: Callable[[Sequence[Mapping[str, Any]]], Sequence[Mapping[str, Any]]],
        author: Author | None = None,
    ) -> None:
        """Record what ``decide`` (the domain's judgement) makes of the call's history as it stands,
        under the log's lock (again on a conflict with another process): nothing when it says
        nothing; its refusal, raised, records nothing."""


class Credentials(Protocol):
    """The credentials issued here, as the use cases ask for them (the port)."""

    def find(self, name_or_id: str) -> Credential | None:
        """The credential of that name or id, revoked or not (None: none)."""

    def verify(self, token: str) -> Credential | None:
        """The live credential the token is for (None: no such token, or revoked)."""

    def remembered(self, token: str) -> Credential | None:
        """The credential this process verified the token for lately, from memory alone, whatever was
        revoked since (None: not remembered): only to decide whether to wait for a request's body."""

    def create(
        self,
        name: str,
        role: str,
        tournament: str | None = None,
        table: int | None = None,
        made: tuple[str, str] | None = None,
    ) -> tuple[Credential, str]:
        """A new credential and its token (the only time the token is seen); ``CredentialError``
        for a name already used (or, ``made``'s, an id), a role unknown, a scope that does not fit
        the role. ``made``: its id and token, made by the caller (a once-only key's)."""

    def all(self) -> list[Credential]:
        """Every credential issued here, revoked or not, in the order issued."""

    def revoke(self, name_or_id: str) -> Credential:
        """Revoke a credential at once (``CredentialError``: none of that name or id)."""

    def bootstrap(self, name: str = "First official") -> tuple[Credential, str] | None:
        """The first official's credential and token, if no credential was ever issued here."""
