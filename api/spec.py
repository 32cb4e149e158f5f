"""openapi.yaml, generated from the marshmallow schemas so that the document cannot drift from the app.

``python -m api.spec > openapi.yaml`` (or ``adjudicator openapi --write``) regenerates it; a test
compares the file with ``build_spec()``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

from api.schemas import (
    EVENT_SCHEMAS,
    RECORDED_SCHEMAS,
    AppendedSchema,
    EventListSchema,
    HandRequestSchema,
    HandSchema,
    ProblemSchema,
    RecordedEvent,
    RulesetSchema,
    RulingListSchema,
    ScoreSchema,
    StateQuerySchema,
    StateSchema,
)

SPEC_PATH: Final = Path(__file__).resolve().parent.parent / "openapi.yaml"
VERSION: Final = "1.0.0"

JSON: Final = "application/json"
PROBLEM: Final = "application/problem+json"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _union(schemas: dict[str, Any], suffix: str) -> dict[str, Any]:
    names = {kind: schema.__name__ for kind, schema in schemas.items()}
    return {
        "oneOf": [_ref(name) for name in names.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: f"#/components/schemas/{name}" for kind, name in names.items()},
        },
    }


ETAG: Final = {
    "ETag": {
        "description": 'the hand\'s version, "N": send it in If-Match or If-None-Match',
        "required": True,
        "schema": {"type": "string"},
    }
}
HAND_ID: Final = {
    "name": "hand_id",
    "in": "path",
    "required": True,
    "description": "the hand's id, as POST /hands returned it",
    "schema": {"type": "string", "format": "uuid"},
}
IF_NONE_MATCH: Final = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "an ETag from an earlier response: 304 if the hand has not changed",
    "schema": {"type": "string"},
}
IF_MATCH: Final = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'append only if the hand is at this version ("N", its ETag); else 412',
    "schema": {"type": "string"},
}


def _problem(description: str, etag: bool = False) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {PROBLEM: {"schema": _ref("Problem")}},
    }
    if etag:
        response["headers"] = ETAG
    return response


def _ok(schema: str | dict[str, Any], description: str, etag: bool = True) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {JSON: {"schema": _ref(schema) if isinstance(schema, str) else schema}},
    }
    if etag:
        response["headers"] = ETAG
    return response


NOT_MODIFIED: Final = {"description": "the hand has not changed since that ETag", "headers": ETAG}
UNKNOWN_HAND: Final = _problem("no hand has this id (or the path names no resource)")
UNPARSEABLE: Final = _problem("the body is not JSON")
NOT_JSON: Final = _problem("the body is not application/json")
TOO_LARGE: Final = _problem("the body is larger than 1 MiB")


def _hand_get(
    summary: str,
    schema: str,
    description: str,
    extra: list[Any] | None = None,
    responses: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "operationId": "get" + schema,
            "parameters": [HAND_ID, IF_NONE_MATCH, *(extra or [])],
            "responses": {
                "200": _ok(schema, description),
                "304": NOT_MODIFIED,
                **(responses or {}),
                "404": UNKNOWN_HAND,
            },
        }
    }


def build_spec() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service, as a plain dict."""
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="Bid Whist rulings service",
        version=VERSION,
        openapi_version="3.1.0",
        plugins=[plugin],
        info={
            "description": (
                "An append-only record of Bid Whist hands: every deal, bid, card and call is an "
                "event; the service replays them into the table, the rulings (citing the governing "
                "rulebook) and the score. Errors are RFC 9457 problem details."
            )
        },
    )

    def recorded_event(_converter: Any, field: fields.Field[Any], **_: Any) -> dict[str, Any]:
        if isinstance(field, RecordedEvent):
            return _union(RECORDED_SCHEMAS, "Recorded")
        return {}

    plugin.converter.add_attribute_function(recorded_event)  # type: ignore[union-attr]
    for schema in (*EVENT_SCHEMAS.values(), *RECORDED_SCHEMAS.values()):
        spec.components.schema(schema.__name__, schema=schema)
    for name, schema in (
        ("Ruleset", RulesetSchema),
        ("HandRequest", HandRequestSchema),
        ("Score", ScoreSchema),
        ("Hand", HandSchema),
        ("Appended", AppendedSchema),
        ("EventList", EventListSchema),
        ("State", StateSchema),
        ("RulingList", RulingListSchema),
        ("Problem", ProblemSchema),
    ):
        spec.components.schema(name, schema=schema)
    event = _union(EVENT_SCHEMAS, "Event")
    spec.components.schema("Event", event)

    spec.path(
        path="/rulesets",
        operations={
            "get": {
                "summary": "The rulebooks a hand can be played under",
                "operationId": "listRulesets",
                "parameters": [IF_NONE_MATCH],
                "responses": {
                    "200": _ok({"type": "array", "items": _ref("Ruleset")}, "every ruleset"),
                    "304": {"description": "unchanged", "headers": ETAG},
                },
            }
        },
    )
    spec.path(
        path="/hands",
        operations={
            "post": {
                "summary": "Open a hand",
                "operationId": "openHand",
                "requestBody": {"required": True, "content": {JSON: {"schema": _ref("HandRequest")}}},
                "responses": {
                    "201": {
                        **_ok("Hand", "the hand, at version 0"),
                        "headers": {
                            **ETAG,
                            "Location": {
                                "description": "the hand's address",
                                "required": True,
                                "schema": {"type": "string"},
                            },
                        },
                        "links": {
                            "GetHand": {
                                "operationId": "getHand",
                                "parameters": {"hand_id": "$response.body#/id"},
                            },
                            "AppendEvents": {
                                "operationId": "appendEvents",
                                "parameters": {"hand_id": "$response.body#/id"},
                            },
                        },
                    },
                    "400": UNPARSEABLE,
                    "413": TOO_LARGE,
                    "415": NOT_JSON,
                    "422": _problem("the body is not a hand: `errors` names each member"),
                },
            }
        },
    )
    spec.path(
        path="/hands/{hand_id}",
        operations=_hand_get(
            "A hand: where it stands, its contract, its score and how many rulings", "Hand", "the hand now"
        ),
    )
    spec.path(
        path="/hands/{hand_id}/events",
        operations={
            **_hand_get("Every event recorded, in order", "EventList", "the hand's event log"),
            "post": {
                "summary": "Record one event, or an array of them (all or none)",
                "operationId": "appendEvents",
                "parameters": [HAND_ID, IF_MATCH],
                "requestBody": {
                    "required": True,
                    "content": {
                        JSON: {
                            "schema": {
                                "oneOf": [
                                    _ref("Event"),
                                    {"type": "array", "items": _ref("Event"), "minItems": 1, "maxItems": 200},
                                ]
                            }
                        }
                    },
                },
                "responses": {
                    "201": _ok("Appended", "recorded: the hand's version now"),
                    "400": UNPARSEABLE,
                    "404": UNKNOWN_HAND,
                    "409": _problem(
                        "another writer recorded events at the same moment: nothing was recorded; retry"
                    ),
                    "412": _problem(
                        "If-Match names a version the hand is no longer at: nothing was recorded", etag=True
                    ),
                    "413": TOO_LARGE,
                    "415": NOT_JSON,
                    "422": _problem(
                        "malformed (`errors`) or impossible (`field`, `event`, and for an array "
                        "`index`) event: nothing was recorded",
                        etag=True,
                    ),
                },
            },
        },
    )
    at = {
        "name": "at",
        "in": "query",
        "required": False,
        "description": StateQuerySchema().fields["at"].metadata["description"],
        "schema": {"type": "integer", "minimum": 0},
    }
    spec.path(
        path="/hands/{hand_id}/state",
        operations=_hand_get(
            "The table replayed to one moment",
            "State",
            "the replayed table",
            [at],
            {"400": _problem("`at` is not a whole number from 0")},
        ),
    )
    spec.path(
        path="/hands/{hand_id}/rulings",
        operations=_hand_get("Every ruling on the hand so far, with citations", "RulingList", "the rulings"),
    )
    spec.path(
        path="/hands/{hand_id}/score",
        operations=_hand_get("The hand's score as recorded so far", "Score", "the score"),
    )
    from api.tournament_spec import add_tournament_paths

    add_tournament_paths(spec)
    document: dict[str, Any] = spec.to_dict()
    return document


def render() -> str:
    return yaml.safe_dump(build_spec(), sort_keys=False, allow_unicode=True, width=100)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        SPEC_PATH.write_text(render())
    else:
        sys.stdout.write(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
