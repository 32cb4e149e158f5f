"""Hostile bodies never reach a 500, and nothing of them is stored (issue 10).

Deeply nested JSON, lone UTF-16 surrogates, NaN, numbers of thousands of digits, integers no
tournament ever needs: each is a 400 or 422 problem saying what and where. A chunked body (no
``Content-Length``) over the 1 MiB limit is a 413 under a real server (waitress here, granian in
``adjudicator serve``), not cut to 1 MiB and accepted.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.wire.strict_json import MAX_DEPTH
from api.request import MAX_BODY
from tests.e2e.conftest import LiveServer, free_port
from tests.e2e.serving import ServeProcesses, padded, post_chunked

HAND = {"ruleset": "texas", "dealer": "north"}
DEEP = 100_000


def _stored(app: Flask) -> int:
    """How many events the store holds, hands and tournaments alike."""
    return int(app.extensions["adjudicator.adapters.hand_store"].app.recorder.max_notification_id() or 0)


def _post(client: FlaskClient, path: str, raw: str | bytes) -> Any:
    return client.post(path, data=raw, headers={"Content-Type": "application/json"})


def _problem(reply: Any, status: tuple[int, ...], slug: str | None = None) -> dict[str, Any]:
    assert reply.status_code in status, reply.get_data()[:500]
    assert reply.headers["Content-Type"].startswith("application/problem+json")
    problem: dict[str, Any] = reply.get_json()
    assert problem["type"].startswith("urn:adjudicator:problem:")
    if slug is not None:
        assert problem["type"] == f"urn:adjudicator:problem:{slug}"
    return problem


@pytest.fixture
def ids(client: FlaskClient) -> dict[str, str]:
    """A hand and a tournament to append to."""
    hand = client.post("/hands", json=HAND).get_json()["id"]
    tournament = client.post("/tournaments", json={"ruleset": "detroit", "name": "Spring"}).get_json()["id"]
    return {"hand": hand, "tournament": tournament}


PATHS: list[Callable[[dict[str, str]], str]] = [
    lambda ids: "/hands",
    lambda ids: f"/hands/{ids['hand']}/events",
    lambda ids: "/tournaments",
    lambda ids: f"/tournaments/{ids['tournament']}/events",
    lambda ids: f"/tournaments/{ids['tournament']}/draws",
]
PATH_IDS = ["hands", "hand-events", "tournaments", "tournament-events", "draws"]


def _nested(depth: int, inner: str = "1") -> Iterator[tuple[str, str]]:
    yield "arrays", "[" * depth + inner + "]" * depth
    yield "objects", '{"a":' * depth + inner + "}" * depth


@pytest.mark.parametrize("path", PATHS, ids=PATH_IDS)
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 999, DEEP])
def test_deeply_nested_json_is_a_400_naming_the_limit(
    app: Flask, client: FlaskClient, ids: dict[str, str], path: Callable[[dict[str, str]], str], depth: int
) -> None:
    before = _stored(app)
    for _, raw in _nested(depth):
        problem = _problem(_post(client, path(ids), raw), (400,), "json-too-deep")
        assert f"more than {MAX_DEPTH} deep" in problem["detail"]
    assert _stored(app) == before


def test_nesting_up_to_the_limit_is_only_a_shape_error(client: FlaskClient) -> None:
    raw = (
        '{"ruleset": "texas", "dealer": "north", "label": '
        + "[" * (MAX_DEPTH - 1)
        + "]" * (MAX_DEPTH - 1)
        + "}"
    )
    problem = _problem(_post(client, "/hands", raw), (422,), "invalid-body")
    assert problem["field"] == "label"


SURROGATES = [
    ("/hands", {**HAND, "label": "\ud800"}, "/label"),
    ("/hands", {**HAND, "label": "table 4 \udfff"}, "/label"),
    ("/hands", {**HAND, "players": {"north": "Ann\udc00"}}, "/players/north"),
    ("/hands", {**HAND, "players": {"nor\ud800th": "Ann"}}, "/players/nor\\ud800th"),
    ("/tournaments", {"ruleset": "detroit", "name": "Spring \ud83d"}, "/name"),
]


@pytest.mark.parametrize(("path", "body", "pointer"), SURROGATES)
def test_a_lone_surrogate_is_a_400_naming_where(
    app: Flask, client: FlaskClient, path: str, body: dict[str, Any], pointer: str
) -> None:
    before = _stored(app)
    problem = _problem(_post(client, path, json.dumps(body)), (400,), "lone-surrogate")
    assert problem["pointer"] == pointer
    assert pointer in problem["detail"]
    assert _stored(app) == before


@pytest.mark.parametrize(
    "event",
    [
        {"type": "team_registered", "team": "T\ud800", "number": 1},
        {"type": "player_registered", "player": "\udfffP", "team": "T1"},
        [
            {"type": "team_registered", "team": "T1", "number": 1},
            {"type": "team_registered", "team": "\ud800"},
        ],
    ],
)
def test_a_lone_surrogate_in_a_tournament_event_is_refused(
    app: Flask, client: FlaskClient, ids: dict[str, str], event: Any
) -> None:
    before = _stored(app)
    _problem(
        _post(client, f"/tournaments/{ids['tournament']}/events", json.dumps(event)), (400,), "lone-surrogate"
    )
    assert _stored(app) == before


def test_a_surrogate_pair_is_a_character(client: FlaskClient) -> None:
    reply = _post(client, "/hands", json.dumps({**HAND, "label": "table \U0001f0a1"}))
    assert reply.status_code == 201
    assert reply.get_json()["label"] == "table \U0001f0a1"


@pytest.mark.parametrize(
    "raw",
    [
        '{"ruleset": "texas", "dealer": "north", "label": NaN}',
        '{"ruleset": "detroit", "rounds": Infinity}',
        '{"ruleset": "detroit", "rounds": ' + "9" * 5000 + "}",
        '{"ruleset": "texas", "dealer": "north", "label": "\\ud800',
    ],
)
def test_numbers_json_cannot_hold_are_unparseable(app: Flask, client: FlaskClient, raw: str) -> None:
    before = _stored(app)
    path = "/tournaments" if "detroit" in raw else "/hands"
    _problem(_post(client, path, raw), (400,), "unparseable-json")
    assert _stored(app) == before


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/tournaments", {"ruleset": "detroit", "rounds": 10**18}, "rounds"),
        ("/tournaments", {"ruleset": "ontario", "games_per_session": 10**18}, "games_per_session"),
        ("/tournaments", {"ruleset": "detroit", "rounds": 0}, "rounds"),
        ("/tournaments/{t}/events", {"type": "team_registered", "team": "T1", "number": 10**18}, "number"),
        (
            "/tournaments/{t}/events",
            {"type": "draw", "purpose": "first_pairing", "round": 10**9, "outcome": []},
            "round",
        ),
        ("/tournaments/{t}/events", {"type": "delay_of_game", "match": "m", "minutes": 10**6}, "minutes"),
        (
            "/tournaments/{t}/events",
            {"type": "dispute_filed", "dispute": "d", "match": "m", "form_complete": True, "fee": 10**18},
            "fee",
        ),
        (
            "/tournaments/{t}/events",
            {
                "type": "hand_scored",
                "match": "m",
                "hand": "h",
                "score": {"points": {"north_south": 10**18, "east_west": 0}},
            },
            "score/points/north_south",
        ),
        (
            "/hands/{h}/events",
            {"type": "deal", "hands": {}, "kitty": [], "kitty_positions": [10**18]},
            "kitty_positions/0",
        ),
    ],
)
def test_integers_beyond_any_real_tournament_are_refused(
    app: Flask, client: FlaskClient, ids: dict[str, str], path: str, body: dict[str, Any], field: str
) -> None:
    before = _stored(app)
    url = path.format(t=ids["tournament"], h=ids["hand"])
    problem = _problem(_post(client, url, json.dumps(body)), (422,), "invalid-body")
    assert problem["field"] == field
    assert _stored(app) == before


# ---------------------------------------------------------------------- chunked bodies, real servers


def _hand_rows(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("select count(*) from stored_events").fetchone()[0])


@pytest.mark.parametrize("size", [MAX_BODY + 1, 3 * MAX_BODY])
def test_a_chunked_body_over_the_limit_is_413_under_waitress(live_server: LiveServer, size: int) -> None:
    before = _stored(live_server.app)
    reply = post_chunked(
        live_server.port, "/hands", padded({**HAND, "label": "big"}, size), live_server.token
    )
    assert reply.status == 413, reply.body
    assert reply.headers["content-type"].startswith("application/problem+json")
    assert _stored(live_server.app) == before


def test_a_chunked_body_at_the_limit_is_accepted_under_waitress(live_server: LiveServer) -> None:
    reply = post_chunked(
        live_server.port, "/hands", padded({**HAND, "label": "big"}, MAX_BODY), live_server.token
    )
    assert reply.status == 201, reply.body
    assert reply.body["label"] == "big"


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[tuple[int, Path, str | None]]:
    """A real ``adjudicator serve`` (granian) on a free port, its events in ``tmp_path``, and a token."""
    processes = ServeProcesses()
    port = free_port()
    try:
        processes.start(tmp_path, port)
        yield port, tmp_path / "events.db", processes.token
    finally:
        processes.close()


def test_chunked_bodies_under_granian(serve: tuple[int, Path, str | None]) -> None:
    port, db, token = serve
    accepted = post_chunked(port, "/hands", padded({**HAND, "label": "at the limit"}, MAX_BODY), token)
    assert accepted.status == 201, accepted.body
    stored = _hand_rows(db)
    for size in (MAX_BODY + 1, 2 * MAX_BODY, 8 * MAX_BODY):
        reply = post_chunked(port, "/hands", padded({**HAND, "label": "over"}, size), token)
        assert reply.status == 413, (size, reply.body)
        assert reply.headers["content-type"].startswith("application/problem+json")
    assert _hand_rows(db) == stored


def test_hostile_json_under_granian(serve: tuple[int, Path, str | None]) -> None:
    """The worker's request threads are granian's: a deep body must not overflow their stacks."""
    port, db, token = serve
    stored = _hand_rows(db)
    for _, raw in _nested(DEEP):
        reply = post_chunked(port, "/hands", raw.encode(), token)
        assert reply.status == 400, reply.body
        assert reply.body["type"] == "urn:adjudicator:problem:json-too-deep"
    label = json.dumps({**HAND, "label": "\ud800"}).encode()
    reply = post_chunked(port, "/hands", label, token)
    assert (reply.status, reply.body["pointer"]) == (400, "/label")
    assert _hand_rows(db) == stored
