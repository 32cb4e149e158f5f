"""Every number of every input has a bound stated in the contract and held by the server (issue 19,
item 11): an import record's ``tournament.table`` (10^4000, 2^64, -5 and 2.5 were stored), the
version an import item expects, an event inside a correction, the positions a reader asks for.
Each refusal is a problem naming where, and stores nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.domain.limits import MAX_HAND_EVENTS, MAX_TABLE
from tests.e2e.conftest import HTTP, LiveServer, Reply

ROOT = Path(__file__).resolve().parents[2]

RECORD: dict[str, Any] = {"format": "adjudicator-hand/1", "ruleset": "texas", "dealer": "north", "events": []}
TEXT_HEAD = '[Format "adjudicator-hand/1"]\n[Ruleset "texas"]\n[Dealer "north"]\n[Tournament "t1"]\n'


def _inputs(spec: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every parameter's and request body's schema of the contract: (where, schema)."""
    found = []
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            for parameter in [*op.get("parameters", []), *operations.get("parameters", [])]:
                found.append((f"{method} {path} {parameter['name']}", parameter["schema"]))
            for kind, content in op.get("requestBody", {}).get("content", {}).items():
                found.append((f"{method} {path} {kind}", content["schema"]))
    return found


def _unbounded(spec: dict[str, Any], node: Any, where: str, seen: frozenset[str]) -> list[str]:
    if isinstance(node, list):
        return [found for item in node for found in _unbounded(spec, item, where, seen)]
    if not isinstance(node, dict):
        return []
    if "$ref" in node:
        name = node["$ref"].split("/")[-1]
        target = spec["components"]["schemas"][name]
        return [] if name in seen else _unbounded(spec, target, f"{where} ({name})", seen | {name})
    kinds = node.get("type") if isinstance(node.get("type"), list) else [node.get("type")]
    found = []
    if {"integer", "number"} & set(kinds) and not {"minimum", "maximum"} <= set(node):
        found.append(where)
    for key, value in node.items():
        if key == "properties":
            found += [
                f for name, sub in value.items() for f in _unbounded(spec, sub, f"{where}/{name}", seen)
            ]
        elif key in ("items", "additionalProperties", "oneOf", "anyOf", "allOf"):
            found += _unbounded(spec, value, where, seen)
    return found


def test_every_number_of_every_input_is_bounded_in_the_contract() -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    inputs = _inputs(spec)
    assert len(inputs) > 20
    unbounded = [found for where, schema in inputs for found in _unbounded(spec, schema, where, frozenset())]
    assert unbounded == []


def _count(client: HTTP) -> int:
    return int(client.get("/hands?limit=1").body["total"])


def _text(client: HTTP, text: str) -> Reply:
    client.conn.request(
        "POST",
        "/hands/import",
        body=text.encode(),
        headers={"Content-Type": "text/plain", "Authorization": f"Bearer {client.token}"},
    )
    response = client.conn.getresponse()
    return Reply(response.status, dict(response.getheaders()), json.loads(response.read()))


def _stored(server: LiveServer) -> int:
    return int(
        server.app.extensions["adjudicator.adapters.hand_store"].app.recorder.max_notification_id() or 0
    )


TABLES: list[Any] = [10**4000, 2**64, -5, 0, MAX_TABLE + 1, 2.5, "2", True]


@pytest.mark.parametrize("table", TABLES, ids=["10^4000", "2^64", "-5", "0", "1001", "2.5", "string", "true"])
def test_an_import_records_table_is_bounded(live_server: LiveServer, table: Any) -> None:
    client = live_server.client()
    before = _stored(live_server)
    record = {**RECORD, "tournament": {"id": "t1", "match": "R1-T1", "table": table}}
    reply = client.post("/hands/import", [record])
    assert reply.status == 422, reply.body
    assert reply.body["field"] == "tournament/table", reply.body
    assert reply.body["hand"] == 0
    reply = _text(client, TEXT_HEAD + f"[Table {json.dumps(table)}]\n")
    assert reply.status == 422, reply.body
    assert _stored(live_server) == before


def test_a_table_in_bounds_reads_back_the_same_in_both_forms(live_server: LiveServer) -> None:
    client = live_server.client()
    record = {**RECORD, "tournament": {"id": "t1", "match": "R1-T1", "table": MAX_TABLE}}
    reply = client.post("/hands/import", record)
    assert reply.status == 201, reply.body
    hand = reply.body["hands"][0]["id"]
    assert client.get(f"/hands/{hand}/record").body["tournament"]["table"] == MAX_TABLE
    client.conn.request(
        "GET", f"/hands/{hand}/record?format=text", headers={"Authorization": f"Bearer {client.token}"}
    )
    assert f"[Table {MAX_TABLE}]" in client.conn.getresponse().read().decode()


@pytest.fixture
def hand(live_server: LiveServer) -> str:
    reply = live_server.client().post("/hands", {"ruleset": "texas", "dealer": "north"})
    return str(reply.body["id"])


@pytest.mark.parametrize(
    "version", [10**18, MAX_HAND_EVENTS + 1, -1, 2.5]
)  # 2.0 is 2: JSON Schema's whole number
def test_the_version_an_import_expects_is_bounded(live_server: LiveServer, hand: str, version: Any) -> None:
    client = live_server.client()
    before = _stored(live_server)
    reply = client.post("/hands/import", [RECORD, {"hand": hand, "version": version, "events": []}])
    assert reply.status == 422, reply.body
    assert (reply.body["hand"], reply.body["field"]) == (1, "version"), reply.body
    assert _stored(live_server) == before


def test_an_event_inside_a_correction_is_held_to_its_own_schema(live_server: LiveServer, hand: str) -> None:
    client = live_server.client()
    before = _stored(live_server)
    replacement = {"type": "deal", "hands": {}, "kitty": [], "kitty_positions": [10**18]}
    reply = client.post(
        f"/hands/{hand}/events",
        {"type": "correct_record", "event": 1, "reason": "misrecorded", "replace_with": replacement},
    )
    assert reply.status == 422, reply.body
    assert reply.body["field"] == "replace_with/kitty_positions/0", reply.body
    reply = client.post(
        f"/hands/{hand}/events",
        {"type": "correct_record", "event": MAX_HAND_EVENTS + 1, "reason": "r", "replace_with": None},
    )
    assert (reply.status, reply.body["field"]) == (422, "event"), reply.body
    assert _stored(live_server) == before


def test_positions_a_reader_asks_for_are_bounded(live_server: LiveServer, hand: str) -> None:
    client = live_server.client()
    tournament = client.post("/tournaments", {"ruleset": "detroit", "name": "Spring"}).body["id"]
    huge = "9" * 4000
    for path in (
        f"/hands/{hand}/state?at={huge}",
        f"/hands/{hand}/events?after={huge}",
        f"/tournaments/{tournament}?at={huge}",
        f"/tournaments/{tournament}/events?after={huge}",
    ):
        reply = client.get(path)
        assert reply.status == 400, (path, reply.body)
        assert reply.headers["content-type"].startswith("application/problem+json")
    before = _stored(live_server)
    reply = client.post(f"/tournaments/{tournament}/rounds/{huge}/seating", {})
    assert reply.status == 404, reply.body
    assert reply.headers["content-type"].startswith("application/problem+json")
    assert _stored(live_server) == before
