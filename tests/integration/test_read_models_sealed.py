"""Rows of the read-model file edited behind the service's back are never served as the truth: a
hand's stored result gives way to its replay, a list showing a forged row is refused (409), and
``adjudicator verify`` names each forged row; on SQLite and PostgreSQL event stores."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from adjudicator.adapters.hand_store import HandStore
from adjudicator.cli import main
from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.e2e.conftest import HTTP, client_as, free_port, token
from tests.e2e.serving import ServeProcesses

FORGED_RULING = {"id": "forged", "kind": "renege", "status": "established", "event": 9}


@pytest.fixture
def served(store_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[Flask, Path]]:
    """The app on ``store_env`` with its cache off (every read is cold) and its read models on."""
    store = HandStore(store_env, cache_bytes=0)
    read_db = tmp_path / "read.db"
    app = create_app(
        {
            "ADJUDICATOR_PERSISTENCE": store_env,
            "ADJUDICATOR_STORE": store,
            "ADJUDICATOR_READ_DB": str(read_db),
        }
    )
    yield app, read_db
    app.extensions["adjudicator.read_models"].stop()
    app.extensions["adjudicator.credentials"].close()
    store.close()


def _edit(read_db: Path, sql: str, *params: Any) -> None:
    with sqlite3.connect(read_db) as db:
        assert db.execute(sql, params).rowcount == 1


def _forge_stored_result(read_db: Path, hand: str) -> None:
    """The hand's stored result edited behind the service's back: 99-0, and a ruling added."""
    with sqlite3.connect(read_db) as db:
        summary, rulings = db.execute(
            "select summary, rulings from hand_results where hand_id = ?", [hand]
        ).fetchone()
    score = json.loads(summary)
    score["score"] = {**score["score"], "points": {"north_south": 99, "east_west": 0}}
    forged = [json.dumps(score), json.dumps([*json.loads(rulings), FORGED_RULING]), hand]
    _edit(read_db, "update hand_results set summary = ?, rulings = ? where hand_id = ?", *forged)


def _verify(env: dict[str, str], read_db: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    for key, value in {**env, "ADJUDICATOR_READ_DB": str(read_db)}.items():
        monkeypatch.setenv(key, value)
    return main(["verify"])


def test_an_edited_read_model_row_is_never_served_and_verify_names_it(
    served: tuple[Flask, Path],
    store_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    app, read_db = served
    client = client_as(app, token(app, "official"))
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=random_hand(5, "texas", "north")).status_code == 201
    app.extensions["adjudicator.read_models"].catch_up()
    truth = {path: client.get(f"/hands/{hand}{path}").get_json() for path in ("", "/score", "/rulings")}
    listed = client.get("/hands").get_json()["hands"]
    assert [item["id"] for item in listed] == [hand]
    assert _verify(store_env, read_db, monkeypatch) == 0
    capsys.readouterr()

    _forge_stored_result(read_db, hand)
    for path, answer in truth.items():  # the replay answers, as if there were no stored result
        assert client.get(f"/hands/{hand}{path}").get_json() == answer, path

    _edit(read_db, "update hands set points_north_south = 99, points_east_west = 0 where id = ?", hand)
    reply = client.get("/hands")
    assert reply.status_code == 409 and reply.headers["Content-Type"] == "application/problem+json"
    assert (reply.get_json()["table"], reply.get_json()["row"]) == ("hands", hand)

    assert _verify(store_env, read_db, monkeypatch) == 1
    err = capsys.readouterr().err
    assert f"the hand_results row of {hand} does not match its seal" in err, err
    assert f"the hands row of {hand} does not match its seal" in err, err


def test_a_real_serve_serves_the_replay_not_the_forged_row(
    served: tuple[Flask, Path], store_env: dict[str, str], tmp_path: Path
) -> None:
    """The same forgery read through ``adjudicator serve`` (granian, its front, its own read-model
    thread): the stored result edited to 99-0 with a ruling added is not what it answers."""
    app, read_db = served
    client = client_as(app, token(app, "official"))
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=random_hand(5, "texas", "north")).status_code == 201
    app.extensions["adjudicator.read_models"].catch_up()
    truth = {path: client.get(f"/hands/{hand}{path}").get_json() for path in ("/score", "/rulings")}
    _forge_stored_result(read_db, hand)

    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path / "serve", port, **store_env, ADJUDICATOR_READ_DB=str(read_db))
        http = HTTP(port, processes.token)
        try:
            for path, answer in truth.items():
                reply = http.get(f"/hands/{hand}{path}")
                assert reply.status == 200 and reply.body == answer, (path, reply.body)
        finally:
            http.close()
    finally:
        processes.close()
