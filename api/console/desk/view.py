"""The desk's two pages, drawn from one read of the tournament: the desk itself (the field, the
round to seat, the sheets to enter, the playoff and medals) and one match's sheet with its forms;
and the way back to them after a write: the page it was posted from, or that page with the refusal."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from flask import Response, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.rulebooks import TOURNAMENT_FORMATS, TournamentFormat, get_ruleset
from adjudicator.service import hall
from adjudicator.service import tournaments as use
from adjudicator.service.authority import tournament_guard
from adjudicator.service.delay_clocks import running_clocks
from adjudicator.service.errors import UnknownMatch
from adjudicator.service.exports import KEYS, shown_key
from adjudicator.service.scorekeepers import table_tokens
from api.auth import author, credentials, who
from api.console.desk.forms import act, desk_url, key, reader_is_official, version
from api.console.render import page
from api.console.tournaments import stored_hand
from api.routes.entering import qualified
from api.routes.tournaments import tournaments


def _field(fmt: TournamentFormat) -> int | None:
    """The playoff's field the director asked the standings for (``?field=``), where the rulebook
    leaves the field to the director (Cardtel: The Format); None otherwise."""
    asked = request.args.get("field", "")
    return int(asked) if fmt.playoff == "director" and asked.isdigit() and 0 < int(asked) <= 256 else None


def clock_of(tournament_id: UUID) -> dict[str, Any] | None:
    """The round clock (``tournaments.round_clock``) with the minutes left as the page is drawn
    (``clock.js`` counts on from there, each minute)."""
    clock = use.round_clock(tournaments(), tournament_id)
    if clock is None:
        return None
    started = datetime.fromisoformat(clock["started_at"])
    left = clock["minutes"] * 60 - (datetime.now(UTC) - started).total_seconds()
    return {**clock, "left": max(0, math.ceil(left / 60))}


def _context(tournament_id: UUID) -> dict[str, Any]:
    t = use.overview(tournaments(), tournament_id)
    fmt = TOURNAMENT_FORMATS[t["ruleset"]]
    teams: Mapping[str, Mapping[str, Any]] = {team["team"]: team for team in t["teams"]}
    return {
        "t": t,
        "ruleset": get_ruleset(t["ruleset"]),
        "fmt": fmt,
        "hand_id": stored_hand,
        "teams": teams,
        "keys": KEYS,
        "shown_key": shown_key,
        "proposed_seeds": use.seeding(tournaments(), tournament_id, _field(fmt)),
        "base": f"/console/desk/{tournament_id}",
        "table_tokens": table_tokens(credentials(), str(tournament_id)),
        "clock": clock_of(tournament_id),
        "delay_clocks": running_clocks(tournaments(), tournament_id),
        "in_default": hall.in_default(tournaments(), tournament_id),
        # the start as the hall's clocks read it: in the zone the tournament recorded it in
        "start_time": f"{datetime.fromisoformat(t['starts_at']):%H:%M}" if t.get("starts_at") else None,
    }


def desk_page(
    tournament_id: UUID,
    refused: str | None = None,
    issued: Mapping[str, Any] | None = None,
    asking: Mapping[str, Any] | None = None,
    admit: Mapping[str, str] | None = None,
) -> Response:
    """The desk; ``issued``: a table's credential and its token, just issued (shown this once);
    ``asking``: the recorded people a team's players may be, asked before it is registered; ``admit``:
    a registration the entry rules refused, offered to the official to admit anyway."""
    reader_is_official()
    context = _context(tournament_id)
    return page("desk/desk.html", 200, refused=refused, issued=issued, asking=asking, admit=admit, **context)


def sheet_page(tournament_id: UUID, match: str, refused: str | None = None) -> Response:
    reader_is_official()
    context = _context(tournament_id)
    sheet = next((s for s in context["t"]["sheets"] if s["match"] == match), None)
    if sheet is None:
        raise UnknownMatch(match)
    return page("desk/sheet.html", 200, refused=refused, s=sheet, **context)


def back(tournament_id: UUID, where: str, write: Callable[[], Any], *operations: str) -> Response | Redirect:
    """``write`` as the form's official, then back to the page at ``where`` (``/sheets/{match}``: that
    sheet; else the desk at an anchor), or to that page with the refusal."""
    if where.startswith("/sheets/"):
        match = where.removeprefix("/sheets/")

        def again(refused: str) -> Response:
            return sheet_page(tournament_id, match, refused)

        return act(write, desk_url(tournament_id, where), again, *operations)
    return act(write, desk_url(tournament_id, where), lambda r: desk_page(tournament_id, r), *operations)


def writing(tournament_id: UUID, events: list[dict[str, Any]]) -> Callable[[], Any]:
    """The write of ``events`` (all or none) as the API's ``appendTournamentEvents`` does it."""

    def write() -> Any:
        guard = tournament_guard(who(), str(tournament_id), events=events)
        entered = qualified(tournament_id, events)
        return use.append_events(tournaments(), tournament_id, entered, version(), author(), guard, key())

    return write


def record(tournament_id: UUID, events: list[dict[str, Any]], where: str = "") -> Response | Redirect:
    """Record ``events`` (all or none) as the API's ``appendTournamentEvents`` does, then back."""
    return back(tournament_id, where, writing(tournament_id, events), "appendTournamentEvents")
