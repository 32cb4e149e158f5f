"""Idempotent retries across the workers of one ``adjudicator serve --workers 2``: the same event id
posted at once on many connections (the kernel spreads them over both workers) always gets the first
answer, whichever worker took it and whichever lost the race to the store; it is stored once."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, living
from tests.e2e.test_two_processes import _eventually, store_env  # noqa: F401 - a fixture
from tests.integration.conftest import postgres_dsn, postgres_env  # noqa: F401 - fixtures

RETRIES = 8  # simultaneous posts of one event id
TRIALS = 25  # one event each; on main, 6 and 10 of 25 trials answered a retry 409 (SQLite, PostgreSQL)


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


def _answers_on_fresh_connections(port: int) -> bool:
    """Whether a run of new connections is answered (both workers listening), else False."""
    for _ in range(4 * RETRIES):
        client = HTTP(port)
        try:
            if client.get("/rulesets").status != 200:
                return False
        except OSError:
            return False
        finally:
            client.close()
    return True


def _connected(port: int, token: str | None) -> HTTP:
    """A client on a new connection, made before anything is sent: a refused connect (a worker
    the kernel picked that is not accepting yet, or a busy machine) is tried again, for a while."""
    deadline = time.monotonic() + 30
    while True:
        client = HTTP(port, token)
        try:
            client.conn.connect()
            return client
        except ConnectionRefusedError:
            client.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _at_once(port: int, token: str | None, path: str, body: object) -> list[tuple[int, object]]:
    """``body`` posted RETRIES times at once, each on a connection of its own (either worker may
    take it): each answer's status and body."""
    start = threading.Barrier(RETRIES)
    replies: list[tuple[int, object]] = [(0, None)] * RETRIES

    def post(i: int) -> None:
        client = _connected(port, token)
        start.wait()
        reply = client.post(path, body)
        client.close()
        replies[i] = (reply.status, reply.body)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(RETRIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return replies


def test_the_same_event_id_gets_the_first_answer_whatever_worker_and_race(
    tmp_path: Path,
    processes: ServeProcesses,
    store_env: dict[str, str],  # noqa: F811 - the fixture imported above
) -> None:
    port = free_port()
    server = processes.start(tmp_path, port, "--workers", "2", **store_env)
    assert _eventually(lambda: len([pid for pid in living(server.pid) if pid != server.pid]) == 2)
    assert _eventually(lambda: _answers_on_fresh_connections(port))
    client = HTTP(port, processes.token)
    hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
    events = random_hand(5, "texas", "north")[: 2 * TRIALS]
    answers: list[list[tuple[int, object]]] = []
    for n in range(TRIALS):
        # One event through one connection: the worker that did not take it holds the hand cached
        # one event behind, as in a hall where tables post through both workers.
        other = _connected(port, processes.token)
        lone = other.post(f"/hands/{hand}/events", [events[2 * n]])
        other.close()
        assert lone.status == 201, lone.body
        posted = {**events[2 * n + 1], "id": str(uuid.uuid4())}
        answers.append(_at_once(port, processes.token, f"/hands/{hand}/events", [posted]))
    first = [(201, {"version": 2 * n + 2}) for n in range(TRIALS)]
    assert [sorted(set(map(repr, replies))) for replies in answers] == [[repr(a)] for a in first]
    listed = client.get(f"/hands/{hand}/events").body
    assert len(listed["events"]) == 2 * TRIALS
