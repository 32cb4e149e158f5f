"""The one place the adapters are plugged into the ports: the Flask app (``serve``), the CLI and the
tests get their stores from ``bootstrap``, and hand them to the use cases, which know only the
ports (``adjudicator.service.ports``): ``bootstrap(persistence, read_db)`` gives the ``Services``.

Each store is made when first asked for, so a command that issues a token opens no event store and
one that replays a hand opens no credentials; ``close`` closes what was made.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from adjudicator.adapters import settings
from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.settings import (
    ANONYMOUS,
    BODY_TIMEOUT,
    CERTFILE,
    CLIENT_FOLLOWERS,
    CLIENT_REQUESTS,
    FOLLOWER_BYTES,
    FOLLOWERS,
    HEADER_TIMEOUT,
    KEYFILE,
    LOG_FORMAT,
    PUBLIC_URL,
    THREADS,
    TRUSTED_PROXIES,
    Variable,
    environment,
)
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.calls import Calls
from adjudicator.service.cards import Cards
from adjudicator.service.days import Days
from adjudicator.service.ports import (
    Audit,
    Credentials,
    Hands,
    Listings,
    LiveChanges,
    Openings,
    Players,
    Projector,
    Tournaments,
)

if TYPE_CHECKING:
    from adjudicator.adapters.event_store import EventStore
    from adjudicator.adapters.readmodels import ReadModels

T = TypeVar("T")


class Services:
    """The adapters of one process, on one event store (the one ``persistence`` names: eventsourcing's
    settings, over the environment's), each made on first use."""

    def __init__(
        self,
        persistence: Mapping[str, str] | None = None,
        read_db: str | Path | None = None,
        hands: HandStore | None = None,
        credentials: CredentialStore | None = None,
    ) -> None:
        self.persistence = dict(persistence or {})
        self.read_db = read_db
        self._hands = hands
        self._credentials = credentials
        #: The stores given, not made here (``abandon`` leaves them open).
        self._given = (hands, credentials)
        self._tournaments: TournamentStore | None = None
        self._players: Players | None = None
        self._cards: Cards | None = None
        #: The read models this process follows (None: it follows none, ``follow``).
        self.read_models: ReadModels | None = None
        #: What moved between two positions of the followed read models (the live channel).
        self.live: LiveChanges | None = None
        #: The officials' queue, over the followed read models and the calls' claim logs.
        self.calls: Calls | None = None

    @property
    def hand_store(self) -> HandStore:
        """The hands' store itself, for the adapters built on it."""
        if self._hands is None:
            self._hands = HandStore(self.persistence)
        return self._hands

    @property
    def hands(self) -> Hands:
        return self.hand_store

    @property
    def events(self) -> EventStore:
        """The event store itself (every log of every kind: what ``verify`` reads)."""
        return self.hand_store.events

    @property
    def audit(self) -> Audit:
        """Every stream's chain and the read models' seals, as ``adjudicator verify`` checks them."""
        from adjudicator.adapters.verify import StoreAudit

        return StoreAudit(self.events)

    @property
    def days(self) -> Days:
        """A tournament's day out of this store, whole, and days carried into it."""
        from adjudicator.adapters.days import StoreDays

        return StoreDays(self.events)

    @property
    def openings(self) -> Openings:
        """Who opened which logs (``adjudicator demo``)."""
        from adjudicator.adapters.openings import StoreOpenings

        return StoreOpenings(self.hand_store)

    @property
    def tournament_store(self) -> TournamentStore:
        if self._tournaments is None:
            self._tournaments = TournamentStore(self.hand_store)
        return self._tournaments

    @property
    def tournaments(self) -> Tournaments:
        return self.tournament_store

    @property
    def players(self) -> Players:
        """The association's registry of players, in the same event store."""
        if self._players is None:
            from adjudicator.adapters.player_store import PlayerStore

            self._players = PlayerStore(self.hand_store)
        return self._players

    @property
    def credentials(self) -> Credentials:
        return self.credential_store

    @property
    def credential_store(self) -> CredentialStore:
        """The credentials, in the events' database (its settings as the event store reads them)."""
        if self._credentials is None:
            setting = (
                self._hands.events.app.env.get
                if self._hands is not None
                else environment(self.persistence).get
            )
            self._credentials = CredentialStore(setting)
        return self._credentials

    @property
    def cards(self) -> Cards:
        """The tables' cards, beside the credentials and on their connection."""
        if self._cards is None:
            from adjudicator.adapters.card_store import CardStore

            self._cards = CardStore(self.credential_store.database)
        return self._cards

    def open_read_models(self) -> ReadModels:
        """The read models (in ``read_db``, default: beside the events), not followed: what a command
        brings up to date (``catch_up``) or rebuilds. (Imported here: ``serve``'s supervising process,
        which issues the first token, loads no sqlite-utils.)"""
        from adjudicator.adapters.readmodels import ReadModels

        return ReadModels(self.hand_store, self.read_db, self.tournament_store)

    def projector(self) -> Projector:
        """The read models, not followed, as a command brings them up to date or rebuilds them."""
        return self.open_read_models()

    def follow(self) -> ReadModels:
        """Follow the read models in the background (``serve``), once; and what moves in them, and
        the officials' queue over them."""
        if self.read_models is None:
            from adjudicator.adapters.live_feed import LiveFeed
            from adjudicator.adapters.readmodels.calls import QueueRows

            self.read_models = self.open_read_models()
            self.read_models.start()
            self.live = LiveFeed(self.read_models.path, self.hand_store)
            rows = QueueRows(self.read_models.path, self.read_models.key)
            self.calls = Calls(rows, self.tournaments, CallStore(self.hand_store))
        return self.read_models

    @property
    def listings(self) -> Listings | None:
        """The read models' lists (None: this process keeps no read models)."""
        return None if self.read_models is None else self.read_models.queries()

    def queries(self) -> Listings:
        """The read models' lists read from their file as it stands, followed here or not."""
        from adjudicator.adapters.readmodels import default_read_db_path
        from adjudicator.adapters.readmodels.queries import ReadModelQueries

        path = self.read_db if self.read_db is not None else default_read_db_path(self.hand_store)
        return ReadModelQueries(Path(path), self.events.secret())

    def declare_metrics(self) -> None:
        """Make the event store's metrics now, so that a scrape lists them at zero before their use."""
        from adjudicator.adapters.event_store import declare

        declare()

    def close(self) -> None:
        if self.read_models is not None:
            self.read_models.stop()
        if self._hands is not None:
            self._hands.close()
        if self._credentials is not None:
            self._credentials.close()

    def abandon(self) -> None:
        """Close what was made here, and leave open the stores given: after a failure to start."""
        if self.read_models is not None:
            self.read_models.stop()
        if self._hands is not None and self._hands is not self._given[0]:
            self._hands.close()
        if self._credentials is not None and self._credentials is not self._given[1]:
            self._credentials.close()

    def __enter__(self) -> Services:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def bootstrap(
    persistence: Mapping[str, str] | None = None,
    read_db: str | Path | None = None,
    read_models: bool = True,
    hands: HandStore | None = None,
    credentials: CredentialStore | None = None,
) -> Services:
    """The stores on the event store that ``persistence`` names, or on ``hands``'s; the read models in
    ``read_db`` (default: beside the events), followed in the background unless ``read_models`` is
    false (a CLI command: ``open_read_models`` when it needs them)."""
    services = Services(persistence, read_db, hands, credentials)
    if read_models:
        try:
            services.follow()
        except BaseException:
            services.abandon()  # what was opened before the failure (a worker tries again)
            raise
    return services


def prepare(persistence: Mapping[str, str] | None = None, read_db: str | Path | None = None) -> None:
    """Make every table of the stores now, once, before a server starts its workers (``serve``): the
    event store's, the credentials' and the read models'. Each worker then finds them made, and
    changes no schema while another worker already appends."""
    with Services(persistence, read_db) as services:
        _ = services.credential_store  # its table
        _ = services.cards  # the tables' cards' tables
        services.open_read_models()  # the event store's tables, then the read models'


def where(persistence: Mapping[str, str] | None = None) -> tuple[str, str]:
    """Where the events and the read models will be, from the settings alone (opening neither)."""
    return settings.where(persistence)


def settings_problems() -> list[str]:
    """A line for each ``ADJUDICATOR_*`` variable set to what it does not accept, naming what it takes
    (``adjudicator.adapters.settings``, the one table of them): checked before anything starts."""
    return settings.problems()


#: How often a store is tried while it is unavailable, and the waits between (doubling, at most the
#: last): some half a minute in all.
ATTEMPTS = 10
FIRST_WAIT = 0.25
LONGEST_WAIT = 4.0


def retrying(opening: Callable[[], T], say: Callable[[str], None], who: str) -> T:
    """What ``opening`` opens, tried again while the store is unavailable (``unavailable``: busy, or
    a server out of reach), saying so each time; then the last error, raised. Any other error at
    once: trying again would not mend it."""
    wait, attempt = FIRST_WAIT, 1
    while True:
        try:
            return opening()
        except Exception as error:
            reason = unavailable(error)
            if reason is None or attempt == ATTEMPTS:
                if reason is not None:
                    say(f"{who} gives up after {attempt} tries: the store is unavailable ({reason})")
                raise
        say(f"{who} cannot open the store yet ({reason}): again in {wait:g} s ({attempt} of {ATTEMPTS})")
        time.sleep(wait)
        wait, attempt = min(wait * 2, LONGEST_WAIT), attempt + 1


def unknown_settings() -> list[tuple[str, str | None]]:
    """Each ``ADJUDICATOR_*`` variable set that is no setting, and the one it most looks like."""
    return settings.unknown()


def store_problem(persistence: Mapping[str, str] | None = None) -> str | None:
    """Why the event store cannot be used as configured (None: it can), before a server starts."""
    from adjudicator.adapters.preflight import store_problem

    return store_problem(persistence)


def unavailable(error: BaseException) -> str | None:
    """Why a store could not be opened just now, when ``error`` says it is busy or unreachable (then
    trying again may work); None for any other error."""
    from adjudicator.adapters.preflight import unavailable

    return unavailable(error)


#: The settings the entry points read themselves (each ``Variable``'s ``value()``), from the one table.
__all__ = [
    "ANONYMOUS",
    "BODY_TIMEOUT",
    "CERTFILE",
    "CLIENT_FOLLOWERS",
    "CLIENT_REQUESTS",
    "FOLLOWERS",
    "FOLLOWER_BYTES",
    "HEADER_TIMEOUT",
    "KEYFILE",
    "LOG_FORMAT",
    "PUBLIC_URL",
    "THREADS",
    "TRUSTED_PROXIES",
    "Services",
    "Variable",
    "bootstrap",
    "prepare",
    "retrying",
    "settings_problems",
    "store_problem",
    "unavailable",
    "unknown_settings",
    "where",
]
