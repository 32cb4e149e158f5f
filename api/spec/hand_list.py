"""The list of hands (``GET /hands``) in openapi.yaml, and the paging parameters of ``GET …/events``.

The query parameters are made from the query schemas themselves (``api.schemas.hand_list``): their
types, bounds, choices and defaults cannot drift from what the app accepts.
"""

from __future__ import annotations

from typing import Any

from apispec import APISpec
from marshmallow import Schema, fields, validate

from api.schemas import hand_list as schemas
from api.spec.common import PROBLEM, add_schemas, param, ref


def query_parameters(schema: type[Schema]) -> list[dict[str, Any]]:
    """Each field of a query schema as an optional query parameter."""
    parameters = []
    for name, field in schema().fields.items():
        described: dict[str, Any] = {"type": "integer" if isinstance(field, fields.Integer) else "string"}
        if isinstance(field, fields.UUID):
            described["format"] = "uuid"
        for validator in field.validators:
            if isinstance(validator, validate.Range):
                described.update(
                    minimum=validator.min, **({"maximum": validator.max} if validator.max else {})
                )
            elif isinstance(validator, validate.OneOf):
                described["enum"] = list(validator.choices)
            elif isinstance(validator, validate.Length):
                described.update(minLength=validator.min, maxLength=validator.max)
        if "default" in field.metadata:
            described["default"] = field.metadata["default"]
        parameters.append(param(name, "query", field.metadata["description"], described, required=False))
    return parameters


def invalid_query(description: str) -> dict[str, Any]:
    return {
        "description": f"urn:adjudicator:problem:invalid-query: {description}; `field` names the parameter",
        "content": {PROBLEM: {"schema": ref("Problem")}},
    }


EVENT_PAGE = query_parameters(schemas.EventPageQuerySchema)
EVENT_PAGE_ERROR = {"400": invalid_query("`after` or `limit` is out of bounds or not a whole number")}


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "HandListItem HandList")


def list_hands() -> dict[str, Any]:
    return {
        "get": {
            "summary": "Every hand, filtered, sorted and a page at a time (from the read models)",
            "description": (
                "Served from the read models, which lag the recorded events by up to about half a "
                "second: `position` (and the `X-Read-Model-Position` header) is the last notification "
                "of the event log they hold. Pages are keyset pages on (the sort key, the hand's id): "
                "follow `next` as `cursor`, with the same filters and sort, to the page where it is "
                "null; sorted by `opened_at`, hands opened meanwhile come after, none twice or missed. "
                "A hand shows where a tournament's sheet links it (`tournament`, `match`, `table`); "
                "without a credential, only finished hands are listed."
            ),
            "operationId": "listHands",
            "parameters": query_parameters(schemas.HandListQuerySchema),
            "responses": {
                "200": {
                    "description": "one page of hands",
                    "headers": {
                        "X-Read-Model-Position": {
                            "description": "the read models' position, as `position`",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    },
                    "content": {"application/json": {"schema": ref("HandList")}},
                },
                "400": invalid_query("a filter, the sort, the limit or the cursor is not one the list takes"),
                "503": {
                    "description": "the service keeps no read models (ADJUDICATOR_READ_MODELS is off)",
                    "content": {PROBLEM: {"schema": ref("Problem")}},
                },
            },
        }
    }
