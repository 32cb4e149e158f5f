"""A tournament's standings, score sheets and bracket as CSV: ``GET /tournaments/{id}/standings.csv``,
``…/matches.csv`` and ``…/bracket.csv`` (``adjudicator.service.exports``: names in words, no ids).

Each is an operation of its own, as ``record.txt`` is beside ``record``: a client generated from the
contract reads one media type an answer. They are read by whoever may read the tournament's JSON,
as it (a private tournament is not there for another credential: 404), with the tournament's
version as their ETag (304 while nothing moved). The body is UTF-8 with a byte order mark, so that a
spreadsheet opening the file reads "North-South" and the names' accents as written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final
from uuid import UUID

from flask import Blueprint, Response, request

from adjudicator.service import exports
from api.auth import tag as seen
from api.declare import EVERYONE, route
from api.declare.resources import TOURNAMENT
from api.routes.tournaments import tournaments

blueprint = Blueprint("exports", __name__)
View = Callable[[UUID], Response]
CSV: Final = "text/csv"
#: Excel reads a CSV file as the machine's code page unless it starts with a byte order mark.
BOM: Final = "\ufeff"
WHAT: Final = {
    "standings": "the standings: place, team, players, the rulebook's keys, the record, the playoff cut",
    "sheets": "every score sheet, one row a hand: match, table, both sides, dealer, winner, points",
    "bracket": "the playoff, one row a match whose teams are known: seeds, teams, table, points, winner",
}


def _declare(path: str, name: str, operation_id: str, summary: str) -> Callable[[View], View]:
    return route(
        blueprint,
        f"GET /tournaments/<uuid:tournament_id>/{path}",
        operation_id,
        summary=summary,
        description=(
            f"CSV of {WHAT[name]}. UTF-8 with a byte order mark and a header row; teams by their names, "
            "matches and sides in words, never an id. Read as the tournament's JSON is read."
        ),
        roles=EVERYONE,
        parameters=TOURNAMENT.reading(),
        responses={
            "200": {
                "description": f"CSV of {WHAT[name]}",
                "content": {CSV: {"schema": {"type": "string", "description": "RFC 4180 CSV, a header row"}}},
                "headers": {
                    **TOURNAMENT.etag,
                    "Content-Disposition": {
                        "description": "a file name for the download",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                },
            },
            "304": TOURNAMENT.not_modified,
            "404": TOURNAMENT.unknown,
        },
    )


def _csv(tournament_id: UUID, name: str) -> Response:
    table, version = exports.export(tournaments(), tournament_id, name)
    response = Response(BOM + table.csv(), mimetype=CSV)
    response.set_etag(seen(str(version)))
    response.headers["Content-Disposition"] = f'attachment; filename="{table.slug}.csv"'
    response.make_conditional(request)
    return response


@_declare("standings.csv", "standings", "getStandingsCsv", "The standings as CSV, for a spreadsheet")
def standings_csv(tournament_id: UUID) -> Response:
    return _csv(tournament_id, "standings")


@_declare("matches.csv", "sheets", "getMatchesCsv", "Every score sheet as CSV, one row a hand")
def matches_csv(tournament_id: UUID) -> Response:
    return _csv(tournament_id, "sheets")


@_declare("bracket.csv", "bracket", "getBracketCsv", "The playoff bracket as CSV, one row a match")
def bracket_csv(tournament_id: UUID) -> Response:
    return _csv(tournament_id, "bracket")
