"""The hall's routes: a team checked in, whether the tournament's board is public, and the board.

Each write records one tournament event through ``adjudicator.service.hall``, at the version
``If-Match`` names, and answers as every route that records tournament events does. The board
(``GET /tournaments/{id}/board``) is what the hall's display shows; a reader without a credential
reads it once an official has made it public.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response, current_app

from adjudicator.service import hall
from adjudicator.service.authority import Unauthenticated
from adjudicator.wire.schemas.hall import BoardSchema
from adjudicator.wire.schemas.tournaments import BoardSettingSchema, CheckInSchema
from api.auth import author, may_call, who
from api.declare import OFFICIAL, Routes
from api.declare.resources import TOURNAMENT, TOURNAMENT_RECORDED
from api.request import if_match, versioned
from api.routes.tournaments import recorded, tournament_body, tournaments

blueprint = Blueprint("hall", __name__)
HALL_ROUTES = Routes(blueprint, TOURNAMENT, "/tournaments/<uuid:tournament_id>")
CHECK_IN, BOARD_SETTING, BOARD = CheckInSchema(), BoardSettingSchema(), BoardSchema()


def may_see_board(tournament_id: UUID) -> None:
    """A signed-in reader reads the board as the tournament; one without a credential, once it is
    public (a private one is not there for it: ``api.auth.may_know_tournament``), and while the
    service lets anonymous readers read at all: else 401."""
    if who() is not None:
        may_call("getTournament")
    elif current_app.config["ADJUDICATOR_ANONYMOUS_READS"] == "none" or not hall.board_public(
        tournaments(), tournament_id
    ):
        raise Unauthenticated("this tournament's board is not public: a credential is needed to read it")


@HALL_ROUTES.read(
    "/board",
    "getBoard",
    "The hall's board: standings, bracket, the round being played, medals (no hand)",
    BoardSchema,
    anonymous="public_board",
    description=(
        "What the hall's display shows (`/console/board/{id}` draws the same): no hand, no card and "
        "no ruling. Without a credential, only once an official has made the tournament public "
        "(`board_public`, POST .../board): a private one is not there (404), to an anonymous reader "
        "as to another tournament's credential."
    ),
)
def get_board(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    return versioned(BOARD, hall.board(tournaments(), tournament_id))


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
