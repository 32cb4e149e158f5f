"""The hands' pages: the list an official searches for the disputed hand, and the replay viewer.

``/console/hands`` lists from the read models exactly as ``GET /hands`` does (same filters, same
cursors); ``/console/hands/{id}?at=N`` opens the hand at moment N, and its script steps through the
hand by fetching ``…/moment?at=N`` (the same panel, without the page around it), so that every step is
also a link that opens exactly there.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, redirect, request
from marshmallow import ValidationError
from werkzeug.wrappers import Response as Redirect

from adjudicator.rulebooks import RULESETS, get_ruleset
from adjudicator.service.readmodels.listing import HAS_RULINGS, SORTS
from api.auth import sight
from api.console.blueprint import blueprint
from api.console.moment import SEATS, moment
from api.console.render import page
from api.routes.common import hands
from api.routes.hands import listed
from api.schemas.hand_list import HandListQuerySchema
from api.schemas.hands import PHASES

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


@blueprint.get("/hands")
def hand_list() -> Response:
    loaded, refused = _query()
    page_of_hands = listed(loaded)
    filters = {k: v for k, v in request.args.items() if k != "cursor" and v.strip()}
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
    )


def _at() -> int | None:
    raw = request.args.get("at", "")
    return int(raw) if raw.isdigit() and len(raw) < 10 else None


def _as_recorded() -> bool:
    """``?view=recorded``: the record event by event as it was keyed, before its corrections."""
    return request.args.get("view") == "recorded"


@blueprint.get("/hands/<uuid:hand_id>")
def replay(hand_id: UUID) -> Response:
    """Without ``at`` the replay opens before the first event, as a hand viewer does."""
    at = _at()
    shown = moment(hands(), hand_id, 0 if at is None else at, sight(), _as_recorded())
    return page("hands/replay.html", m=shown, seats=SEATS, ruleset=get_ruleset(shown.hand["ruleset"]))


@blueprint.get("/hands/<uuid:hand_id>/moment")
def moment_panel(hand_id: UUID) -> Response:
    shown = moment(hands(), hand_id, _at(), sight(), _as_recorded())
    return page("hands/moment.html", m=shown, seats=SEATS, ruleset=get_ruleset(shown.hand["ruleset"]))
