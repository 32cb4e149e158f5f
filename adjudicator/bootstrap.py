"""The one place the adapters are plugged into the ports: the Flask app (``serve``), the CLI and the
tests get their stores from ``bootstrap``, and hand them to the use cases, which know only the
ports (``adjudicator.service.ports``): ``bootstrap(persistence, read_db)`` gives the ``Services``.

Each store is made when first asked for, so a command that issues a token opens no event store and
one that replays a hand opens no credentials; ``close`` closes what was made.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.settings import environment
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.calls import Calls
from adjudicator.service.ports import Listings

if TYPE_CHECKING:
    from adjudicator.adapters.event_store import EventStore
    from adjudicator.adapters.readmodels import ReadModels


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
        self._tournaments: TournamentStore | None = None
        #: The read models this process follows (None: it follows none, ``follow``).
        self.read_models: ReadModels | None = None
        self._calls: Calls | None = None

    @property
    def hands(self) -> HandStore:
        if self._hands is None:
            self._hands = HandStore(self.persistence)
        return self._hands

    @property
    def events(self) -> EventStore:
        """The event store itself (every log of every kind: what ``verify`` reads)."""
        return self.hands.events

    @property
    def tournaments(self) -> TournamentStore:
        if self._tournaments is None:
            self._tournaments = TournamentStore(self.hands)
        return self._tournaments

    @property
    def credentials(self) -> CredentialStore:
        """The credentials, in the events' database (its settings as the event store reads them)."""
        if self._credentials is None:
            setting = (
                self._hands.events.app.env.get
                if self._hands is not None
                else environment(self.persistence).get
            )
            self._credentials = CredentialStore(setting)
        return self._credentials

    def open_read_models(self) -> ReadModels:
        """The read models (in ``read_db``, default: beside the events), not followed: what a command
        brings up to date (``catch_up``) or rebuilds. (Imported here: ``serve``'s supervising process,
        which issues the first token, loads no sqlite-utils.)"""
        from adjudicator.adapters.readmodels import ReadModels

        return ReadModels(self.hands, self.read_db, self.tournaments)

    def follow(self) -> ReadModels:
        """Follow the read models in the background (``serve``), once."""
        if self.read_models is None:
            self.read_models = self.open_read_models()
            self.read_models.start()
        return self.read_models

    @property
    def calls(self) -> Calls | None:
        """The officials' queue, over the read models this process follows (None: it follows none)
        and the calls' claim logs on the event store."""
        if self._calls is None and self.read_models is not None:
            from adjudicator.adapters.readmodels.calls import QueueRows

            rows = QueueRows(self.read_models.path, self.read_models.key)
            self._calls = Calls(rows, self.tournaments, CallStore(self.hands))
        return self._calls

    @property
    def listings(self) -> Listings | None:
        """The read models' lists (None: this process keeps no read models)."""
        return None if self.read_models is None else self.read_models.queries()

    def queries(self) -> Listings:
        """The read models' lists read from their file as it stands, followed here or not."""
        from adjudicator.adapters.readmodels import default_read_db_path
        from adjudicator.adapters.readmodels.queries import ReadModelQueries

        path = self.read_db if self.read_db is not None else default_read_db_path(self.hands)
        return ReadModelQueries(Path(path), self.hands.events.secret())

    def close(self) -> None:
        if self.read_models is not None:
            self.read_models.stop()
        if self._hands is not None:
            self._hands.close()
        if self._credentials is not None:
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
        services.follow()
    return services
