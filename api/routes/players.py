"""The association's players: a player recorded once, found by name, two records merged, and a
player's history across the tournaments its reader may know of (``adjudicator.service.players``).

A record is written by an official (the desk); any credential may find a player by name or read a
record, but the declared facts (birth date, residence) are an official's to read. A history is read
as the tournaments are: a private tournament is left out for a reader who may not know of it.
"""

from __future__ import annotations

from typing import Any, Final
from uuid import UUID

from flask import Blueprint, Response, current_app
from marshmallow import ValidationError

from adjudicator.service import players as use
from adjudicator.service.ports import Players
from adjudicator.wire.schemas.players import (
    MergeRequestSchema,
    PlayerHistorySchema,
    PlayerMatchesSchema,
    PlayerQuerySchema,
    PlayerRequestSchema,
    PlayerSchema,
)
from api.auth import author, sight, who
from api.declare import EVERYONE, OFFICIAL, ProblemType, route
from api.declare.answers import JSON, Resource, problem
from api.declare.resources import NO_READ_MODELS, READ_MODELS_OFF
from api.problems import invalid_body
from api.request import answer, body, query
from api.routes.hands import listings

blueprint = Blueprint("players", __name__)
PLAYER: Final = Resource(
    "player",
    etag="the registry's version",
    if_match="not used: a record is never edited",
    created_by="POST /players",
)
PLAYER_ID: Final = PLAYER.id
POSSIBLE_MATCH: Final = ProblemType(
    409,
    "possible-match",
    "`POST /players`: someone whose name reads the same is recorded (`matches`): nothing was recorded",
)
PRIVATE_FACTS: Final = ("birth_date", "residence")
REQUEST, MERGE, FOUND = PlayerRequestSchema(), MergeRequestSchema(), PlayerQuerySchema()
ONE, MATCHES, HISTORY = PlayerSchema(), PlayerMatchesSchema(), PlayerHistorySchema()


def players() -> Players:
    store: Players = current_app.extensions["adjudicator.players"]
    return store


def seen(person: dict[str, Any]) -> dict[str, Any]:
    """The record as this reader may read it: the declared facts for an official only."""
    credential = who()
    if credential is not None and credential.role == "official":
        return person
    return {**person, **dict.fromkeys(PRIVATE_FACTS)}


def loaded(schema: Any) -> dict[str, Any]:
    try:
        data: dict[str, Any] = schema.load(body())
    except ValidationError as error:
        raise invalid_body(error, array=False) from None
    return data


@route(
    blueprint,
    "POST /players",
    "recordPlayer",
    summary="Record a player once, in the association's registry (player_recorded)",
    description=(
        "A person the association's tournaments register by reference. If someone whose name reads "
        "the same (case, accents and spacing aside) is recorded, nothing is recorded and the answer "
        'is 409 with the `matches` a desk offers ("Is this Ann Lee of Windsor centre?"); send '
        "`new_person: true` to record someone else of that name."
    ),
    roles=OFFICIAL,
    body=PlayerRequestSchema,
    responses={
        "201": {"description": "recorded", "content": {JSON: {"schema": PlayerSchema}}},
        **PLAYER.body_errors,
        "409": problem("someone whose name reads the same is recorded (`matches`): nothing was recorded"),
        "422": problem("malformed (`errors`): nothing was recorded"),
    },
    problems=[POSSIBLE_MATCH],
)
def record_player() -> Response:
    data = loaded(REQUEST)
    return answer(ONE, use.record_player(players(), author=author(), **data), 201)


@route(
    blueprint,
    "GET /players",
    "findPlayers",
    summary="The players whose name reads as the one given (the matches a desk offers), or everyone",
    description=(
        "Names are compared with case, accents, punctuation and spacing set aside; records merged into "
        "another are not listed (the kept one is). The declared facts are shown to officials only."
    ),
    roles=EVERYONE,
    query=PlayerQuerySchema,
    responses={
        "200": {
            "description": "the matches (none: empty)",
            "content": {JSON: {"schema": PlayerMatchesSchema}},
        },
        "400": problem("`name` is empty or too long"),
    },
)
def find_players() -> Response:
    found = use.matches(players(), query(FOUND).get("name"))
    return answer(MATCHES, {"matches": [seen(p) for p in found]})


@route(
    blueprint,
    "POST /players/merges",
    "mergePlayers",
    summary="Record that two records are one person (players_merged): reads follow the merge",
    description=(
        "Nothing is edited or removed: the merged record stays, and every read follows it to the kept one."
    ),
    roles=OFFICIAL,
    body=MergeRequestSchema,
    responses={
        "201": {"description": "the person as kept", "content": {JSON: {"schema": PlayerSchema}}},
        **PLAYER.body_errors,
        "422": problem("malformed (`errors`) or impossible (`field`): nothing was recorded"),
    },
)
def merge_players() -> Response:
    data = loaded(MERGE)
    return answer(
        ONE,
        seen(
            use.merge(
                players(),
                author=author(),
                reason=data.get("reason"),
                kept=data["kept"],
                merged=data["merged"],
            )
        ),
        201,
    )


@route(
    blueprint,
    "GET /players/<uuid:player_id>",
    "getPlayer",
    summary="A player's record, following merges",
    description="A merged record answers as the person it was merged into, with every record of them.",
    roles=EVERYONE,
    parameters=[PLAYER_ID],
    responses={
        "200": {"description": "the person", "content": {JSON: {"schema": PlayerSchema}}},
        "404": problem("no player has this id"),
    },
)
def get_player(player_id: UUID) -> Response:
    return answer(ONE, seen(use.person(players(), str(player_id))))


@route(
    blueprint,
    "GET /players/<uuid:player_id>/history",
    "getPlayerHistory",
    summary="Every tournament, match, hand, ruling and medal of a player the reader may know of",
    description=(
        "Across the association's tournaments, newest first, following merges. A private tournament "
        "is left out for a reader who may not know of it; without a credential, only public ones."
    ),
    roles=EVERYONE,
    anonymous="public",
    parameters=[PLAYER_ID],
    responses={
        "200": {"description": "the player's history", "content": {JSON: {"schema": PlayerHistorySchema}}},
        "404": problem("no player has this id"),
        "503": READ_MODELS_OFF,
    },
    problems=[NO_READ_MODELS],
)
def get_history(player_id: UUID) -> Response:
    found = use.history(players(), listings(), str(player_id), sight().known.reach)
    return answer(HISTORY, {**found, "player": seen(found["player"])})
