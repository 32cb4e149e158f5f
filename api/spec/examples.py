"""Every operation's examples in the contract: a request and its answer, recorded from the service.

``examples.json`` beside this module holds, by ``operationId``, the path parameters, the body and the
answer of one real call (``scripts/contract_examples.py`` records them); ``attach`` puts them in the
document as OpenAPI ``examples`` (and path parameters' ``example``), metadata only. ``fits`` holds an
example to its schema, as the tests do for every one of them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from api.declare.answers import JSON

EXAMPLES_PATH: Final = Path(__file__).with_name("examples.json")
NAME: Final = "recorded"


@cache
def _recorded() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(EXAMPLES_PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def _media(content: dict[str, Any]) -> str:
    return JSON if JSON in content else next(iter(content))


def attach(document: dict[str, Any]) -> None:
    """Give each operation recorded in examples.json its request and answer examples."""
    examples = _recorded()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            example = examples.get(operation["operationId"])
            if example is None:
                continue
            said = f"an official's {method.upper()} {path}"
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"] in example["params"]:
                    parameter.setdefault("example", example["params"][parameter["name"]])
            body = operation.get("requestBody")
            if body is not None and "request" in example:
                content = body["content"][_media(body["content"])]
                content["examples"] = {NAME: {"summary": said, "value": example["request"]}}
            answer = operation["responses"].get(example["status"], {}).get("content")
            if answer:
                answered = f"the answer to {said}"
                answer[_media(answer)]["examples"] = {
                    NAME: {"summary": answered, "value": example["response"]}
                }


def schema_of(document: dict[str, Any], method: str, path: str, status: str | None) -> dict[str, Any]:
    """The JSON schema of an operation's body (``status`` None) or answer, able to resolve the
    document's ``#/components`` references."""
    operation = document["paths"][path][method]
    holder = operation["requestBody"] if status is None else operation["responses"][status]
    schema = holder["content"][_media(holder["content"])]["schema"]
    return {**schema, "components": document.get("components", {})}


def errors(document: dict[str, Any], method: str, path: str, status: str | None, value: Any) -> list[str]:
    """What makes ``value`` invalid against the body's (``status`` None) or the answer's schema.

    jsonschema-rs (schemathesis's validator, a test dependency): imported here, never by the service."""
    import jsonschema_rs

    validator = jsonschema_rs.Draft202012Validator(schema_of(document, method, path, status))
    return [f"{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(value)]


def fits(document: dict[str, Any], method: str, path: str, status: str | None, value: Any) -> bool:
    return not errors(document, method, path, status, value)
