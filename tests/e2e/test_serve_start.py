"""How ``adjudicator serve`` starts, as real processes: several workers on a fresh SQLite store under
writes all serve (the supervisor makes every table before the workers start, and a worker that
cannot open the store tries again); SIGTERM stops it at any moment of the start; the living
rulebook's check runs once per version of the engine and its examples, not on every start.

Before: 2 starts in 6 of ``--workers 2`` under writes exited whole on "database is locked" (a worker
creating its tables beside the other's appends), a SIGTERM while the workers built their apps left
the supervisor waiting for ever on a worker that then served, and every worker of every start ran
the whole check in the serving process.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import free_port
from tests.e2e.serving import STARTUP_DEADLINE, ServeProcesses, living, one_feature

STARTS = 5
WRITERS = 4
STOPPED_WITHIN = 10.0  # seconds; granian's own stop of a serving worker takes well under one


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


def _token(processes: ServeProcesses, server: subprocess.Popen[bytes]) -> str:
    """The first official's token, as the server printed it on its fresh store."""
    deadline = time.monotonic() + STARTUP_DEADLINE
    while time.monotonic() < deadline:
        found = re.search(r"^(adj_\S+)$", processes.output(server), re.MULTILINE)
        if found:
            return found.group(1)
        assert server.poll() is None, processes.output(server)
        time.sleep(0.02)
    raise AssertionError(f"no token printed: {processes.output(server)}")


def _write(port: int, token: str, stop: threading.Event, answers: list[int]) -> None:
    """Open hands from the first moment the port answers until ``stop``: each answer's status."""
    conn: http.client.HTTPConnection | None = None
    body = json.dumps({"ruleset": "texas", "dealer": "north"})
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    while not stop.is_set():
        try:
            conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("POST", "/hands", body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            answers.append(response.status)
        except OSError:  # not listening yet, or a worker's connection closed: a new one
            if conn is not None:
                conn.close()
            conn = None
            time.sleep(0.01)
    if conn is not None:
        conn.close()


def test_two_workers_on_a_fresh_sqlite_store_under_writes_start_every_time(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    for start in range(STARTS):
        port = free_port()
        server = processes.begin(tmp_path / f"start-{start}", port, "--workers", "2")
        token = _token(processes, server)  # the writes begin before either worker serves
        stop, answers = threading.Event(), []  # type: ignore[var-annotated]
        writers = [threading.Thread(target=_write, args=(port, token, stop, answers)) for _ in range(WRITERS)]
        for writer in writers:
            writer.start()
        try:
            with processes.explained(server):
                deadline = time.monotonic() + STARTUP_DEADLINE
                while len([pid for pid in living(server.pid) if pid != server.pid]) < 2 or len(answers) < 200:
                    assert server.poll() is None, f"start {start}: the server exited {server.returncode}"
                    assert time.monotonic() < deadline, f"start {start}: {len(answers)} answers"
                    time.sleep(0.05)
                time.sleep(2)  # both workers built, the appends still coming
                assert server.poll() is None, f"start {start}: the server exited {server.returncode}"
        finally:
            stop.set()
            for writer in writers:
                writer.join()
        assert set(answers) == {201}, f"start {start}"
        assert "database is locked" not in processes.output(server)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


@pytest.mark.parametrize("delay", [0.3, 0.6, 1.0, 1.5])
def test_sigterm_early_in_the_start_stops_the_service_promptly(
    tmp_path: Path, processes: ServeProcesses, delay: float
) -> None:
    server = processes.begin(tmp_path, free_port(), "--workers", "2")
    time.sleep(delay)
    sent = time.monotonic()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=STOPPED_WITHIN)
    except subprocess.TimeoutExpired:
        raise AssertionError(
            f"running {STOPPED_WITHIN} s after SIGTERM: {processes.output(server)}"
        ) from None
    took = time.monotonic() - sent
    deadline = time.monotonic() + 5
    while living(server.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not living(server.pid), "a worker outlived its server"
    assert took < STOPPED_WITHIN


def _check_state(port: int) -> dict[str, object]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/console/rulebooks/check")
        state: dict[str, object] = json.loads(conn.getresponse().read())
        return state
    finally:
        conn.close()


def test_the_rulebook_check_runs_once_per_version_not_on_every_start(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    kept = tmp_path / "kept"
    env = {"ADJUDICATOR_FEATURES": str(one_feature(tmp_path)), "ADJUDICATOR_RULEBOOK_CHECKS": str(kept)}
    port = free_port()
    first = processes.start(tmp_path, port, **env)
    with processes.explained(first):
        deadline = time.monotonic() + 300  # niced: it waits for idle moments of a busy machine
        while not list(kept.glob("*.json")) or (state := _check_state(port))["running"]:
            assert time.monotonic() < deadline, "the check never ended"
            time.sleep(0.2)
        assert state["passed"] and state["failed"] == 0, state
    assert "checking them for version" in processes.output(first)
    (outcomes,) = kept.glob("*.json")
    written = outcomes.stat().st_mtime_ns
    os.killpg(first.pid, signal.SIGTERM)
    first.wait(timeout=30)

    second = processes.start(tmp_path, port, **env)
    with processes.explained(second):
        said = processes.output(second)
        assert f"checked for version {outcomes.stem[:12]} of the engine and its examples already" in said
        assert _check_state(port) == state  # the same run's outcomes, none under way
        assert "rulebook" not in " ".join(_commands(second.pid))  # no run's process
    assert outcomes.stat().st_mtime_ns == written


def _commands(group: int) -> list[str]:
    found = []
    for pid in living(group):
        try:
            found.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
        except OSError:
            continue
    return found
