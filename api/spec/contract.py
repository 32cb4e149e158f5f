"""The document about itself: the two routes that serve it, its tags, and the problem types.

``GET /openapi.json`` and ``GET /openapi.yaml`` are in the contract like any route (roles from
``authority.OPERATIONS``, 304 on a matching ``If-None-Match``), so that a client reading the
document finds where it came from. Every operation is tagged by the resource its path starts with,
which is how the console's API reference groups them; ``x-problem-types`` lists every problem
``type`` an answer can carry, with its status and when (the API documentation's table, as data).
"""

from __future__ import annotations

from typing import Any, Final

from apispec import APISpec

from api.spec.common import JSON

YAML: Final = "application/yaml"
#: Each tag (the first segment of its operations' paths) and what it is about.
TAGS: Final = {
    "rulesets": "The rulebooks a hand can be played under.",
    "hands": "Hands: opened, recorded event by event, replayed into the table, the rulings and the score.",
    "tournaments": "Tournaments: registration, draws and seating, score sheets, standings, the playoff.",
    "calls": "The officials' queue: calls waiting for an official, claimed, ruled; and its live stream.",
    "contract": "This document, as the running service serves it.",
    "health": "Probes for load balancers and orchestrators: anonymous, whatever ADJUDICATOR_ANONYMOUS_READS.",
    "metrics": "The service's own numbers, for a Prometheus scraper.",
}
#: Every problem ``type`` (``urn:adjudicator:problem:<slug>``, or ``about:blank``): status and when.
PROBLEM_TYPES: Final = (
    (400, "unparseable-json", "the body is not JSON (also NaN, Infinity, a number of thousands of digits)"),
    (400, "json-too-deep", "arrays and objects nested more than 32 deep"),
    (
        400,
        "lone-surrogate",
        "a string or member name with an unpaired UTF-16 surrogate; `pointer` says where",
    ),
    (400, "malformed-precondition", "If-Match or If-None-Match is not * or a list of quoted entity tags"),
    (400, "invalid-query", "a query parameter out of bounds or not one the route takes (`field`: which)"),
    (401, "unauthenticated", "no credential where one is needed; an unknown or revoked token"),
    (403, "forbidden", "the credential's role, or its tournament and table, does not allow it (`needs`)"),
    (404, "unknown-hand", "no such hand"),
    (404, "unknown-tournament", "no such tournament"),
    (404, "unknown-call", "no such call"),
    (404, "unknown-match", "the tournament has no match of that id"),
    (404, "version-out-of-range", "`at` names an event the hand or tournament does not have yet"),
    (408, "body-timeout", "a body that did not arrive whole within ADJUDICATOR_BODY_TIMEOUT seconds (30)"),
    (409, "commit-conflict", "another process recorded events at the same moment, twice over"),
    (409, "integrity-error", "the stored records fail their hash chain (`record`, `event`, `problem`)"),
    (409, "call-claimed", "the call is held by another official, or was ruled: nothing was recorded"),
    (409, "idempotency-conflict", "an event's `id` was used before for another event"),
    (412, "stale-version", "If-Match names a version the hand or tournament is no longer at"),
    (422, "invalid-body", "the body has the wrong shape (`errors`, `field`, `pointer`)"),
    (422, "illegal-event", "the domain refuses the event as impossible (`field`, `event`, `index`)"),
    (422, "unknown-hand", "the hand a sheet would link is not in the hand store"),
    (
        422,
        "invalid-record",
        "a text hand record that does not read: which `line` (from 1) of which `hand` (from 0)",
    ),
    (
        429,
        "too-many-requests",
        "the client (its address) has ADJUDICATOR_CLIENT_REQUESTS requests (32) in flight already; "
        "`Retry-After` says when to retry",
    ),
    (500, "internal", "an error the service did not expect: it is logged (the tests fail on any)"),
    (503, "read-models-off", "the service keeps no read models to list from"),
    (503, "not-ready", "`GET /readyz`: the event store or the read models do not answer (`detail`)"),
    (
        "404 405 413 415",
        "about:blank",
        "plain HTTP: no such route (404), wrong method (405, `Allow`), a body over 1 MiB "
        "(413), a body that is not application/json (415)",
    ),
)
PROBLEM_PREFIX: Final = "urn:adjudicator:problem:"


def _served(summary: str, op: str, media: str, described: str) -> dict[str, Any]:
    etag = {"ETag": {"description": "the document's digest", "required": True, "schema": {"type": "string"}}}
    return {
        "get": {
            "summary": summary,
            "operationId": op,
            "parameters": [
                {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": False,
                    "description": "the ETag of an earlier answer: 304 while the document is the same",
                    "schema": {"type": "string"},
                }
            ],
            "responses": {
                "200": {
                    "description": described,
                    "content": {media: {"schema": {"type": "object"}}},  # YAML too: the same document
                    "headers": etag,
                },
                "304": {"description": "the document has not changed since that ETag", "headers": etag},
            },
        }
    }


def add_paths(spec: APISpec) -> None:
    described = "the OpenAPI document this service answers by"
    spec.path("/openapi.json", operations=_served("This document, as JSON", "getContract", JSON, described))
    described = "the same document, as the repository's openapi.yaml holds it"
    spec.path(
        "/openapi.yaml", operations=_served("This document, as YAML", "getContractYaml", YAML, described)
    )


def finish(document: dict[str, Any]) -> None:
    """Tag every operation by its path's first segment; list the tags and the problem types."""
    for path, operations in document["paths"].items():
        first = path.strip("/").split("/")[0]
        tag = "contract" if first.startswith("openapi") else first
        tag = "health" if first in ("healthz", "readyz") else tag
        for operation in operations.values():
            operation["tags"] = [tag]
    document["tags"] = [{"name": name, "description": text} for name, text in TAGS.items()]
    document["x-problem-types"] = [
        {
            "type": slug if slug == "about:blank" else PROBLEM_PREFIX + slug,
            "status": [int(n) for n in str(status).split()],
            "when": when,
        }
        for status, slug, when in PROBLEM_TYPES
    ]
