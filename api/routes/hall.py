"""The hall's routes: a team checked in, and whether the tournament's board is public.

Each records one tournament event through ``adjudicator.service.hall``, at the version ``If-Match``
names, and answers as every route that records tournament events does.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response

from adjudicator.service import hall
from api.auth import author
from api.declare import OFFICIAL, Routes
from api.declare.resources import TOURNAMENT, TOURNAMENT_RECORDED
from api.routes.common import if_match, tournaments
from api.routes.tournaments import recorded, tournament_body
from api.schemas.tournaments import BoardSettingSchema, CheckInSchema

blueprint = Blueprint("hall", __name__)
HALL_ROUTES = Routes(blueprint, TOURNAMENT, "/tournaments/<uuid:tournament_id>")
CHECK_IN, BOARD_SETTING = CheckInSchema(), BoardSettingSchema()


@HALL_ROUTES.record(
    "/check-ins",
    "checkInTeam",
    "A team present at the hall (team_checked_in)",
    CheckInSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    description=(
        "Records that a team is present at the hall. Informational: no rulebook ranks or seats a team "
        "by it; the seating proposal names the teams in play not yet checked in."
    ),
)
def check_in(tournament_id: UUID) -> Response:
    data = tournament_body(CHECK_IN.load, tournament_id)
    return recorded(hall.check_in(tournaments(), tournament_id, **data, if_match=if_match(), author=author()))


@HALL_ROUTES.record(
    "/board",
    "setBoard",
    "Whether readers without a credential may see the board (board_public)",
    BoardSettingSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    description=(
        "Lets readers without a credential see the tournament's board (standings, bracket, the "
        "current round's seating), or stops them."
    ),
)
def set_board(tournament_id: UUID) -> Response:
    data = tournament_body(BOARD_SETTING.load, tournament_id)
    return recorded(
        hall.set_board(tournaments(), tournament_id, **data, if_match=if_match(), author=author())
    )
