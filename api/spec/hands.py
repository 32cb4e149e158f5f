"""The hands' part of openapi.yaml: /rulesets, /hands and every /hands/{hand_id} path."""

from __future__ import annotations

from typing import Any, Final

from apispec import APISpec

from adjudicator.limits import MAX_HAND_EVENTS
from api.schemas import hands as schemas
from api.schemas.common import MAX_BATCH, AuthorSchema, ProblemSchema
from api.schemas.hand_events import EVENT_SCHEMAS, RECORDED_SCHEMAS
from api.spec.common import JSON, Resource, add_schemas, at_query, ref, union
from api.spec.hand_list import EVENT_PAGE, EVENT_PAGE_ERROR, list_hands

HAND: Final = Resource(
    "hand",
    etag="the hand's version, \"N\", with the sight it was read with when narrower than an official's "
    '("N-table": no uncalled ruling; "N-public": no concealed card either): send it in If-Match or '
    "If-None-Match",
    if_match='append only if the hand is at this version ("N", or an ETag read of it); else 412',
    created_by="POST /hands",
)


def recorded_event() -> dict[str, Any]:
    """A recorded event of any type (``api.schemas.hand_events.RecordedEvent``)."""
    return union({kind: schema.__name__ for kind, schema in RECORDED_SCHEMAS.items()})


def add_components(spec: APISpec) -> None:
    spec.components.schema("Author", schema=AuthorSchema)
    for schema in (*EVENT_SCHEMAS.values(), *RECORDED_SCHEMAS.values()):
        spec.components.schema(schema.__name__, schema=schema)
    names = "Ruleset HandRequest Score Hand Appended EventList State RulingList"
    add_schemas(spec, schemas, names, Problem=ProblemSchema)  # the problem schema: every resource's
    spec.components.schema("Event", union({kind: schema.__name__ for kind, schema in EVENT_SCHEMAS.items()}))


def _open() -> dict[str, Any]:
    hand_id = {"hand_id": "$response.body#/id"}
    return {
        "post": {
            "summary": "Open a hand",
            "operationId": "openHand",
            "requestBody": {"required": True, "content": {JSON: {"schema": ref("HandRequest")}}},
            "responses": {
                "201": {
                    **HAND.ok("Hand", "the hand, at version 0"),
                    "headers": {
                        **HAND.etag,
                        "Location": {
                            "description": "the hand's address",
                            "required": True,
                            "schema": {"type": "string"},
                        },
                    },
                    "links": {
                        "GetHand": {"operationId": "getHand", "parameters": hand_id},
                        "AppendEvents": {"operationId": "appendEvents", "parameters": dict(hand_id)},
                    },
                },
                **HAND.body_errors,
                "422": HAND.problem("the body is not a hand: `errors` names each member"),
            },
        }
    }


def _append() -> dict[str, Any]:
    errors = HAND.body_errors
    return HAND.post(
        "Record one event, or an array of them (all or none)",
        "appendEvents",
        {
            "oneOf": [
                ref("Event"),
                {"type": "array", "items": ref("Event"), "minItems": 1, "maxItems": MAX_BATCH},
            ]
        },
        ("Appended", "recorded: the hand's version now"),
        {
            "400": errors["400"],
            "404": HAND.unknown,
            "409": HAND.problem(
                "another writer recorded events at the same moment: nothing was recorded; retry"
            ),
            "412": HAND.problem(
                "If-Match names a version the hand is no longer at: nothing was recorded", etag=True
            ),
            "413": errors["413"],
            "415": errors["415"],
            "422": HAND.problem(
                "malformed (`errors`) or impossible (`field`, `event`, and for an array "
                f"`index`) event, or one past the hand's {MAX_HAND_EVENTS}th (a hand holds at most "
                f"{MAX_HAND_EVENTS} events; a real one about 60): nothing was recorded",
                etag=True,
            ),
        },
    )


def add_paths(spec: APISpec) -> None:
    rulesets = {
        "summary": "The rulebooks a hand can be played under",
        "operationId": "listRulesets",
        "parameters": [HAND.if_none_match],
        "responses": {
            "200": HAND.ok({"type": "array", "items": ref("Ruleset")}, "every ruleset"),
            "304": {"description": "unchanged", "headers": HAND.etag},
        },
    }
    spec.path(path="/rulesets", operations={"get": rulesets})
    spec.path(path="/hands", operations={**list_hands(), **_open()})
    summary = "A hand: where it stands, its contract, its score and how many rulings"
    spec.path(path="/hands/{hand_id}", operations=HAND.get(summary, "getHand", "Hand", "the hand now"))
    spec.path(
        path="/hands/{hand_id}/events",
        operations={
            **HAND.get(
                "Every event recorded, in order (a page of them with `after` or `limit`)",
                "getEventList",
                "EventList",
                "the hand's event log",
                EVENT_PAGE,
                EVENT_PAGE_ERROR,
            ),
            **_append(),
        },
    )
    at = at_query(schemas.StateQuerySchema)
    spec.path(
        path="/hands/{hand_id}/state",
        operations=HAND.get(
            "The table replayed to one moment",
            "getState",
            "State",
            "the replayed table",
            [at],
            {"400": HAND.problem("`at` is not a whole number from 0")},
        ),
    )
    ruled = "Every ruling on the hand so far, with citations"
    spec.path(
        path="/hands/{hand_id}/rulings",
        operations=HAND.get(ruled, "getRulingList", "RulingList", "the rulings"),
    )
    scored = "The hand's score as recorded so far"
    spec.path(path="/hands/{hand_id}/score", operations=HAND.get(scored, "getScore", "Score", "the score"))
