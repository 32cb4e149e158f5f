"""openapi.yaml is the document the schemas generate, and it names exactly the app's routes."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from flask import Flask

from api.spec import SPEC_PATH, build_spec

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_yaml_is_generated_from_the_schemas() -> None:
    assert SPEC_PATH == ROOT / "openapi.yaml"
    on_disk = yaml.safe_load(SPEC_PATH.read_text())
    assert on_disk == build_spec(), "openapi.yaml is stale: run `adjudicator openapi --write`"


def test_openapi_and_the_app_have_the_same_routes(app: Flask) -> None:
    documented = {
        (path, method.upper()) for path, operations in build_spec()["paths"].items() for method in operations
    }
    served = {
        (re.sub(r"<(?:\w+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule.rule), method)
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static" and not rule.endpoint.startswith("console")  # the pages: HTML
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    assert documented == served


def test_every_problem_status_is_documented_as_problem_json() -> None:
    for operations in build_spec()["paths"].values():
        for operation in operations.values():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert "application/problem+json" in response["content"]


def test_each_event_schema_takes_exactly_the_members_of_the_domains_shape() -> None:
    """The API's event schemas are made from ``domain.events.SHAPES``: same members, same rules."""
    from adjudicator.domain.events import SHAPES
    from adjudicator.wire.schemas.hand_events import EVENT_SCHEMAS

    assert set(EVENT_SCHEMAS) == set(SHAPES)
    for kind, shape in SHAPES.items():
        declared = EVENT_SCHEMAS[kind]().fields
        assert set(declared) == {"type", "id", *shape}, kind  # "id": the client-chosen event id
        for name, member in shape.items():
            assert declared[name].required == member.required, (kind, name)
            assert declared[name].allow_none == member.nullable, (kind, name)
