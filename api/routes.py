"""The routes: thin adapters from HTTP to the hand store and the domain, and back.

Every hand response carries the hand's version as a strong ``ETag`` (``"N"``): send it back in
``If-Match`` to append only if nothing was recorded meanwhile, or in ``If-None-Match`` to get a
304 when nothing changed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema, ValidationError

from adjudicator.events import IllegalEvent
from adjudicator.rulebooks import RULESETS
from adjudicator.service.store import (
    CommitConflict,
    EventRefused,
    HandNotFound,
    HandStore,
    HandView,
    StaleVersion,
    VersionOutOfRange,
)
from api.problems import Problem, invalid_body
from api.schemas import (
    AppendedSchema,
    EventListSchema,
    HandRequestSchema,
    HandSchema,
    RulesetSchema,
    RulingListSchema,
    ScoreSchema,
    StateQuerySchema,
    StateSchema,
    load_events,
)

blueprint = Blueprint("hands", __name__)
# Schemas hold no per-request state: one instance each, made once.
APPENDED, EVENT_LIST, HAND_REQUEST, HAND = (
    AppendedSchema(),
    EventListSchema(),
    HandRequestSchema(),
    HandSchema(),
)
RULESET_LIST, RULING_LIST, SCORE = RulesetSchema(many=True), RulingListSchema(), ScoreSchema()
STATE_QUERY, STATE = StateQuerySchema(), StateSchema()
VERSION_TAG = re.compile(r"[0-9]{1,9}")


def _store() -> HandStore:
    store: HandStore = current_app.extensions["adjudicator.service.store"]
    return store


def _etag(version: int) -> dict[str, str]:
    return {"ETag": f'"{version}"'}


def _json(
    schema: Schema,
    data: Any,
    status: int = 200,
    etag: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Dump through the schema; answer 304 to a GET whose If-None-Match names this ETag."""
    if etag is not None and request.method in ("GET", "HEAD") and request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = Response(
            json.dumps(schema.dump(data), separators=(",", ":")), status=status, mimetype="application/json"
        )
    if etag is not None:
        response.set_etag(etag)
    response.headers.update(headers or {})
    return response


def _body() -> Any:
    """The request's JSON: 415 unless it says it is JSON, 400 unless it parses."""
    return request.get_json()


def _read(hand_id: UUID, reader: Callable[[HandView], Any], at: int | None = None) -> Any:
    try:
        return _store().read(hand_id, reader, at)
    except HandNotFound as error:
        raise Problem(404, "unknown-hand", "Unknown hand", str(error)) from None
    except VersionOutOfRange as error:
        raise Problem(
            404,
            "version-out-of-range",
            "No such version",
            str(error),
            version=error.latest,
            headers=_etag(error.latest),
        ) from None


def summary(view: HandView) -> dict[str, Any]:
    """What GET /hands/{id} shows: the hand, where it stands, its score and its rulings' count."""
    judged = view.judged()
    counts = dict.fromkeys(("detected", "pending", "established", "dismissed"), 0)
    for ruling in judged.rulings:
        counts[ruling.status] += 1
    return {
        "id": view.id,
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "players": view.players,
        "label": view.label,
        "opened_at": view.opened_at,
        "version": view.version,
        "status": view.table.phase,
        "turn": view.table.state()["turn"],
        "contract": view.table.contract.to_dict() if view.table.contract else None,
        "score": judged.score,
        "rulings": {"total": len(judged.rulings), **counts},
    }


@blueprint.get("/rulesets")
def rulesets() -> Response:
    data = [ruleset.to_dict() for ruleset in RULESETS.values()]
    etag = hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]
    return _json(RULESET_LIST, data, etag=etag)


@blueprint.post("/hands")
def open_hand() -> Response:
    data = HAND_REQUEST.load(_body())
    view = _store().open_hand(data["ruleset"], data["dealer"], data.get("players"), data.get("label"))
    body = _store().read(view.id, summary)
    return _json(HAND, body, 201, str(view.version), {"Location": f"/hands/{view.id}"})


@blueprint.get("/hands/<uuid:hand_id>")
def hand(hand_id: UUID) -> Response:
    body = _read(hand_id, summary)
    return _json(HAND, body, etag=str(body["version"]))


def _if_match() -> set[int] | None:
    """The versions ``If-Match`` allows: None without the header or with ``*``."""
    if "If-Match" not in request.headers or request.if_match.star_tag:
        return None
    tags = (tag for tag in request.if_match.as_set() if isinstance(tag, str))
    return {int(tag) for tag in tags if VERSION_TAG.fullmatch(tag)}


@blueprint.post("/hands/<uuid:hand_id>/events")
def append(hand_id: UUID) -> Response:
    body = _body()
    try:
        events, array = load_events(body)
    except ValidationError as error:
        version = _read(hand_id, lambda view: view.version)
        raise invalid_body(error, isinstance(body, list), _etag(version)) from None
    try:
        version = _store().append(hand_id, events, _if_match())
    except HandNotFound as error:
        raise Problem(404, "unknown-hand", "Unknown hand", str(error)) from None
    except StaleVersion as error:
        raise Problem(
            412,
            "stale-version",
            "Precondition Failed",
            str(error),
            _etag(error.current),
            version=error.current,
        ) from None
    except CommitConflict as error:
        raise Problem(409, "commit-conflict", "Conflict", str(error)) from None
    except EventRefused as refused:
        raise _refused(refused.error, refused.position, refused.version, array) from None
    return _json(APPENDED, {"version": version}, 201, str(version))


def _refused(error: IllegalEvent, position: int, version: int, array: bool) -> Problem:
    members: dict[str, Any] = {"field": error.field, "event": error.index, "version": version}
    pointer = f"/{error.field}" if error.field else ""
    where = f"event {error.index}"
    if array:
        members["index"] = position
        pointer = f"/{position}{pointer}"
        where = f"event {position} of the array (it would be event {error.index} of the hand)"
    detail = f"{where}: {error.message}" + (f" [{error.field}]" if error.field else "")
    detail += "; nothing was recorded"
    return Problem(
        422, "illegal-event", "Impossible event", detail, _etag(version), pointer=pointer, **members
    )


@blueprint.get("/hands/<uuid:hand_id>/events")
def events(hand_id: UUID) -> Response:
    def listing(view: HandView) -> dict[str, Any]:
        return {
            "version": view.version,
            "events": [{"version": e.version, **e.entry, "recorded_at": e.recorded_at} for e in view.events],
        }

    body = _read(hand_id, listing)
    return _json(EVENT_LIST, body, etag=str(body["version"]))


@blueprint.get("/hands/<uuid:hand_id>/state")
def state(hand_id: UUID) -> Response:
    try:
        query = STATE_QUERY.load(request.args)
    except ValidationError as error:
        problem = invalid_body(error, array=False)
        raise Problem(400, "invalid-query", "Invalid query", problem.detail, **problem.members) from None
    body = _read(hand_id, lambda view: view.table.state(), query.get("at"))
    return _json(STATE, body, etag=str(body["version"]))


@blueprint.get("/hands/<uuid:hand_id>/rulings")
def rulings(hand_id: UUID) -> Response:
    version, data = _read(hand_id, lambda view: (view.version, view.judged().rulings_data()))
    return _json(RULING_LIST, {"rulings": data}, etag=str(version))


@blueprint.get("/hands/<uuid:hand_id>/score")
def score(hand_id: UUID) -> Response:
    version, data = _read(hand_id, lambda view: (view.version, view.judged().score))
    return _json(SCORE, data, etag=str(version))
