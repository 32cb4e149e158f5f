"""The hands' pages: the list an official searches for the disputed hand, and the replay viewer.

``/console/hands`` lists from the read models exactly as ``GET /hands`` does (same filters, same
cursors); ``/console/hands/{id}?at=N`` opens the hand at moment N, and its script steps through the
hand by fetching ``…/moment?at=N`` (the same panel, without the page around it), so that every step is
also a link that opens exactly there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from flask import Response, current_app, redirect, request
from marshmallow import ValidationError
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.service import tournaments as tournament_use
from adjudicator.service.hand_list import HAS_RULINGS, SORTS
from adjudicator.wire.schemas.hand_list import HandListQuerySchema
from adjudicator.wire.schemas.hands import PHASES
from api.auth import sight, who
from api.console.blueprint import blueprint
from api.console.moment import SEATS, moment
from api.console.render import page, team_name
from api.routes.hands import hands, listed

QUERY = HandListQuerySchema()


def _query() -> tuple[dict[str, Any], str | None]:
    """The list's query from the form; an empty field is no filter. A bad one is shown, not raised."""
    given = {k: v for k, v in request.args.items() if v.strip()}
    try:
        loaded: dict[str, Any] = QUERY.load(given)
    except ValidationError as error:
        said = error.messages if isinstance(error.messages, dict) else {"query": error.messages}
        return {"sort": "opened_at"}, "; ".join(
            f"{field}: {' '.join(map(str, why))}" for field, why in said.items()
        )
    return loaded, None


@blueprint.get("/")
def home() -> Redirect:
    return redirect("/console/hands", 302)


def _tournaments() -> list[dict[str, Any]]:
    """The tournaments to choose from by name: none for a reader who may not read tournaments."""
    read_models = current_app.extensions.get("adjudicator.read_models")
    if who() is None or read_models is None:
        return []
    return tournament_use.list_tournaments(read_models.queries(), sight().known.reach)


def _chosen(tournaments: Sequence[Mapping[str, Any]], given: str | None) -> list[Mapping[str, Any]]:
    """The tournaments the filter names (by id or name, as ``GET /hands`` matches them)."""
    if not given:
        return []
    said = given.strip().casefold()
    return [t for t in tournaments if said in (str(t["id"]), str(t["name"] or "").casefold())]


def outcome(score: Mapping[str, Any] | None, status: str) -> str:
    """Who won the hand, in words, for the list and the replay's heading (a hand scored by hands
    won, as Chicago's are, says so: its points are both nought)."""
    if not score or not score.get("final"):
        return "in play" if status not in ("complete", "closed", "void") else f"{status}, no score"
    if score.get("void"):
        return "void: no one scores"
    teams = ("north_south", "east_west")
    winner = score.get("winner")
    said = f"{team_name(winner)} won" if winner else "no winner"
    points, wins = score.get("points") or {}, score.get("hand_wins") or {}
    if any(points.get(t) for t in teams) or not any(wins.get(t) for t in teams):
        said += " · " + ", ".join(f"{team_name(t)} {points.get(t, 0)}" for t in teams)
    else:
        said += " · hands won: " + ", ".join(f"{team_name(t)} {wins.get(t, 0)}" for t in teams)
    return said + (" · a Boston" if score.get("boston") else "")


blueprint.add_app_template_global(outcome, "outcome")


@blueprint.get("/hands")
def hand_list() -> Response:
    loaded, refused = _query()
    page_of_hands = listed(loaded)
    filters = {k: v for k, v in request.args.items() if k != "cursor" and v.strip()}
    tournaments = _tournaments()
    chosen = _chosen(tournaments, filters.get("tournament"))
    tables = sorted({n for t in (chosen or tournaments) for n in t["tables"]})
    return page(
        "hands/list.html",
        hands=page_of_hands["hands"],
        next_cursor=page_of_hands["next"],
        filters=filters,
        refused=refused,
        rulesets=[(r, get_ruleset(r).title) for r in RULESETS],
        phases=PHASES,
        has_rulings=HAS_RULINGS,
        sorts=list(SORTS),
        first_page="cursor" in request.args,
        tournaments=tournaments,
        chosen=[str(t["id"]) for t in chosen],
        tables=tables,
    )


def _at() -> int | None:
    raw = request.args.get("at", "")
    return int(raw) if raw.isdigit() and len(raw) < 10 else None


def _as_recorded() -> bool:
    """``?view=recorded``: the record event by event as it was keyed, before its corrections."""
    return request.args.get("view") == "recorded"


@blueprint.get("/hands/<uuid:hand_id>")
def replay(hand_id: UUID) -> Response:
    """Without ``at`` the replay opens where a director looks first (``Moment.opening``)."""
    shown = moment(hands(), hand_id, _at(), sight(), _as_recorded(), first=True)
    return page("hands/replay.html", m=shown, seats=SEATS, ruleset=get_ruleset(shown.hand["ruleset"]))


@blueprint.get("/hands/<uuid:hand_id>/moment")
def moment_panel(hand_id: UUID) -> Response:
    shown = moment(hands(), hand_id, _at(), sight(), _as_recorded())
    return page("hands/moment.html", m=shown, seats=SEATS, ruleset=get_ruleset(shown.hand["ruleset"]))
