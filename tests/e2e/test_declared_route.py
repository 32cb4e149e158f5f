"""A new route is one declaration beside one function: this file adds one, on a test-only blueprint,
and finds it in the contract the builder makes and its roles enforced by the app, as the contract says.

Nothing else is touched: not ``api/spec``, not the authority, not the problem types' table.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from flask import Blueprint, Flask, Response, jsonify
from marshmallow import Schema, fields

from api.auth import author
from api.declare import OFFICIAL, ProblemType, route
from api.declare.answers import problem
from api.problems import Problem
from api.request import body
from api.spec import build_spec
from api.spec.builder import DECLARED
from tests.e2e.conftest import client_as, token

KNOWN = UUID("7f0c1b2e-4a4b-4c1d-9d2e-3f4a5b6c7d8e")
UNKNOWN_WIDGET = ProblemType(404, "unknown-widget", "no widget has this id")


class PolishSchema(Schema):
    shine = fields.Integer(required=True, metadata={"description": "how hard to polish, 1 to 3"})


widgets = Blueprint("widgets", __name__)


@route(
    widgets,
    "POST /widgets/<uuid:widget_id>/polish",
    "polishWidget",
    summary="Polish a widget",
    description="An official polishes a widget; nobody else may.",
    roles=OFFICIAL,
    body=PolishSchema,
    responses={
        "201": {"description": "polished", "content": {"application/json": {"schema": {"type": "object"}}}},
        "404": problem("no widget has this id: unknown-widget"),
    },
    problems=[UNKNOWN_WIDGET, "invalid-body"],
)
def polish(widget_id: UUID) -> Response:
    if widget_id != KNOWN:
        raise Problem(404, "unknown-widget", "Unknown widget", "no widget has this id")
    shine = PolishSchema().load(body())["shine"]
    who = author()
    return Response(jsonify(shine=shine, by=who.name if who else None).data, 201, mimetype="application/json")


@pytest.fixture
def widget_app(app: Flask) -> Flask:
    app.register_blueprint(widgets)
    return app


def _declared() -> dict[str, Any]:
    """The new operation, as the contract built with its blueprint describes it."""
    paths = build_spec((*DECLARED, widgets))["paths"]
    operation: dict[str, Any] = paths["/widgets/{widget_id}/polish"]["post"]
    return operation


def test_the_contract_describes_the_new_route_from_its_declaration() -> None:
    document = build_spec((*DECLARED, widgets))
    operation = document["paths"]["/widgets/{widget_id}/polish"]["post"]
    assert operation["operationId"] == "polishWidget"
    assert operation["summary"] == "Polish a widget"
    assert operation["x-roles"] == ["official"]
    assert operation["security"] == [{"bearerAuth": []}]  # a write: never anonymous
    assert {"201", "401", "403", "404"} <= operation["responses"].keys()
    body_schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert body_schema == {"$ref": "#/components/schemas/Polish"}
    assert "shine" in document["components"]["schemas"]["Polish"]["properties"]
    listed = [(problem["type"], problem["status"]) for problem in document["x-problem-types"]]
    widget = listed.index(("urn:adjudicator:problem:unknown-widget", [404]))
    assert listed[widget - 1][1] == [404] and listed[widget + 1][1] != [404]  # after the other 404s
    assert "/widgets/{widget_id}/polish" not in build_spec()["paths"]  # the service's own contract


@pytest.mark.parametrize("caller", ["anonymous", "official", "scorekeeper", "viewer"])
def test_the_new_route_admits_the_roles_the_contract_names(widget_app: Flask, caller: str) -> None:
    roles = _declared()["x-roles"]
    credential = None if caller == "anonymous" else token(widget_app, caller)
    reply = client_as(widget_app, credential).post(f"/widgets/{KNOWN}/polish", json={"shine": 2})
    if caller == "anonymous":
        assert reply.status_code == 401, reply.get_json()
    elif caller in roles:
        assert reply.status_code == 201, reply.get_json()
        assert reply.get_json()["shine"] == 2
    else:
        assert reply.status_code == 403, reply.get_json()
        assert reply.get_json()["needs"] == roles


def test_the_new_route_answers_the_problem_it_declares(widget_app: Flask) -> None:
    official = client_as(widget_app, token(widget_app, "official"))
    reply = official.post("/widgets/00000000-0000-4000-8000-000000000000/polish", json={"shine": 1})
    assert reply.status_code == 404
    declared = {problem["type"] for problem in build_spec((*DECLARED, widgets))["x-problem-types"]}
    assert reply.get_json()["type"] in declared


def test_an_unknown_problem_type_or_a_second_declaration_of_an_operation_fails_the_build() -> None:
    odd = Blueprint("odd", __name__)

    @route(odd, "GET /odd", "getOdd", summary="Odd", roles=OFFICIAL, responses={}, problems=["no-such"])
    def odd_view() -> Response:
        raise AssertionError("never served")

    with pytest.raises(ValueError, match="no-such"):
        build_spec((*DECLARED, odd))
    with pytest.raises(ValueError, match="polishWidget"):
        build_spec((*DECLARED, widgets, widgets))
