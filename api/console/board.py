"""The public board: a tournament on a projector or a TV in the hall, in large type, following itself.

``/console/board/{id}`` shows where the day is (the round, the playoff, the final, the medals), the
standings, the matches in play (each table's teams and whether its sheet is signed) and the bracket,
and asks ``…/live`` again every few seconds (``live.js``: If-None-Match with the tournament's
version, 304 while nothing moved). On a projector it never scrolls: what does not fit one screen
is shown a page at a time, turning every ``?every=`` seconds (``board.js``), and a QR code in its
corner opens the same board on a spectator's phone, where it scrolls as any page does.

It shows no hand: no card and no ruling leaves through it, concealed or called (the hands and their
rulings keep to their own pages, through ``adjudicator.service.authority``). A reader without a
credential sees it only once an official has made the board public (``board_public``) and the
service lets anonymous readers read at all; a signed-in reader reads it as the tournament's pages.
"""

from __future__ import annotations

from typing import Any, Final
from uuid import UUID

from flask import Response, request

from adjudicator.service import hall
from adjudicator.service import tournaments as use
from adjudicator.service.exports import Names
from api.console import qr
from api.console.blueprint import blueprint
from api.console.desk.view import clock_of
from api.console.render import page
from api.console.tournaments import context, live
from api.problems import Problem
from api.routes.hall import may_see_board
from api.routes.tournaments import tournaments

#: How long a page of the board stays up, in seconds: the default, and the bounds ``?every=`` takes.
EVERY: Final = 12
SHORTEST, LONGEST = 3, 120


def _every() -> int:
    asked = request.args.get("every")
    if asked is None:
        return EVERY
    if not asked.isdigit() or not SHORTEST <= int(asked) <= LONGEST:
        detail = f"every is how many seconds a page stays up: a whole number from {SHORTEST} to {LONGEST}"
        raise Problem(400, "invalid-query", "Invalid query", detail, field="every")
    return int(asked)


def _shown(t: dict[str, Any]) -> dict[str, Any]:
    """What the board draws besides the tournament page's context: the stage, the round clock of a
    timed game, names, its QR code."""
    address = f"{qr.hall_url()}/console/board/{t['id']}"
    now = hall.stage(t)
    return dict(
        stage=now,
        clock=clock_of(UUID(str(t["id"]))) if now["kind"] == "round" else None,  # as the JSON's stage
        names=Names(t),
        address=address,
        qr=qr.svg(address, "QR code: this board on your phone"),
    )


@blueprint.get("/board/<uuid:tournament_id>")
def board(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    every = _every()
    t = use.overview(tournaments(), tournament_id)
    return page("board/board.html", **context(t), **_shown(t), every=every)


@blueprint.get("/board/<uuid:tournament_id>/live")
def board_live(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    return live(tournament_id, "board/_live.html", more=_shown)
