"""The officials' queue: ``GET /calls``, ``POST /calls/{call_id}/claim`` and ``GET /calls/stream``.

The stream's answer here is one server-sent event, the queue as it stands, with ``retry``: under
granian the front (``api.front.CallStream``) keeps the connection open and sends each change as it
comes, rendering it through this same route (so one authentication, one sight) without holding a
request thread while it waits; behind any other server the client's ``EventSource`` reconnects.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app

from adjudicator.adapters.readmodels.listing import ReadModelsOff
from adjudicator.calls import Call
from adjudicator.service.calls import Calls
from api.auth import author, operation, sight, who
from api.routes.common import answer, query
from api.schemas.calls import CallListQuerySchema, CallListSchema, CallSchema

blueprint = Blueprint("calls", __name__)
LISTED, ONE, QUERY = CallListSchema(), CallSchema(), CallListQuerySchema()
EVENT_STREAM = "text/event-stream"
#: How soon a client that lost the stream (or one behind a server that ends it) comes back, in ms.
RETRY_MS = 1000


def queue() -> Calls:
    found: Calls | None = current_app.extensions.get("adjudicator.calls")
    if found is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return found


def _listed() -> list[Call]:
    asked = query(QUERY)
    tournament = str(asked["tournament"]) if "tournament" in asked else None
    status = [asked["status"]] if "status" in asked else []
    return queue().listed(sight(), tournament, status)


@blueprint.get("/calls")
@operation("listCalls")
def list_calls() -> Response:
    calls = _listed()
    response = answer(LISTED, {"calls": [c.to_dict() for c in calls]})
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/calls/<string:call_id>/claim")
@operation("claimCall")
def claim_call(call_id: str) -> Response:
    credential = who()
    assert credential is not None  # claimCall is an official's: authority refused anyone else
    claimed = queue().claim(call_id, credential.name, author())
    return answer(ONE, claimed.to_dict())


@blueprint.get("/calls/stream")
@operation("followCalls")
def follow_calls() -> Response:
    position = queue().position()
    data = json.dumps(LISTED.dump({"calls": [c.to_dict() for c in _listed()]}), separators=(",", ":"))
    text = f"retry: {RETRY_MS}\nid: {position}\nevent: calls\ndata: {data}\n\n"
    response = Response(text, mimetype=EVENT_STREAM)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
