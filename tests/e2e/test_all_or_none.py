"""An import is all or none across every hand it names (issue 19, item 4), on SQLite and PostgreSQL,
through a real ``adjudicator serve`` and the real ``adjudicator import``.

A body or file naming a new hand and a stored hand at a stale version, or one stored hand twice with
events that cannot both follow, is refused and stores nothing: not the new hand, not the first
item's events. Items naming one hand in turn are judged in turn: the second item's ``version`` is the
one the first left the hand at.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, command, environment
from tests.integration.conftest import postgres_dsn, postgres_schema  # noqa: F401 - a fixture

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


@dataclass(frozen=True)
class Server:
    """A real server on one backend, shared by the module's tests: each opens a hand of its own and
    counts the store's records before and after (a server's start is most of such a test's time)."""

    client: HTTP
    directory: Path
    env: dict[str, str]


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    directory = tmp_path_factory.mktemp("all-or-none")
    with contextlib.ExitStack() as stack:
        env: dict[str, str] = {}
        if request.param == "postgres":
            env = stack.enter_context(postgres_schema(*request.getfixturevalue("postgres_dsn")))
        processes = ServeProcesses()
        stack.callback(processes.close)
        port = free_port()
        processes.start(directory, port, **env)
        client = HTTP(port, processes.token)
        stack.callback(client.close)
        yield Server(client, directory, env)


@pytest.fixture
def served(server: Server) -> tuple[HTTP, str]:
    """An official's client of the module's server, and a stored hand of this test's at version 5."""
    hand = server.client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
    assert server.client.post(f"/hands/{hand}/events", EVENTS[:5]).status == 201
    return server.client, hand


def test_a_stale_version_after_a_new_hand_stores_neither(served: tuple[HTTP, str], server: Server) -> None:
    client, hand = served
    before = records(server.directory, server.env)
    reply = client.post("/hands/import", [NEW, {"hand": hand, "version": 2, "events": [EVENTS[5]]}])
    assert reply.status == 412, reply.body
    assert "nothing was recorded" in reply.body["detail"]
    assert records(server.directory, server.env) == before
    assert client.get(f"/hands/{hand}").body["version"] == 5


def test_two_items_for_one_hand_that_cannot_both_follow_store_nothing(
    served: tuple[HTTP, str], server: Server
) -> None:
    client, hand = served
    before = records(server.directory, server.env)
    twice = [NEW, {"hand": hand, "events": [EVENTS[5]]}, {"hand": hand, "events": [EVENTS[5]]}]
    reply = client.post("/hands/import", twice)
    assert reply.status == 422, reply.body
    assert reply.body["hand"] == 2 and "nothing was recorded" in reply.body["detail"]
    assert records(server.directory, server.env) == before
    assert client.get(f"/hands/{hand}").body["version"] == 5


def test_items_for_one_hand_are_judged_in_turn(served: tuple[HTTP, str], server: Server) -> None:
    client, hand = served
    before = records(server.directory, server.env)
    items = [
        {"hand": hand, "version": 5, "events": EVENTS[5:7]},
        NEW,
        {"hand": hand, "version": 7, "events": EVENTS[7:9]},
    ]
    reply = client.post("/hands/import", items)
    assert reply.status == 201, reply.body
    assert [(h["version"], h["events"]) for h in reply.body["hands"]] == [(7, 2), (10, 10), (9, 2)]
    assert records(server.directory, server.env) == before + 4 + 11  # a new hand's opening is a record too
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


def test_a_refused_file_stores_nothing_through_the_cli(served: tuple[HTTP, str], server: Server) -> None:
    _, hand = served
    before = records(server.directory, server.env)
    for items in (
        [NEW, {"hand": hand, "version": 2, "events": [EVENTS[5]]}],
        [NEW, {"hand": hand, "events": [EVENTS[5]]}, {"hand": hand, "events": [EVENTS[5]]}],
    ):
        done = _import(server.directory, server.env, items)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert "imported 0 hands, 0 events" in done.stderr, done.stderr
        assert records(server.directory, server.env) == before
    done = _import(server.directory, server.env, [NEW, {"hand": hand, "version": 5, "events": [EVENTS[5]]}])
    assert done.returncode == 0, done.stderr
    assert records(server.directory, server.env) == before + 12


def _hands(count: int, seed: int) -> list[dict[str, Any]]:
    return [
        {"ruleset": "texas", "dealer": "north", "events": random_hand(seed + n, "texas", "north")}
        for n in range(count)
    ]


def test_a_large_import_with_an_impossible_hand_in_the_middle_stores_nothing(
    served: tuple[HTTP, str], server: Server
) -> None:
    """Paced (``adjudicator.pacing``), an import is still judged whole before anything is
    written: the 31st of 60 hands cannot be (a card played after the hand's last book), so none is
    recorded."""
    client, hand = served
    items = _hands(60, 100)
    items[30]["events"] = [*items[30]["events"], items[30]["events"][-1]]  # a play after the last book
    before = records(server.directory, server.env)
    reply = client.post("/hands/import", items)
    assert reply.status == 422 and reply.body["hand"] == 30, reply.body
    assert "nothing was recorded" in reply.body["detail"]
    assert records(server.directory, server.env) == before
    valid = client.post("/hands/import", [*items[:30], {"hand": hand, "version": 4, "events": [EVENTS[5]]}])
    assert valid.status == 412, valid.body  # judged against the stored hand: a stale version, too late
    assert records(server.directory, server.env) == before


def test_a_reader_during_a_large_import_sees_none_of_it_or_all(server: Server) -> None:
    """The store's records counted again and again while a paced 80-hand import runs: only the count
    before it and the count after it are ever seen, however long the import takes."""
    items = _hands(80, 500)
    before = records(server.directory, server.env)
    after = before + sum(len(item["events"]) + 1 for item in items)  # each new hand's opening too
    seen: set[int] = set()
    answered: list[Any] = []
    importer = threading.Thread(target=lambda: answered.append(server.client.post("/hands/import", items)))
    importer.start()
    while importer.is_alive() or not seen - {before}:
        seen.add(records(server.directory, server.env))
        if not importer.is_alive() and after not in seen:
            seen.add(records(server.directory, server.env))
            break
    importer.join()
    assert answered[0].status == 201, answered[0].body
    assert seen <= {before, after} and after in seen, (before, after, seen)
    assert before in seen  # the reader ran while the import was under way
