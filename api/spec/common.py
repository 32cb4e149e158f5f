"""The pieces of openapi.yaml's components every resource shares: unions, named schemas, preconditions."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, Final

from apispec import APISpec
from marshmallow import Schema

from api.declare.answers import PROBLEM, ref

PRECONDITIONS: Final = ("If-Match", "If-None-Match")


def union(names: Mapping[str, str]) -> dict[str, Any]:
    """``oneOf`` the named schemas, chosen by ``type`` (``names``: event type -> schema name)."""
    return {
        "oneOf": [ref(name) for name in names.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: f"#/components/schemas/{name}" for kind, name in names.items()},
        },
    }


def add_schemas(spec: APISpec, module: ModuleType, names: str, **renamed: type[Schema]) -> None:
    """Register ``module.<Name>Schema`` as the component ``Name`` for each of ``names``, then ``renamed``."""
    for name in names.split():
        spec.components.schema(name, schema=getattr(module, f"{name}Schema"))
    for name, schema in renamed.items():
        spec.components.schema(name, schema=schema)


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
