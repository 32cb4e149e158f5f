"""The public board: a tournament on a projector or a TV in the hall, in large type, following itself.

``/console/board/{id}`` shows the standings, the bracket and the seating of the round being played
(each table's teams and whether its sheet is signed), and asks ``…/live`` again every few seconds
(``live.js``: If-None-Match with the tournament's version, 304 while nothing moved). It shows no hand:
no card and no ruling leaves through it, concealed or called (the hands and their rulings keep to
their own pages, through ``adjudicator.service.sight``). A reader without a credential sees it only
once an official has made the board public (``board_public``) and the service lets anonymous readers
read at all; a signed-in reader reads it as the tournament's pages.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, current_app

from adjudicator.service import hall
from adjudicator.service import tournaments as use
from adjudicator.service.authority import Unauthenticated
from api.auth import may_call, who
from api.console.blueprint import blueprint
from api.console.render import page
from api.console.tournaments import context, live
from api.routes.common import tournaments


def _may_see(tournament_id: UUID) -> None:
    if who() is not None:
        may_call("getTournament")
    elif current_app.config["ADJUDICATOR_ANONYMOUS_READS"] == "none" or not hall.board_public(
        tournaments(), tournament_id
    ):
        raise Unauthenticated("this tournament's board is not public: sign in to read it")


def playing(t: dict[str, Any]) -> dict[str, Any] | None:
    """The round being played (the last seated) with each table's sheet status, or None before one."""
    if not t["rounds"]:
        return None
    current = t["rounds"][-1]
    status = {s["match"]: s["status"] for s in t["sheets"]}
    tables = [
        {**table, "status": status.get(f"R{current['round']}-T{table['table']}", "open")}
        for table in current["tables"]
    ]
    return {"round": current["round"], "tables": tables}


@blueprint.get("/board/<uuid:tournament_id>")
def board(tournament_id: UUID) -> Response:
    _may_see(tournament_id)
    t = use.overview(tournaments(), tournament_id)
    return page("board/board.html", **context(t), playing=playing)


@blueprint.get("/board/<uuid:tournament_id>/live")
def board_live(tournament_id: UUID) -> Response:
    _may_see(tournament_id)
    return live(tournament_id, "board/_live.html", playing=playing)
