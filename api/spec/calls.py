"""The officials' queue in openapi.yaml: ``/calls``, ``/calls/{call_id}/claim``, ``/calls/stream``."""

from __future__ import annotations

from typing import Any

from apispec import APISpec

from api.schemas import calls as schemas
from api.spec.common import JSON, PROBLEM, add_schemas, param, ref
from api.spec.hand_list import invalid_query, query_parameters

LAG = (
    "Derived from the recorded events (the read models, which lag them by about half a second): a call "
    "is open from the event that made it until the event that rules it (the finding, the choice, the "
    "proof, the dispute's ruling); a claim is an official's own recorded fact. Each call's words go "
    "through the reader's sight: another table's scorekeeper does not read the cards of a hand in play."
)


def _problem(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM: {"schema": ref("Problem")}}}


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "Call CallList")


def add_paths(spec: APISpec) -> None:
    off = _problem("the service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    filters = query_parameters(schemas.CallListQuerySchema)
    spec.path(
        "/calls",
        operations={
            "get": {
                "summary": "The calls waiting for an official, claimed, or ruled (oldest first)",
                "description": LAG,
                "operationId": "listCalls",
                "parameters": filters,
                "responses": {
                    "200": {"description": "the calls", "content": {JSON: {"schema": ref("CallList")}}},
                    "400": invalid_query("a filter is not one the queue takes"),
                    "503": off,
                },
            }
        },
    )
    spec.path(
        "/calls/{call_id}/claim",
        operations={
            "post": {
                "summary": "Claim a call: this official is on the way to its table",
                "description": (
                    "Recorded as an event (the call's claim log), never an edit; claiming again a call "
                    "one already holds records nothing. The ruling itself (a finding, a choice, a "
                    "dispute's ruling) is what closes the call."
                ),
                "operationId": "claimCall",
                "parameters": [
                    param("call_id", "path", "the call's id, as GET /calls lists it", {"type": "string"})
                ],
                "responses": {
                    "200": {"description": "the call, claimed", "content": {JSON: {"schema": ref("Call")}}},
                    "404": _problem("urn:adjudicator:problem:unknown-call: no such call"),
                    "409": _problem(
                        "urn:adjudicator:problem:call-claimed: another official holds it, or it was ruled"
                    ),
                    "503": off,
                },
            }
        },
    )
    spec.path(
        "/calls/stream",
        operations={
            "get": {
                "summary": "Follow the queue live (server-sent events)",
                "description": (
                    "A `text/event-stream`: an event `calls` whose `data` is the queue (as GET /calls "
                    "answers it, with the same filters) and whose `id` is the read models' position, "
                    "sent at once and again whenever the queue changes (checked about twice a second). "
                    "Under `adjudicator serve` the connection stays open without holding a request "
                    "thread; behind another server the answer is one event, and `retry` brings the "
                    "client back. " + LAG
                ),
                "operationId": "followCalls",
                "parameters": filters,
                "responses": {
                    "200": {
                        "description": "the stream of the queue's states",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    },
                    "400": invalid_query("a filter is not one the queue takes"),
                    "503": off,
                },
            }
        },
    )
