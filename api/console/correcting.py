"""The official's correction of the record from the replay: the fields of an entry to edit, and
what a correction would change (``…/preview``) before it is posted as ``correct_record`` to
``POST /hands/{id}/events``, the same route and use case as any client's correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Response, jsonify, request
from marshmallow import ValidationError

from adjudicator.domain import words as say
from adjudicator.service import corrections
from adjudicator.service import hands as use
from adjudicator.service.errors import ServiceError
from adjudicator.wire.schemas.hand_events import load_events
from api.auth import sight, who
from api.console.blueprint import blueprint
from api.problems import Problem, invalid_body, service_problem
from api.routes.hands import hands

#: The members that name a seat: chosen from the four, as the recorder's forms do.
SEAT_MEMBERS = ("seat", "by", "against", "agreed_by")
#: What a listed event carries besides the event itself.
LISTED = ("version", "recorded_at", "author", "id")


def correctable(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The event itself, without what the listing adds: what a replacement starts from."""
    return {k: v for k, v in entry.items() if k not in LISTED}


def correction_fields(entry: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """Each member an official may change, as (path, label, value, kind): a list as its items
    separated by spaces, a mapping (a deal's hands) one field per key."""
    fields = []
    for key, value in correctable(entry).items():
        if key == "type":
            continue
        pairs = value.items() if isinstance(value, Mapping) else [(None, value)]
        for sub, item in pairs:
            path = key if sub is None else f"{key}.{sub}"
            label = say.kind(key) if sub is None else f"{say.kind(key)}: {say.words(sub)}"
            if isinstance(item, list):
                fields.append((path, label, " ".join(map(str, item)), "list"))
            elif key in SEAT_MEMBERS and sub is None:
                fields.append((path, label, "" if item is None else str(item), "seat"))
            elif isinstance(item, int) and not isinstance(item, bool):
                fields.append((path, label, str(item), "number"))
            else:
                fields.append((path, label, "" if item is None else str(item), "text"))
    return fields


blueprint.add_app_template_filter(correctable, "correctable")
blueprint.add_app_template_global(correction_fields, "correction_fields")


def _said(judged: Mapping[str, Any]) -> dict[str, Any]:
    rulings, score = judged["rulings"], judged["score"]
    return {"score": say.score(score, rulings), "rulings": [say.ruling(r, score) for r in rulings]}


@blueprint.post("/hands/<uuid:hand_id>/preview")
def preview(hand_id: UUID) -> Response:
    """What these events (a correction) would change: the rulings and score in words, now and after;
    always 200, ``{"ok": false, "problem"}`` when they would be refused. An official's page only."""
    reader = who()
    if reader is None or reader.role != "official":
        return _refused(Problem(403, "forbidden", "Forbidden", "only an official corrects the record"))
    try:
        events, _ = load_events(request.get_json(silent=True))
        before, after = corrections.preview(hands(), hand_id, events, sight())
    except ValidationError as error:
        return _refused(invalid_body(error, array=False))
    except ServiceError as error:
        return _refused(service_problem(error, array=False), _moments(hand_id))
    return jsonify({"ok": True, "before": _said(before), "after": _said(after)})


def _moments(hand_id: UUID) -> say.Moments:
    """Where the hand's events fell, so that a refusal says "in book 3", not an event's number."""
    try:
        return say.moments(use.state(hands(), hand_id, None, sight()))
    except ServiceError:
        return say.NOWHERE


def _refused(problem: Problem, at: say.Moments = say.NOWHERE) -> Response:
    detail = say.prose(problem.detail, at)
    return jsonify({"ok": False, "problem": {"title": problem.title, "detail": detail}})
