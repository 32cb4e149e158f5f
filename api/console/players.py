"""A player's page: every tournament, match, hand, ruling and medal of one person across the
association's tournaments, as ``GET /players/{id}/history`` answers it to the same reader (a private
tournament is left out for a reader who may not know of it)."""

from __future__ import annotations

from uuid import UUID

from flask import Response, current_app

from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.words import TEAMS
from adjudicator.service import players as use
from api.auth import may_call, sight
from api.console.blueprint import blueprint
from api.console.render import page
from api.console.tournaments import stored_hand
from api.routes.players import players, seen

#: How a match went, in words.
OUTCOMES = {"won": "Won", "lost": "Lost", "tied": "Tied", "open": "Still being played"}


@blueprint.get("/players/<uuid:player_id>")
def player_history(player_id: UUID) -> Response:
    may_call("getPlayerHistory")
    read_models = current_app.extensions.get("adjudicator.read_models")
    listings = read_models.queries() if read_models else None
    found = use.history(players(), listings, str(player_id), sight().known.reach)
    return page(
        "players/history.html",
        player=seen(found["player"]),
        careers=found["tournaments"],
        title_of=lambda r: get_ruleset(r).title,
        sides=TEAMS,
        outcomes=OUTCOMES,
        stored_hand=stored_hand,
    )
