"""The playoff: the seeds the standings propose, confirmed, or overridden (another field, another
order) with the reason; a tie played off (a tie-break game) in the order it put the teams; a match
called to a table, so that the table's phone records it (a playoff match has none of its own)."""

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


@blueprint.post("/desk/<uuid:tournament_id>/seeding")
def seed(tournament_id: UUID) -> Response:
    """As proposed (no reason), or the seeds listed (one a line or space-separated) for a reason."""
    reason = text("reason")
    seeds = (text("seeds") or "").split() if reason is not None else None

    def write() -> Any:
        by = text("by")
        return seating.seed_playoff(
            tournaments(), tournament_id, seeds, reason, by, version(), author(), key()
        )

    return back(tournament_id, "#playoff", write, "seedPlayoff")


@blueprint.post("/desk/<uuid:tournament_id>/tiebreaks")
def tiebreak(tournament_id: UUID) -> Response:
    """A tie played off: the teams in the order the game put them (the winner first)."""
    event: dict[str, Any] = {
        "type": "tiebreak_decided",
        "teams": (text("teams") or "").split(),
        "reason": text("reason") or "",
    }
    match = text("match")
    if match is not None:
        event.update(match=match, hand=f"{match}/playoff")
        return record(tournament_id, [event], f"/sheets/{match}")
    return record(tournament_id, [event], "#playoff")


def _table(said: str | None) -> int | str:
    """A table's number as typed; anything else is passed on for the engine to refuse in words."""
    return int(said) if said is not None and said.lstrip("-").isdigit() else said or ""


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/table")
def call_to_table(tournament_id: UUID, match: str) -> Response:
    """Play at table N: the match called to a table (``match_called``), whose scorekeeper's phone
    then records it; back to the playoff (``on=desk``) or to the sheet, or there with the refusal."""
    event: dict[str, Any] = {"type": "match_called", "match": match, "table": _table(text("table"))}
    if text("reason") is not None:
        event["reason"] = text("reason")
    return record(tournament_id, [event], "#playoff" if text("on") == "desk" else f"/sheets/{match}")
