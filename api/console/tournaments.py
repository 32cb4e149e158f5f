"""The tournaments' pages: the list of tournaments, and one tournament as a director pins it up.

``/console/tournaments`` lists them from the read models, the newest first. ``/console/tournaments/{id}``
shows the standings with the rulebook's tie-break columns and the playoff cut, the bracket drawn as
a bracket, and every match's sheet with its hands (each linked to the replay viewer), signatures,
disputes and their outcome. A reader needs what ``GET /tournaments/{id}`` needs (a credential: an
anonymous reader is sent to sign in), and the page prints as the wall sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from flask import Response, current_app, request

from adjudicator.domain.officials_queue import TimeToRuling
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.words import duration
from adjudicator.service import finals
from adjudicator.service import tournaments as use
from adjudicator.service.exports import KEYS, Names, shown_key
from api.auth import may_call, sight
from api.console.blueprint import blueprint
from api.console.bracket import columns
from api.console.render import page
from api.routes.tournaments import tournaments


def _may_read() -> None:
    """The same rule as the API's tournament reads: a credential (else sign in first)."""
    may_call("getTournament")


@blueprint.get("/tournaments")
def tournament_list() -> Response:
    _may_read()
    read_models = current_app.extensions.get("adjudicator.read_models")
    listed = use.list_tournaments(read_models.queries() if read_models else None, sight().known.reach)
    return page("tournaments/list.html", tournaments=listed, title_of=lambda r: get_ruleset(r).title)


def _stages(sheets: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The sheets grouped as the day ran: each preliminary round, then the playoff."""
    stages: dict[str, list[dict[str, Any]]] = {}
    for sheet in sheets:
        heading = f"Round {sheet['round']}" if sheet["stage"] == "round" else "Playoff"
        stages.setdefault(heading, []).append(sheet)
    return list(stages.items())


def stored_hand(hand: str) -> str | None:
    """A sheet's hand as a stored hand's id (linked to the replay), or None (scored from paper)."""
    try:
        return str(UUID(hand))
    except ValueError:
        return None


def context(t: dict[str, Any]) -> dict[str, Any]:
    """What the tournament's standings, bracket and medals are drawn from (the page, its live part and
    the board)."""
    teams: Mapping[str, Mapping[str, Any]] = {team["team"]: team for team in t["teams"]}
    seeds = t["seeding"]["seeds"] if t["seeding"] else []
    return dict(
        t=t,
        ruleset=get_ruleset(t["ruleset"]),
        teams=teams,
        seed_of={team: n for n, team in enumerate(seeds, start=1)},
        keys=KEYS,
        shown_key=shown_key,
        drawn=columns(t["bracket"], seeds, Names(t).match) if t["bracket"] else [],
        played_at=played_at(t["sheets"]),
    )


def played_at(sheets: list[dict[str, Any]]) -> dict[str, int]:
    """The table each playoff match is played at, once the director has called it to one (a playoff
    match has no table of its own)."""
    return {s["match"]: s["table"] for s in sheets if s["stage"] == "playoff" and s["table"] is not None}


@blueprint.get("/tournaments/<uuid:tournament_id>")
def tournament_page(tournament_id: UUID) -> Response:
    _may_read()
    t = use.overview(tournaments(), tournament_id)
    return page(
        "tournaments/page.html",
        **context(t),
        stages=_stages(t["sheets"]),
        hand_id=stored_hand,
        ruling_times=_ruling_times(tournament_id),
        say_duration=duration,
        season=_season(tournament_id),
    )


def _season(tournament_id: UUID) -> dict[str, Any] | None:
    """The link both ways between a final and its qualifiers (None without the read models)."""
    read_models = current_app.extensions.get("adjudicator.read_models")
    if read_models is None:
        return None
    return finals.links(tournaments(), read_models.queries(), tournament_id, sight().known.reach)


@blueprint.get("/tournaments/<uuid:tournament_id>/live")
def tournament_live(tournament_id: UUID) -> Response:
    """The page's standings, bracket and medals alone, for ``live.js`` (304 while nothing moved)."""
    _may_read()
    return live(tournament_id, "tournaments/_live.html")


def live(
    tournament_id: UUID,
    template: str,
    more: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    **extra: Any,
) -> Response:
    """``template`` drawn from the tournament now (with what ``more`` draws from it too), tagged with
    its version; 304 if the reader has it."""
    known = str(use.version(tournaments(), tournament_id))
    if request.if_none_match.contains(known):
        return Response(status=304, headers={"ETag": f'"{known}"'})
    t = use.overview(tournaments(), tournament_id)
    answer = page(template, **context(t), **(more(t) if more else {}), **extra)
    answer.headers["ETag"] = f'"{t["version"]}"'
    answer.cache_control.no_cache = True
    return answer


def _ruling_times(tournament_id: UUID) -> TimeToRuling | None:
    """The day's time to ruling (``adjudicator.domain.officials_queue``), from the officials' queue
    when it is kept."""
    calls = current_app.extensions.get("adjudicator.calls")
    return None if calls is None else calls.time_to_ruling(str(tournament_id))
