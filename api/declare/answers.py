"""The pieces of a declaration every resource shares: references, parameters, answers, problems.

A ``Resource`` (a hand, a tournament) makes its own headers and parameters once, so that the same
ETag header or id parameter is one object wherever the document uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from marshmallow import Schema, fields, validate

JSON: Final = "application/json"
PROBLEM: Final = "application/problem+json"
#: An answer's schema: a marshmallow schema, class or instance (apispec refers to its component), a
#: component's name, or an inline JSON schema.
Answer = Schema | type[Schema] | str | dict[str, Any]


@dataclass(frozen=True, slots=True)
class ProblemType:
    """A problem ``type`` a route introduces (``urn:adjudicator:problem:<slug>``): its status and when."""

    status: int
    slug: str
    when: str


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def param(
    name: str, where: str, description: str, schema: dict[str, Any], required: bool = True
) -> dict[str, Any]:
    return {"name": name, "in": where, "required": required, "description": description, "schema": schema}


EVENT_STREAM: Final = "text/event-stream"


def event_stream(description: str, event: str, data: str, words: str) -> dict[str, Any]:
    """A server-sent events answer, described as OpenAPI 3.2 does: ``itemSchema``, each event's
    fields as an SSE parser reads them (``event`` named ``event``, ``data`` the JSON of the component
    ``data``, ``id``, ``retry``), and no ``schema``. A ``schema`` of one JSON object had a generated
    client wait for the stream to end as one value; 3.2 reads a ``schema`` beside ``itemSchema`` as
    the whole stream, an array. The document stays 3.1, which generators read (3.2 they refuse):
    schemathesis and 3.2 tools read ``itemSchema`` there, a generator gives the answer's bytes."""
    item = {
        "type": "object",
        "description": "one event, its fields as an SSE parser reads them from its lines",
        "properties": {
            "event": {"type": "string", "const": event, "description": "the event's name"},
            "data": {
                "type": "string",
                "contentMediaType": JSON,
                "contentSchema": ref(data),
                "description": words,
            },
            "id": {"type": "string", "description": "the read models' position: send it as Last-Event-ID"},
            "retry": {"type": "integer", "description": "milliseconds before a client reconnects"},
        },
        "required": ["event", "data", "id"],
    }
    return {"description": description, "content": {EVENT_STREAM: {"itemSchema": item}}}


def problem(description: str) -> dict[str, Any]:
    """A problem+json answer."""
    return {"description": description, "content": {PROBLEM: {"schema": ref("Problem")}}}


def query_parameters(schema: type[Schema]) -> list[dict[str, Any]]:
    """Each field of a query schema as an optional query parameter: its types, bounds, choices and
    defaults cannot drift from what the app accepts."""
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
        parameter = param(name, "query", field.metadata["description"], described, required=False)
        if field.metadata.get("deprecated"):
            parameter["deprecated"] = True
        parameters.append(parameter)
    return parameters


def invalid_query(description: str) -> dict[str, Any]:
    return problem(f"urn:adjudicator:problem:invalid-query: {description}; `field` names the parameter")


class Resource:
    """One kind of resource: its id parameter, its version's ETag, and the answers about it."""

    def __init__(self, noun: str, etag: str, if_match: str, created_by: str) -> None:
        self.noun = noun
        self.etag: Final = {"ETag": {"description": etag, "required": True, "schema": {"type": "string"}}}
        self.id = param(
            f"{noun}_id",
            "path",
            f"the {noun}'s id, as {created_by} returned it",
            {"type": "string", "format": "uuid"},
        )
        self.if_none_match = param(
            "If-None-Match",
            "header",
            f"an ETag from an earlier response: 304 if the {noun} has not changed",
            {"type": "string"},
            required=False,
        )
        self.if_match = param("If-Match", "header", if_match, {"type": "string"}, required=False)
        self.not_modified: Final = {
            "description": f"the {noun} has not changed since that ETag",
            "headers": self.etag,
        }
        self.unknown = self.problem(f"no {noun} has this id (or the path names no resource)")
        self.body_errors: Final = {
            "400": self.problem("the body is not JSON"),
            "413": self.problem("the body is larger than 1 MiB"),
            "415": self.problem("the body is not application/json"),
        }

    def problem(self, description: str, etag: bool = False) -> dict[str, Any]:
        """A problem+json answer; with the resource's ETag when it says which version it is at."""
        response = problem(description)
        if etag:
            response["headers"] = self.etag
        return response

    def ok(self, schema: Answer, description: str, etag: bool = True) -> dict[str, Any]:
        """A JSON answer: a marshmallow schema (its component), a named component, or an inline one."""
        response: dict[str, Any] = {
            "description": description,
            "content": {JSON: {"schema": ref(schema) if isinstance(schema, str) else schema}},
        }
        if etag:
            response["headers"] = self.etag
        return response

    def reading(self, *extra: dict[str, Any]) -> list[dict[str, Any]]:
        """A GET's parameters: the id, If-None-Match, then ``extra``."""
        return [self.id, self.if_none_match, *extra]

    def read(
        self,
        schema: Answer,
        description: str,
        responses: dict[str, Any] | None = None,
        also: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A GET's answers: 200 (``schema``, and ``also`` other media types), 304 when unchanged,
        ``responses``, 404."""
        ok = self.ok(schema, description)
        ok["content"].update(also or {})
        return {"200": ok, "304": self.not_modified, **(responses or {}), "404": self.unknown}

    def writing(self, *extra: dict[str, Any]) -> list[dict[str, Any]]:
        """A POST's parameters: the id, ``extra``, then If-Match."""
        return [self.id, *extra, self.if_match]
