"""A round's seating: the draws it needs (the server draws and records the outcome), the proposal
confirmed as it stands, or overridden with the tables the director seats and the reason; a team
absent from its match."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from werkzeug.wrappers import Response

from adjudicator.service import seating
from api.auth import author
from api.console.blueprint import blueprint
from api.console.desk.forms import key, text, version
from api.console.desk.view import back, record
from api.routes.tournaments import tournaments

SIDES = ("north_south", "east_west")


@blueprint.post("/desk/<uuid:tournament_id>/draws")
def draw(tournament_id: UUID) -> Response:
    def write() -> Any:
        by = text("by")
        return seating.draw(
            tournaments(), tournament_id, text("purpose"), by, version(), author=author(), key=key()
        )

    return back(tournament_id, "#round", write, "drawForTournament")


def tables(written: str) -> list[dict[str, Any]]:
    """The tables an override seats, one a line: ``1: T01 T02`` (north-south, then east-west, each
    team by its id), a side of players ``a+b``, or ``bye`` for the empty side of an odd field."""
    seated = []
    for line in written.splitlines():
        number, _, teams = line.partition(":")
        named = teams.split()
        if not line.strip():
            continue
        table: dict[str, Any] = {"table": int(number) if number.strip().isdigit() else number.strip()}
        table.update((side, _side(n)) for side, n in zip(SIDES, named, strict=False))
        seated.append(table)
    return seated


def _side(written: str) -> str | list[str] | None:
    if written.casefold() == "bye":
        return None
    return written.split("+") if "+" in written else written


@blueprint.post("/desk/<uuid:tournament_id>/rounds/<int:round_number>/seating")
def seat(tournament_id: UUID, round_number: int) -> Response:
    """Confirm the proposal (no tables sent) or override it (tables and a reason)."""
    reason = text("reason")
    seated = tables(text("tables") or "") if reason is not None else None

    def write() -> Any:
        by = text("by")
        return seating.seat_round(
            tournaments(), tournament_id, round_number, seated, reason, by, version(), author(), key()
        )

    return back(tournament_id, "#sheets", write, "seatRound")


@blueprint.post("/desk/<uuid:tournament_id>/absences")
def absent(tournament_id: UUID) -> Response:
    event = {"type": "team_absent", "match": text("match") or "", "team": text("team") or ""}
    return record(tournament_id, [event | {"reason": text("reason") or ""}])
