"""The desk's delay clock: "start the clock on Kings at table 3", stop it when the team sits down (or
charge Cardtel's steps as it runs); each form records through the same use cases as the API's routes
(``adjudicator.service.delay_clocks``), then back to the desk's clocks, or there with the refusal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from werkzeug.wrappers import Response

from adjudicator.service import delay_clocks
from adjudicator.service.authority import tournament_guard
from api.auth import author, who
from api.console.blueprint import blueprint
from api.console.desk.forms import text
from api.console.desk.view import back, desk_page
from api.routes.tournaments import tournaments

#: The longest the desk may say a clock was called for before it pressed start (Cardtel's last step
#: is at 18 minutes).
MOST_MINUTES_AGO = 60


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/clock")
def start_clock(tournament_id: UUID, match: str) -> Response:
    """The team (or, for a pair, a player) the button named goes on the clock from now, or from the
    minutes ago the waiting team called for it (the desk was busy)."""
    ago = text("minutes_ago") or "0"
    if not ago.isdigit() or int(ago) > MOST_MINUTES_AGO:
        return desk_page(
            tournament_id,
            f"How many minutes ago the clock was called for is a whole number from 0 to {MOST_MINUTES_AGO}.",
        )
    since = None if ago == "0" else (datetime.now(UTC) - timedelta(minutes=int(ago))).isoformat()

    def write() -> Any:
        guard = tournament_guard(who(), str(tournament_id), match=match)
        team, player = text("team"), text("player")
        return delay_clocks.start_clock(
            tournaments(), tournament_id, match, team, player, since, author=author(), guard=guard
        )

    return back(tournament_id, "#clocks", write, "startClock")


def _stopping(tournament_id: UUID, match: str, charge_only: bool) -> Response:
    def write() -> Any:
        guard = tournament_guard(who(), str(tournament_id), match=match)
        return delay_clocks.stop_clock(
            tournaments(), tournament_id, match, charge_only, author=author(), guard=guard
        )

    return back(tournament_id, "#clocks", write, "chargeClock" if charge_only else "stopClock")


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/clock/stop")
def stop_clock(tournament_id: UUID, match: str) -> Response:
    """The team sat down (or, Chicago, the hand is forfeit): the minutes the clock ran are charged."""
    return _stopping(tournament_id, match, charge_only=False)


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/clock/charge")
def charge_clock(tournament_id: UUID, match: str) -> Response:
    """Cardtel: the steps reached so far charged, the clock still running."""
    return _stopping(tournament_id, match, charge_only=True)
