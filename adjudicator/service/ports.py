"""The ports: what the use cases need from the world, as Protocols; the adapters
(``adjudicator.adapters``) provide them, ``adjudicator.bootstrap`` wires them, and the unit tests
fake them in memory (``tests/unit/service/fakes.py``).

- ``Hands``: the hands' event log: open a hand, read it at any version, and open a unit of work
  (``UnitOfWork``) on one or several hands, in which a use case judges their events and commits them
  (all or none, at the versions they were judged at);
- ``Tournaments``: the same for tournaments (a tournament's unit of work may take a hand along);
- ``Listings``: the read models' lists (hands, tournaments, the sheet that links a hand);
- ``ResultSource``: the read models' stored replay results, that a hand's latest reads may serve;
- ``Store``, ``Positioned``: the event store and the read models, as readiness asks them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, TypeVar
from uuid import UUID

from adjudicator.domain.cards import Seat
from adjudicator.service.credentials import Author
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
    ) -> HandView:
        """Record a new hand (version 0), with the tournament and table it belongs to (``scope``)."""

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

    def create(self, created: Mapping[str, Any], author: Author | None = None) -> TournamentView:
        """Record a new tournament from its ``tournament_created`` event."""

    def unit_of_work(
        self, tournament_id: UUID, fresh: bool = False, hand: UUID | None = None
    ) -> TournamentUnit:
        """A unit of work on the tournament, with ``hand``'s log along (its events in the same
        commit); ``fresh``: as the store holds them, not as this process cached them."""


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
