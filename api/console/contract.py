"""``/console/api``: the API reference, rendered on the server from the document ``/openapi.json``
serves (``api.spec.served``): operations grouped by tag, each with its roles, parameters, body
and answers, the schemas they name, and the problem types. No script and nothing from elsewhere."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response

from api.auth import may_call
from api.console.blueprint import blueprint
from api.console.render import page
from api.spec.served import contract

METHODS = ("get", "put", "post", "patch", "delete")


def grouped(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The document's tags in order, each with its operations (path, method and the operation)."""
    groups: dict[str, dict[str, Any]] = {
        tag["name"]: {**tag, "operations": []} for tag in document.get("tags", [])
    }
    for path, operations in document["paths"].items():
        for method in METHODS:
            if method in operations:
                op = operations[method]
                tag = (op.get("tags") or ["other"])[0]
                groups.setdefault(tag, {"name": tag, "description": "", "operations": []})
                groups[tag]["operations"].append({"path": path, "method": method.upper(), **op})
    return [group for group in groups.values() if group["operations"]]


def ref_name(schema: Mapping[str, Any]) -> str | None:
    reference = schema.get("$ref")
    return str(reference).rsplit("/", 1)[-1] if reference else None


def bounds(schema: Mapping[str, Any]) -> str:
    """A schema's limits in words (``1 to 100``, ``at most 200 items``, ``uuid``)."""
    said = [_range(schema.get("minimum"), schema.get("maximum"), "")]
    said.append(_range(schema.get("minLength"), schema.get("maxLength"), " characters"))
    said.append(_range(schema.get("minItems"), schema.get("maxItems"), " items"))
    if schema.get("format"):
        said.append(str(schema["format"]))
    return ", ".join(part for part in said if part)


def _range(low: Any, high: Any, unit: str) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}{unit}"
    if low is not None:
        return f"at least {low}{unit}" if low else ""
    return f"at most {high}{unit}" if high is not None else ""


@blueprint.get("/api")
def api_reference() -> Response:
    may_call("getContract")
    document = contract().document
    return page(
        "contract.html",
        doc=document,
        groups=grouped(document),
        schemas=document["components"]["schemas"],
        ref_name=ref_name,
        bounds=bounds,
    )
