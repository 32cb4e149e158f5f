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
from api.declare import EVERYONE, ProblemType, route
from api.declare.answers import JSON, problem, ref
from api.problems import Problem

#: The app's event store (``Services.events``), as readiness asks it (``service.ports.Store``).
EVENTS = "adjudicator.events"

blueprint = Blueprint("health", __name__)
NO_STORE = {"Cache-Control": "no-store"}


@route(
    blueprint,
    "GET /healthz",
    "getHealth",
    summary="Whether the process lives (liveness): touches no store",
    description=(
        "Liveness, for a load balancer or an orchestrator: 200 while the process answers HTTP. It"
        " reads nothing, so it stays cheap and answers while slow clients hold connections. "
        "Anonymous, whatever `ADJUDICATOR_ANONYMOUS_READS` says."
    ),
    roles=EVERYONE,
    anonymous="probe",
    responses={
        "200": {"description": "the process answers HTTP", "content": {JSON: {"schema": ref("Health")}}}
    },
)
def healthz() -> Response:
    return Response('{"status":"ok"}', mimetype="application/json", headers=NO_STORE)


@route(
    blueprint,
    "GET /readyz",
    "getReadiness",
    summary="Whether the service can serve (readiness): the store answers; the read models' lag",
    description=(
        "Readiness: 200 when the event store answers a read and the read models are reachable, "
        "with how many events the read models have still to project (`lag`); 503 with a problem "
        "naming what does not answer. Anonymous."
    ),
    roles=EVERYONE,
    anonymous="probe",
    responses={
        "200": {
            "description": "the event store and the read models answer; `lag`: events not projected yet",
            "content": {JSON: {"schema": ref("Readiness")}},
        },
        "503": problem("the event store or the read models do not answer: `detail` says which"),
    },
    problems=[
        ProblemType(
            503, "not-ready", "`GET /readyz`: the event store or the read models do not answer (`detail`)"
        )
    ],
)
def readyz() -> Response:
    found = readiness(current_app.extensions[EVENTS], current_app.extensions.get("adjudicator.read_models"))
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
