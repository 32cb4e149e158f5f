"""Killing the server with SIGKILL mid-stream loses no acknowledged event.

A real ``adjudicator serve`` subprocess on the embedded SQLite default (``ADJUDICATOR_DB`` only),
four clients appending hands event by event and noting every acknowledged version, SIGKILL once
enough are acknowledged, a restart on the same file: every acknowledged event is there, and each
hand's log is a prefix of what its client sent (an unacknowledged last event may or may not be).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.simulate import random_hand
from tests.api.conftest import HTTP, free_port

CLIENTS = 4
KILL_AFTER = 150  # acknowledged appends
STARTUP_DEADLINE = 60.0  # seconds; a bound on waiting, never an assertion


def _command(port: int) -> list[str]:
    script = shutil.which("adjudicator", path=os.path.dirname(sys.executable))
    base = [script] if script else [sys.executable, "-m", "adjudicator.cli"]
    return [*base, "serve", "--host", "127.0.0.1", "--port", str(port)]


def _environment(directory: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_", "HANDS_", "ADJUDICATOR_"))
    }
    env["ADJUDICATOR_DB"] = str(directory / "events.db")
    env["XDG_DATA_HOME"] = str(directory / "data")
    return env


def _start(directory: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen(
        _command(port), env=_environment(directory), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + STARTUP_DEADLINE
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the server exited: {process.stderr.read().decode() if process.stderr else ''}"
            )
        try:
            if HTTP(port).get("/rulesets").status == 200:
                return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)


def test_sigkill_loses_no_acknowledged_event(tmp_path: Path, servers: list[subprocess.Popen[bytes]]) -> None:
    server, port = _start(tmp_path)
    servers.append(server)
    acknowledged: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    sent: dict[str, list[dict[str, Any]]] = {}
    lock = threading.Lock()
    enough = threading.Event()

    def client(seed: int) -> None:
        http = HTTP(port)
        try:
            for hand in range(3):
                events = random_hand(seed * 10 + hand, "detroit", "north")
                hand_id = http.post("/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"]
                with lock:
                    acknowledged[hand_id], sent[hand_id] = [], events
                for event in events:
                    reply = http.post(f"/hands/{hand_id}/events", event)
                    assert reply.status == 201, reply.body
                    with lock:
                        acknowledged[hand_id].append((reply.body["version"], event))
                        if sum(len(a) for a in acknowledged.values()) >= KILL_AFTER:
                            enough.set()
        except (OSError, Exception):  # the server died under us: that is the test
            return
        finally:
            http.close()

    threads = [threading.Thread(target=client, args=(seed,)) for seed in range(CLIENTS)]
    for thread in threads:
        thread.start()
    enough.wait(timeout=120)
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=30)
    for thread in threads:
        thread.join(timeout=60)
    assert enough.is_set(), "the clients never got going"
    assert sum(len(a) for a in acknowledged.values()) >= KILL_AFTER

    restarted, port = _start(tmp_path)
    servers.append(restarted)
    http = HTTP(port)
    for hand_id, acks in acknowledged.items():
        reply = http.get(f"/hands/{hand_id}/events")
        assert reply.status == 200
        log = [
            {k: v for k, v in e.items() if k not in ("version", "recorded_at")} for e in reply.body["events"]
        ]
        for version, event in acks:
            assert log[version - 1] == event, f"acknowledged event {version} of {hand_id} is lost"
        assert log == sent[hand_id][: len(log)]
        assert len(log) in (len(acks), len(acks) + 1)
    http.close()
