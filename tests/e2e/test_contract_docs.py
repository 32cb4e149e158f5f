"""The contract reads as documentation: every operation described with a request and an answer for
example, each example valid against its own schema, every member described, the servers and tags
given, and the title naming both games."""

from __future__ import annotations

from typing import Any

import pytest

from api.spec import build_spec
from api.spec.examples import errors

DOCUMENT = build_spec()
OPERATIONS = [
    (path, method, operation)
    for path, operations in DOCUMENT["paths"].items()
    for method, operation in operations.items()
]
IDS = [operation["operationId"] for _, _, operation in OPERATIONS]


def _examples(content: dict[str, Any]) -> list[tuple[str, Any]]:
    found = []
    for media, body in content.items():
        if "example" in body:
            found.append((media, body["example"]))
        found += [(media, example["value"]) for example in (body.get("examples") or {}).values()]
    return found


def test_the_title_names_both_games_and_a_server_is_given() -> None:
    assert "Bid Whist" in DOCUMENT["info"]["title"] and "Bid Euchre" in DOCUMENT["info"]["title"]
    assert DOCUMENT["servers"] and all(s["url"] and s["description"] for s in DOCUMENT["servers"])
    assert all(tag["description"] for tag in DOCUMENT["tags"])
    used = {tag for _, _, operation in OPERATIONS for tag in operation["tags"]}
    assert used <= {tag["name"] for tag in DOCUMENT["tags"]}


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=IDS)
def test_every_operation_has_a_summary_a_description_and_valid_examples(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    assert operation["summary"] and operation["description"]
    for parameter in operation.get("parameters", []):
        assert parameter.get("description"), parameter["name"]
        if parameter["in"] == "path":
            assert "example" in parameter, f"{parameter['name']} has no example"
    body = operation.get("requestBody")
    if body is not None:
        requests = _examples(body["content"])
        assert requests, "a request body and no example of it"
        for media, value in requests:
            if media.endswith("json"):
                assert not errors(DOCUMENT, method, path, None, value)
    answered = 0
    for status, response in operation["responses"].items():
        for media, value in _examples(response.get("content") or {}):
            answered += status.startswith("2")
            if media.endswith("json"):
                assert not errors(DOCUMENT, method, path, status, value), status
    assert answered, "no example of a successful answer"


def test_every_schema_and_every_member_of_it_is_described() -> None:
    assert not [
        name for name, schema in DOCUMENT["components"]["schemas"].items() if not schema.get("description")
    ]
    bare = [
        f"{name}.{member}"
        for name, schema in DOCUMENT["components"]["schemas"].items()
        for member, sub in (schema.get("properties") or {}).items()
        if not sub.get("description")
    ]
    assert not bare, f"members without a description: {bare}"


def test_an_example_that_does_not_fit_its_schema_is_caught() -> None:
    """The check above can fail: a hand's answer without its required members is refused."""
    assert errors(DOCUMENT, "get", "/hands/{hand_id}", "200", {"id": "not a hand"})
