"""A tournament's events as they are recorded from a request (the route's and the desk's): a team's
entry with the qualifications the medals recorded here give (``adjudicator.service.qualification``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import current_app

from adjudicator.service import qualification
from adjudicator.wire.schemas.tournaments import load_tournament_events
from api.routes.hands import listings

Loaded = tuple[list[dict[str, Any]], bool]


def qualified(tournament_id: UUID, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` with each player's district gold recorded here, where the entry needs qualifying."""
    found = current_app.extensions
    store, players = found["adjudicator.tournaments"], found.get("adjudicator.players")
    return qualification.qualified(store, listings(), players, tournament_id, events)


def loading(tournament_id: UUID) -> Callable[[Any], Loaded]:
    """The events of a request's body (``load_tournament_events``), qualified as ``qualified`` says."""

    def load(data: Any) -> Loaded:
        events, many = load_tournament_events(data)
        return qualified(tournament_id, events), many

    return load
