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

A hall's spectators all read it anonymously, and each move of the tournament sends every one of
their phones back for ``…/live`` at once (issue 30: a thousand followers made one refetch take 10 s).
Every anonymous reader is shown the same board at one version, so its rendering is kept by
(tournament, version) and a herd of refetches waits for the one rendering under way
(``RenderedOnce``).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any, Final
from uuid import UUID

from flask import Response, request

from adjudicator.service import hall
from adjudicator.service import tournaments as use
from adjudicator.service.delay_clocks import running_clocks
from adjudicator.service.exports import Names
from api.auth import who
from api.console import qr
from api.console.blueprint import blueprint
from api.console.desk.view import clock_of
from api.console.render import page, page_from
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
        delay_clocks=running_clocks(tournaments(), UUID(str(t["id"]))),
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


class RenderedOnce:
    """The anonymous board's ``…/live`` as rendered at each (tournament, version): the last ``KEPT``,
    for ``FRESH`` seconds at most (the round clock's minutes left are drawn in it, and ``clock.js``
    counts on from there), and one rendering at a time for each (the others wait, then take it)."""

    KEPT: Final = 64
    FRESH: Final = 20.0

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[UUID, str], tuple[bytes, float]] = OrderedDict()
        self._rendering: dict[tuple[UUID, str], threading.Lock] = {}
        self._lock = threading.Lock()
        self.renderings = 0

    def answer(self, tournament_id: UUID, known: str) -> Response:
        key = (tournament_id, known)
        with self._lock:
            turn = self._rendering.setdefault(key, threading.Lock())
        try:
            with turn:
                found = self._found(key)
                if found is None:
                    drawn = live(tournament_id, "board/_live.html", more=_shown)
                    if drawn.status_code != 200 or drawn.headers.get("ETag") != f'"{known}"':
                        return drawn  # it moved meanwhile: not the rendering of ``known``
                    found = self._keep(key, drawn.get_data())
        finally:
            with self._lock:
                self._rendering.pop(key, None)
        answer = page_from(found)
        answer.headers["ETag"] = f'"{known}"'
        answer.cache_control.no_cache = True
        return answer

    def _found(self, key: tuple[UUID, str]) -> bytes | None:
        with self._lock:
            kept = self._kept.get(key)
        return kept[0] if kept is not None and time.monotonic() - kept[1] <= self.FRESH else None

    def _keep(self, key: tuple[UUID, str], html: bytes) -> bytes:
        with self._lock:
            self.renderings += 1
            self._kept[key] = (html, time.monotonic())
            self._kept.move_to_end(key)
            while len(self._kept) > self.KEPT:
                self._kept.popitem(last=False)
        return html


RENDERED = RenderedOnce()


@blueprint.get("/board/<uuid:tournament_id>/live")
def board_live(tournament_id: UUID) -> Response:
    may_see_board(tournament_id)
    known = str(use.version(tournaments(), tournament_id))
    if request.if_none_match.contains(known) or who() is not None or request.cookies:
        return live(tournament_id, "board/_live.html", more=_shown)  # (a 304, or a reader of its own)
    return RENDERED.answer(tournament_id, known)
