"""A tournament's standings, score sheets and bracket as pages made for the printer: black on white,
the console's menus left out, a sheet never split across two sheets of paper, the column heads again
on every sheet of a long table. ``/console/tournaments/{id}/print/{part}``, for the desk's and the
tournament page's "Print" links; the same rows as the CSV (``adjudicator.service.exports``), and read
as the tournament's page is read (a credential; a private tournament only by its own readers).
"""

from __future__ import annotations

from typing import Any, Final
from uuid import UUID

from flask import Response, abort

from adjudicator.domain import words as say
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.service import exports
from adjudicator.service import tournaments as use
from api.auth import may_call
from api.console.blueprint import blueprint
from api.console.render import page
from api.routes.tournaments import tournaments

#: Each printable part: its heading, and the CSV route beside it.
PARTS: Final = {"standings": "standings.csv", "sheets": "matches.csv", "bracket": "bracket.csv"}


def _sheets(t: dict[str, Any]) -> list[dict[str, Any]]:
    """Each sheet as it is printed: the match in words, both sides, its hands, totals, signatures."""
    names = exports.Names(t)
    printed = []
    for sheet in t["sheets"]:
        result = sheet["result"]
        winner = result.get("winner")
        printed.append(
            {
                "match": names.match(sheet["match"]),
                "table": sheet.get("table"),
                "sides": {side: names.team(sheet[side]) for side in exports.SIDES},
                "hands": exports.hand_rows(names, sheet),
                "points": result["points"],
                "outcome": (f"Won by {names.team(sheet[winner])}" if winner else "Level")
                if result.get("over")
                else f"In play: {result.get('hands', 0)} hands so far",
                "status": say.sheet_status(sheet["status"]),
                "signatures": [f"{say.team(side)}: {player}" for side, player in sheet["signatures"].items()],
            }
        )
    return printed


@blueprint.get("/tournaments/<uuid:tournament_id>/print/<part>")
def printed(tournament_id: UUID, part: str) -> Response:
    may_call("getTournament")
    if part not in PARTS:
        abort(404, f"there is no printable {part!r}: standings, sheets or bracket")
    t = use.overview(tournaments(), tournament_id)
    table = exports.EXPORTS[part](t)
    return page(
        "tournaments/print.html",
        t=t,
        ruleset_title=get_ruleset(t["ruleset"]).title,
        part=part,
        table=table,
        csv=f"/tournaments/{t['id']}/{PARTS[part]}",
        sheets=_sheets(t) if part == "sheets" else [],
        columns=exports.HAND_COLUMNS,
        sides=exports.SIDES,
    )
