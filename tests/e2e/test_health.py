"""``GET /healthz`` and ``GET /readyz`` on a real ``adjudicator serve`` (issue 23): anonymous whatever
``ADJUDICATOR_ANONYMOUS_READS`` says; ``/readyz`` says how far the read models lag and is a 503
problem while the event store does not answer."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

WAIT = 30.0  # seconds: a bound on waiting for the read models, never an assertion


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, str, Path]]:
    """A server whose anonymous readers read nothing: (port, an official's token, its directory)."""
    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path, port, ADJUDICATOR_ANONYMOUS_READS="none")
        assert processes.token is not None
        yield port, processes.token, tmp_path
    finally:
        processes.close()


def test_the_probes_answer_anonymously_even_when_anonymous_readers_read_nothing(
    server: tuple[int, str, Path],
) -> None:
    port, _, _ = server
    anonymous = HTTP(port)
    try:
        assert anonymous.get("/rulesets").status == 401  # anonymous reads: none
        health = anonymous.get("/healthz")
        ready = anonymous.get("/readyz")
    finally:
        anonymous.close()
    assert health.status == 200 and health.body == {"status": "ok"}
    assert health.headers["cache-control"] == "no-store"
    assert ready.status == 200
    assert ready.body["status"] == "ready" and ready.body["store"] == "sqlite"
    assert "events.db" not in str(ready.body)  # where the store is stays the operator's business


def test_readiness_reports_the_read_models_lag_until_they_catch_up(server: tuple[int, str, Path]) -> None:
    port, token, _ = server
    client = HTTP(port, token)
    try:
        hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
        assert client.post(f"/hands/{hand}/events", random_hand(3, "texas", "north")).status == 201
        first = client.get("/readyz").body
        assert first["last_event"] >= 2
        assert first["lag"] == first["last_event"] - first["read_models"] >= 0
        deadline = time.monotonic() + WAIT
        latest = first
        while latest["lag"] and time.monotonic() < deadline:
            time.sleep(0.1)
            latest = client.get("/readyz").body
    finally:
        client.close()
    assert latest["lag"] == 0 and latest["read_models"] == latest["last_event"] == first["last_event"]


def test_readiness_is_a_503_problem_while_the_event_store_does_not_answer(
    server: tuple[int, str, Path],
) -> None:
    """The events' table gone from under the running server (renamed by another connection): 503 and
    why; liveness is not the store's business (200); back, the server is ready again."""
    port, _, directory = server
    store = sqlite3.connect(directory / "events.db")
    client = HTTP(port)
    try:
        store.execute("alter table stored_events rename to stored_events_away")
        store.commit()
        not_ready = client.get("/readyz")
        alive = client.get("/healthz")
        store.execute("alter table stored_events_away rename to stored_events")
        store.commit()
        ready = client.get("/readyz")
    finally:
        client.close()
        store.close()
    assert not_ready.status == 503, not_ready.body
    assert not_ready.headers["content-type"] == "application/problem+json"
    assert not_ready.body["type"] == "urn:adjudicator:problem:not-ready"
    assert "event store does not answer" in not_ready.body["detail"]
    assert alive.status == 200
    assert ready.status == 200
