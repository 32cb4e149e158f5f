"""The scorekeeper's table recorder: open a hand, tap its deal, bids, cards and calls as they fall.

``/console/record`` opens a hand; ``/console/record/{id}`` records it, phone first. Its script
(``static/recorder.js``) keeps every entry in the browser, with an id of its own, until the REST
API has it (``POST /hands/{id}/events``, an idempotent append), so a dropped connection loses
nothing and a retried entry is never recorded twice. Before it posts, the script asks
``…/check`` whether the entry would be recorded: a refusal comes back as an answer the page shows
with the engine's own words, not as a failed request. ``…/panel`` is the table after each entry.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, jsonify, request
from marshmallow import ValidationError

from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.service import authority, trial
from adjudicator.service import hands as use
from adjudicator.service.authority import Unauthenticated
from adjudicator.service.errors import ServiceError
from adjudicator.wire.schemas.hand_events import load_events
from api.auth import credentials, sight, who
from api.console.blueprint import blueprint
from api.console.moment import SEATS
from api.console.recording import recording
from api.console.render import page
from api.problems import Problem, invalid_body, service_problem
from api.routes.hands import hands


def _signed_in() -> None:
    if who() is None:
        raise Unauthenticated("recording at the table needs a scorekeeper's credential")


@blueprint.get("/record")
def open_form() -> Response:
    _signed_in()
    rulesets = [(r, get_ruleset(r).title) for r in RULESETS]
    return page("record/open.html", rulesets=rulesets, seats=SEATS)


@blueprint.get("/record/<uuid:hand_id>")
def recorder(hand_id: UUID) -> Response:
    _signed_in()
    shown = recording(hands(), hand_id, sight())
    return page("record/table.html", r=shown, seats=SEATS, official=_official())


@blueprint.get("/record/<uuid:hand_id>/panel")
def panel(hand_id: UUID) -> Response:
    _signed_in()
    shown = recording(hands(), hand_id, sight())
    return page("record/panel.html", r=shown, seats=SEATS, official=_official())


def _official() -> bool:
    reader = who()
    return reader is not None and reader.role == "official"


@blueprint.post("/record/<uuid:hand_id>/check")
def check(hand_id: UUID) -> Response:
    """Would the REST API record these events now? ``{"ok", "recorded"?, "problem"?}``, always 200."""
    try:
        _signed_in()
        events, _ = load_events(request.get_json(silent=True))
        permit = authority.hand_writer(who(), credentials(), sight().known, hand_id)
        if permit is not None:  # the append's own check: a private tournament's hand is not there
            permit(use.opened(hands(), hand_id), events)
        recorded = trial.try_append(hands(), hand_id, events, sight())
    except ValidationError as error:
        return _refused(invalid_body(error, array=False))
    except ServiceError as error:
        return _refused(service_problem(error, array=False))
    return jsonify({"ok": True, "recorded": recorded})


def _refused(problem: Problem) -> Response:
    said: dict[str, Any] = {"status": problem.status, "title": problem.title, "detail": problem.detail}
    return jsonify({"ok": False, "problem": {"type": problem.type, **said, **problem.members}})
