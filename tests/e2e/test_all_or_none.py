"""An import is all or none across every hand it names (issue 19, item 4), on SQLite and PostgreSQL,
through a real ``adjudicator serve`` and the real ``adjudicator import``.

A body or file naming a new hand and a stored hand at a stale version, or one stored hand twice with
events that cannot both follow, is refused and stores nothing: not the new hand, not the first
item's events. Items naming one hand in turn are judged in turn: the second item's ``version`` is the
one the first left the hand at.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, command, environment
from tests.e2e.test_two_processes import store_env
from tests.integration.conftest import postgres_dsn, postgres_env  # noqa: F401 - fixtures

__all__ = ["store_env"]

EVENTS = random_hand(7, "texas", "north")
NEW = {"ruleset": "texas", "dealer": "north", "label": "new", "events": EVENTS[:10]}


def records(directory: Path, env: dict[str, str]) -> int:
    """Every record the event store holds, read from the database itself."""
    if not env:
        with sqlite3.connect(directory / "events.db") as conn:
            return int(conn.execute("select count(*) from stored_events").fetchone()[0])
    import psycopg

    with psycopg.connect(dbname="test", host="127.0.0.1", user=env["POSTGRES_USER"]) as conn:
        row = conn.execute(f"select count(*) from {env['POSTGRES_SCHEMA']}.hands_events").fetchone()
        assert row is not None
        return int(row[0])


@pytest.fixture
def served(tmp_path: Path, store_env: dict[str, str]) -> Iterator[tuple[HTTP, str]]:
    """An official's client of a real server, and a stored hand at version 5."""
    processes = ServeProcesses()
    port = free_port()
    try:
        processes.start(tmp_path, port, **store_env)
        client = HTTP(port, processes.token)
        hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
        assert client.post(f"/hands/{hand}/events", EVENTS[:5]).status == 201
        yield client, hand
        client.close()
    finally:
        processes.close()


def test_a_stale_version_after_a_new_hand_stores_neither(
    served: tuple[HTTP, str], tmp_path: Path, store_env: dict[str, str]
) -> None:
    client, hand = served
    before = records(tmp_path, store_env)
    reply = client.post("/hands/import", [NEW, {"hand": hand, "version": 2, "events": [EVENTS[5]]}])
    assert reply.status == 412, reply.body
    assert "nothing was recorded" in reply.body["detail"]
    assert records(tmp_path, store_env) == before
    assert client.get(f"/hands/{hand}").body["version"] == 5


def test_two_items_for_one_hand_that_cannot_both_follow_store_nothing(
    served: tuple[HTTP, str], tmp_path: Path, store_env: dict[str, str]
) -> None:
    client, hand = served
    before = records(tmp_path, store_env)
    twice = [NEW, {"hand": hand, "events": [EVENTS[5]]}, {"hand": hand, "events": [EVENTS[5]]}]
    reply = client.post("/hands/import", twice)
    assert reply.status == 422, reply.body
    assert reply.body["hand"] == 2 and "nothing was recorded" in reply.body["detail"]
    assert records(tmp_path, store_env) == before
    assert client.get(f"/hands/{hand}").body["version"] == 5


def test_items_for_one_hand_are_judged_in_turn(
    served: tuple[HTTP, str], tmp_path: Path, store_env: dict[str, str]
) -> None:
    client, hand = served
    before = records(tmp_path, store_env)
    items = [
        {"hand": hand, "version": 5, "events": EVENTS[5:7]},
        NEW,
        {"hand": hand, "version": 7, "events": EVENTS[7:9]},
    ]
    reply = client.post("/hands/import", items)
    assert reply.status == 201, reply.body
    assert [(h["version"], h["events"]) for h in reply.body["hands"]] == [(7, 2), (10, 10), (9, 2)]
    assert records(tmp_path, store_env) == before + 4 + 11  # a new hand's opening is a record too
    assert client.get(f"/hands/{hand}").body["version"] == 9


def _import(tmp_path: Path, env: dict[str, str], items: Any) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(items))
    return subprocess.run(
        [*command(0)[:-5], "import", str(path), "--as", "Ann"],
        env=environment(tmp_path, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_refused_file_stores_nothing_through_the_cli(
    served: tuple[HTTP, str], tmp_path: Path, store_env: dict[str, str]
) -> None:
    _, hand = served
    before = records(tmp_path, store_env)
    for items in (
        [NEW, {"hand": hand, "version": 2, "events": [EVENTS[5]]}],
        [NEW, {"hand": hand, "events": [EVENTS[5]]}, {"hand": hand, "events": [EVENTS[5]]}],
    ):
        done = _import(tmp_path, store_env, items)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert "imported 0 hands, 0 events" in done.stderr, done.stderr
        assert records(tmp_path, store_env) == before
    done = _import(tmp_path, store_env, [NEW, {"hand": hand, "version": 5, "events": [EVENTS[5]]}])
    assert done.returncode == 0, done.stderr
    assert records(tmp_path, store_env) == before + 12
