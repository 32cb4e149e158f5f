"""``GET /healthz`` and ``GET /readyz``: what a load balancer or an orchestrator asks, anonymously.

``/healthz``: the process lives and answers HTTP; it touches no store, so it stays cheap however the
store is doing. ``/readyz``: the event store answers a query and the read models theirs (200, with
how far the read models lag behind the log); else 503, a problem saying what does not answer. The
front (``api.front``) never counts a probe against its client, so a probe is answered whatever
other requests that client has in flight.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app

from adjudicator.service.health import readiness
from api.auth import operation
from api.problems import Problem
from api.routes.common import hands

blueprint = Blueprint("health", __name__)
NO_STORE = {"Cache-Control": "no-store"}


@blueprint.get("/healthz")
@operation("getHealth")
def healthz() -> Response:
    return Response('{"status":"ok"}', mimetype="application/json", headers=NO_STORE)


@blueprint.get("/readyz")
@operation("getReadiness")
def readyz() -> Response:
    found = readiness(hands().events, current_app.extensions.get("adjudicator.read_models"))
    if not found.ready:
        detail = str(found.problem)
        raise Problem(503, "not-ready", "Service Unavailable", detail, NO_STORE, store=found.store)
    body = {
        "status": "ready",
        "store": found.store,
        "last_event": found.last_event,
        "read_models": found.read_models,
        "lag": found.lag,
    }
    return Response(json.dumps(body), mimetype="application/json", headers=NO_STORE)
