"""The pieces of openapi.yaml every resource shares: references, answers, problems, a GET, a POST.

A ``Resource`` (a hand, a tournament) makes its own headers and parameters once, so that the same
ETag header or id parameter is one object wherever the document uses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, Final

from apispec import APISpec
from marshmallow import Schema, validate

JSON: Final = "application/json"
PROBLEM: Final = "application/problem+json"
PRECONDITIONS: Final = ("If-Match", "If-None-Match")


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def union(names: Mapping[str, str]) -> dict[str, Any]:
    """``oneOf`` the named schemas, chosen by ``type`` (``names``: event type -> schema name)."""
    return {
        "oneOf": [ref(name) for name in names.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: f"#/components/schemas/{name}" for kind, name in names.items()},
        },
    }


def param(
    name: str, where: str, description: str, schema: dict[str, Any], required: bool = True
) -> dict[str, Any]:
    return {"name": name, "in": where, "required": required, "description": description, "schema": schema}


def add_schemas(spec: APISpec, module: ModuleType, names: str, **renamed: type[Schema]) -> None:
    """Register ``module.<Name>Schema`` as the component ``Name`` for each of ``names``, then ``renamed``."""
    for name in names.split():
        spec.components.schema(name, schema=getattr(module, f"{name}Schema"))
    for name, schema in renamed.items():
        spec.components.schema(name, schema=schema)


def at_query(schema: type[Schema]) -> dict[str, Any]:
    """The ``at`` query parameter as ``schema`` (a query's schema) reads it: its description, its bounds."""
    at = schema().fields["at"]
    low, high = next((v.min, v.max) for v in at.validators if isinstance(v, validate.Range))
    bounds = {"type": "integer", "minimum": low, "maximum": high}
    return param("at", "query", at.metadata["description"], bounds, required=False)


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
        response: dict[str, Any] = {
            "description": description,
            "content": {PROBLEM: {"schema": ref("Problem")}},
        }
        if etag:
            response["headers"] = self.etag
        return response

    def ok(self, schema: str | dict[str, Any], description: str, etag: bool = True) -> dict[str, Any]:
        """A JSON answer: a named schema, or an inline one."""
        response: dict[str, Any] = {
            "description": description,
            "content": {JSON: {"schema": ref(schema) if isinstance(schema, str) else schema}},
        }
        if etag:
            response["headers"] = self.etag
        return response

    def get(
        self,
        summary: str,
        op: str,
        schema: str,
        description: str | None = None,
        extra: list[Any] | None = None,
        responses: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A GET of the resource (or a part of it), 304 when unchanged; the answer described as
        ``description``, by default as the summary says."""
        return {
            "get": {
                "summary": summary,
                "operationId": op,
                "parameters": [self.id, self.if_none_match, *(extra or [])],
                "responses": {
                    "200": self.ok(schema, description or summary[0].lower() + summary[1:]),
                    "304": self.not_modified,
                    **(responses or {}),
                    "404": self.unknown,
                },
            }
        }

    def post(
        self,
        summary: str,
        op: str,
        body: dict[str, Any],
        appended: tuple[str, str],
        responses: dict[str, Any],
        extra: list[Any] | None = None,
    ) -> dict[str, Any]:
        """A POST recording events on the resource, if it is at the version If-Match names."""
        return {
            "post": {
                "summary": summary,
                "operationId": op,
                "parameters": [self.id, *(extra or []), self.if_match],
                "requestBody": {"required": True, "content": {JSON: {"schema": body}}},
                "responses": {"201": self.ok(*appended), **responses},
            }
        }


def preconditions(document: dict[str, Any], pattern: str) -> None:
    """Every ``If-Match`` and ``If-None-Match`` parameter takes RFC 9110's entity tags (``pattern``),
    and its operation says that a malformed one is a 400 (``malformed-precondition``)."""
    for operations in document["paths"].values():
        for operation in operations.values():
            parameters = operation.get("parameters", [])
            names = [p["name"] for p in parameters if p.get("in") == "header" and p["name"] in PRECONDITIONS]
            if not names:
                continue
            operation["parameters"] = [
                {**p, "schema": {"type": "string", "pattern": pattern}} if p["name"] in names else p
                for p in parameters
            ]
            said = f"{' or '.join(names)} is not * or a list of quoted entity tags: malformed-precondition"
            responses = operation["responses"]
            earlier = responses.get("400")
            described = f"{earlier['description']}; or {said}" if earlier else said
            responses["400"] = {"description": described, "content": {PROBLEM: {"schema": ref("Problem")}}}
