"""Who goes on: ``POST /finals`` creates a final whose field is its qualifiers' recorded results, and
``GET /tournaments/{id}/links`` shows the link both ways (``adjudicator.service.finals``)."""

from __future__ import annotations

import hashlib
import json
from uuid import UUID

from flask import Blueprint, Response

from adjudicator.service import finals as use
from adjudicator.wire.schemas.players import FinalRequestSchema, SeasonLinksSchema
from adjudicator.wire.schemas.tournaments import TournamentSchema
from api.auth import author, sight
from api.declare import OFFICIAL, Routes, route
from api.declare.resources import READ_MODELS_OFF
from api.declare.resources import TOURNAMENT as TOURNAMENTS
from api.request import answer
from api.routes.hands import listings
from api.routes.players import loaded
from api.routes.tournaments import CREATED_LINK, tournaments

blueprint = Blueprint("finals", __name__)
LINK_ROUTES = Routes(blueprint, TOURNAMENTS, "/tournaments/<uuid:tournament_id>")
FINAL, TOURNAMENT, LINKS = FinalRequestSchema(), TournamentSchema(), SeasonLinksSchema()


@route(
    blueprint,
    "POST /finals",
    "createFinal",
    summary="Create a final whose field goes on from its qualifiers (SEASON.md, who goes on)",
    description=(
        "Detroit: each qualifier's Final Four (the four places its playoff decided); Ontario: each "
        "district's gold medal winners. The final and every team of its field, each naming the "
        "qualifier it went on from, are recorded in one commit; a qualifier not decided yet, of another "
        "rulebook, or a rulebook that names no final refuses it in words citing the row, and nothing "
        "is created."
    ),
    roles=OFFICIAL,
    body=FinalRequestSchema,
    responses={
        "201": {
            "description": "the final, its field registered",
            "content": {"application/json": {"schema": TournamentSchema}},
            "headers": TOURNAMENTS.etag,
            "links": {"GetTournament": CREATED_LINK},
        },
        **TOURNAMENTS.body_errors,
        "422": TOURNAMENTS.problem(
            "malformed (`errors`), or a qualifier refused (`field`): nothing was created"
        ),
    },
)
def create_final() -> Response:
    data = loaded(FINAL)
    created = use.create_final(tournaments(), author=author(), **data)
    return answer(
        TOURNAMENT, created, 201, str(created["version"]), {"Location": f"/tournaments/{created['id']}"}
    )


@LINK_ROUTES.read(
    "/links",
    "getTournamentLinks",
    "Where a final's teams qualified, and the finals a qualifier sent teams to",
    SeasonLinksSchema,
    answers={"503": READ_MODELS_OFF},
    description=(
        "The link both ways between a final and its qualifiers, as far as the reader may know of them "
        "(from the read models' list of tournaments)."
    ),
)
def tournament_links(tournament_id: UUID) -> Response:
    found = use.links(tournaments(), listings(), tournament_id, sight().known.reach)
    tag = hashlib.sha256(json.dumps(found, sort_keys=True, default=str).encode()).hexdigest()[:16]
    return answer(LINKS, found, tag=tag)  # of what it links: no one version covers several tournaments
