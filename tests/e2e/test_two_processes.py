"""Two real ``adjudicator serve`` processes over one store: one SQLite file, or one PostgreSQL schema.

Each process keeps its own cache of hands and its own group commit; what one records the other reads
at once (every read asks the store for the hand's version), a stale ``If-Match`` is refused whichever
process the client last spoke to, an idempotent append retried on the other process is not recorded
twice, and one process at a time projects the shared read-model file: when it is killed, the other
takes the lease over and catches up. Also ``serve --workers 2``: two workers behind one port.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adjudicator.adapters.readmodels.lease import TABLE
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, living
from tests.integration.conftest import postgres_dsn, postgres_env  # noqa: F401 - fixtures

WAIT = 60.0  # seconds: a bound on waiting for the read models, never an assertion on speed


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """No setting (the SQLite file in the test's directory), or the PostgreSQL schema's settings."""
    if request.param == "sqlite":
        return {}
    env: dict[str, str] = request.getfixturevalue("postgres_env")
    return env


def _eventually(condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def _read_db(directory: Path, env: dict[str, str]) -> Path:
    if not env:
        return directory / "events.read.db"
    found = list((directory / "data" / "adjudicator").glob("postgres-*.read.db"))
    assert len(found) == 1, found
    return found[0]


def _lease_holder(read_db: Path) -> str:
    conn = sqlite3.connect(read_db)
    try:
        rows = conn.execute(f"select holder, expires from {TABLE}").fetchall()
    finally:
        conn.close()
    assert len(rows) == 1, rows
    return str(rows[0][0])


def test_a_write_in_one_process_is_read_at_once_in_the_other(
    tmp_path: Path, processes: ServeProcesses, store_env: dict[str, str]
) -> None:
    ports = free_port(), free_port()
    first = processes.start(tmp_path, ports[0], **store_env)
    second = processes.start(tmp_path, ports[1], **store_env)
    one, other = HTTP(ports[0], processes.token), HTTP(ports[1], processes.token)
    events = random_hand(7, "texas", "north")

    opened = one.post("/hands", {"ruleset": "texas", "dealer": "north"})
    assert opened.status == 201
    hand = opened.body["id"]
    assert other.get(f"/hands/{hand}").headers["etag"] == '"0"'  # now in the other's cache, at 0

    assert one.post(f"/hands/{hand}/events", events[0], {"If-Match": '"0"'}).status == 201
    seen = other.get(f"/hands/{hand}")
    assert seen.status == 200 and seen.body["version"] == 1 and seen.headers["etag"] == '"1"'
    assert other.get(f"/hands/{hand}/events").body["events"][0]["type"] == events[0]["type"]

    stale = other.post(f"/hands/{hand}/events", events[1], {"If-Match": '"0"'})
    assert stale.status == 412 and stale.headers["etag"] == '"1"'
    assert other.post(f"/hands/{hand}/events", events[1], {"If-Match": '"1"'}).status == 201
    # the first process cached the hand at version 1: its If-Match "1" is now stale too
    stale = one.post(f"/hands/{hand}/events", events[2], {"If-Match": '"1"'})
    assert stale.status == 412 and stale.headers["etag"] == '"2"'

    tagged = {**events[2], "id": str(uuid.uuid4())}
    answered = one.post(f"/hands/{hand}/events", tagged)
    again = other.post(f"/hands/{hand}/events", tagged)  # a client's retry, through the other process
    assert answered.status == again.status == 201 and answered.body == again.body == {"version": 3}
    listed = one.get(f"/hands/{hand}/events").body["events"]
    assert [event["version"] for event in listed] == [1, 2, 3]

    rest = one.post(f"/hands/{hand}/events", events[3:], {"If-Match": '"3"'})
    assert rest.status == 201 and rest.body == {"version": len(events)}
    assert other.get(f"/hands/{hand}/rulings").headers["etag"] == f'"{len(events)}"'
    assert other.get(f"/hands/{hand}/score").body == one.get(f"/hands/{hand}/score").body

    # One process projects the shared read models; killed, the other takes over and catches up.
    read_db = _read_db(tmp_path, store_env)
    assert _eventually(lambda: any(h["id"] == hand for h in other.get("/hands").body["hands"]))
    holder = int(_lease_holder(read_db).split(":")[1])
    servers = {first.pid: (first, other, one), second.pid: (second, one, other)}
    projector, survivor, _ = servers[os.getpgid(holder)]
    os.killpg(projector.pid, signal.SIGKILL)
    projector.wait(timeout=30)
    later = survivor.post("/hands", {"ruleset": "texas", "dealer": "east"}).body["id"]
    assert _eventually(lambda: any(h["id"] == later for h in survivor.get("/hands").body["hands"]))
    assert int(_lease_holder(read_db).split(":")[1]) != holder


def _listed(client: HTTP) -> set[str]:
    return {hand["id"] for hand in client.get("/hands?limit=200").body["hands"]}


def test_two_workers_behind_one_port_serve_one_store(tmp_path: Path, processes: ServeProcesses) -> None:
    port = free_port()
    server: subprocess.Popen[bytes] = processes.start(tmp_path, port, "--workers", "2")
    assert _eventually(lambda: len([pid for pid in living(server.pid) if pid != server.pid]) == 2)
    clients = [HTTP(port, processes.token) for _ in range(6)]  # the kernel spreads connections
    with processes.explained(server):
        opening = {"ruleset": "texas", "dealer": "north"}
        hands = [client.post("/hands", opening).body["id"] for client in clients]
        events = random_hand(3, "texas", "north")
        for n, event in enumerate(events[:12]):
            for i, hand in enumerate(hands):
                writer, reader = clients[(n + i) % 6], clients[(n + i + 1) % 6]
                assert writer.post(f"/hands/{hand}/events", event, {"If-Match": f'"{n}"'}).status == 201
                assert reader.get(f"/hands/{hand}").body["version"] == n + 1
        assert _eventually(lambda: set(hands) <= _listed(clients[0]))
