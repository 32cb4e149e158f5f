"""The public board: a tournament on a projector or a TV in the hall, in large type, following itself.

``/console/board/{id}`` shows the standings, the bracket and the seating of the round being played
(each table's teams and whether its sheet is signed), and asks ``…/live`` again every few seconds
(``live.js``: If-None-Match with the tournament's version, 304 while nothing moved). It shows no hand:
no card and no ruling leaves through it, concealed or called (the hands and their rulings keep to
their own pages, through ``adjudicator.service.authority``). A reader without a credential sees it only
once an official has made the board public (``board_public``) and the service lets anonymous readers
read at all; a signed-in reader reads it as the tournament's pages.
"""

from __future__ import annotations

from uuid import UUID

from flask import Response

from adjudicator.service import hall
from adjudicator.service import tournaments as use
from api.console.blueprint import blueprint
from api.console.render import page
from api.console.tournaments import context, live
from api.routes.hall import may_see_board
from api.routes.tournaments import tournaments


@blueprint.get("/board/<uuid:tournament_id>")
def board(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    t = use.overview(tournaments(), tournament_id)
    return page("board/board.html", **context(t), playing=hall.playing)


@blueprint.get("/board/<uuid:tournament_id>/live")
def board_live(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    return live(tournament_id, "board/_live.html", playing=hall.playing)
