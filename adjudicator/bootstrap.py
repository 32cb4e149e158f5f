"""The one place the adapters are plugged into the ports: the Flask app (``serve``), the CLI and the
tests get their stores from ``bootstrap``, and hand them to the use cases, which know only the
ports (``adjudicator.service.ports``): ``bootstrap(persistence, read_db)`` gives the ``Services``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.ports import Listings


@dataclass(slots=True)
class Services:
    """The adapters of one process, on one event store."""

    hands: HandStore
    tournaments: TournamentStore
    credentials: CredentialStore
    read_models: ReadModels | None

    @property
    def listings(self) -> Listings | None:
        """The read models' lists (None: this process keeps no read models)."""
        return None if self.read_models is None else self.read_models.queries()

    def close(self) -> None:
        if self.read_models is not None:
            self.read_models.stop()
        self.hands.close()
        self.credentials.close()


def bootstrap(
    persistence: Mapping[str, str] | None = None,
    read_db: str | Path | None = None,
    read_models: bool = True,
    hands: HandStore | None = None,
    credentials: CredentialStore | None = None,
) -> Services:
    """The stores on the event store that ``persistence`` (eventsourcing's settings, over the
    environment's) names, or on ``hands``'s; the read models in ``read_db`` (default: beside the
    events), following in the background unless ``read_models`` is false."""
    hands = hands if hands is not None else HandStore(persistence or {})
    credentials = credentials if credentials is not None else CredentialStore(hands.events.app.env.get)
    tournaments = TournamentStore(hands)
    projector = None
    if read_models:
        projector = ReadModels(hands, read_db, tournaments)
        projector.start()
    return Services(hands, tournaments, credentials, projector)
