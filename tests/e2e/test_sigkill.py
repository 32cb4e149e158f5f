"""Killing the server with SIGKILL mid-stream loses no acknowledged event.

A real ``adjudicator serve`` subprocess on the embedded SQLite default (``ADJUDICATOR_DB`` only),
four clients appending hands event by event and noting every acknowledged version, SIGKILL once
enough are acknowledged, a restart on the same file: every acknowledged event is there, and each
hand's log is a prefix of what its client sent (an unacknowledged last event may or may not be).

Granian runs the app in a worker process, a child of ``adjudicator serve``: the server starts in a
session (process group) of its own, and the SIGKILL goes to the whole group, so the worker that
writes dies mid-stream as well. No server process outlives a test: the fixture kills the groups.
"""

from __future__ import annotations

import contextlib
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

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port

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


def _official(directory: Path) -> str:
    """An official's token, issued by the real CLI on the server's database before it starts."""
    command = [*_command(0)[:-5], "token", "create", "--role", "official", "--name", "Chief official"]
    done = subprocess.run(
        command, env=_environment(directory), capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.splitlines()[-1]


def _living(group: int) -> list[int]:
    """The processes of a process group that are still running (zombies are dead)."""
    living = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == group and fields[0] != "Z":
            living.append(int(entry.name))
    return living


def _kill_group(process: subprocess.Popen[bytes], sig: signal.Signals = signal.SIGKILL) -> None:
    """``sig`` to the server's whole process group: ``adjudicator serve`` and granian's worker."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def _wait_gone(process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    process.wait(timeout=timeout)
    deadline = time.monotonic() + timeout
    while _living(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _living(process.pid), f"server processes outlived their group: {_living(process.pid)}"


def _start(directory: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen(
        _command(port),
        env=_environment(directory),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, the worker's too
    )
    _started.append(process)
    deadline = time.monotonic() + STARTUP_DEADLINE
    while time.monotonic() < deadline:
        if process.poll() is not None:
            _kill_group(process)
            output = process.stdout.read().decode() if process.stdout else ""
            raise RuntimeError(f"the server exited: {output}")
        try:
            if HTTP(port).get("/rulesets").status == 200:
                return process, port
        except OSError:
            time.sleep(0.05)
    _kill_group(process)
    raise RuntimeError("the server did not start")


_started: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def servers() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Every server a test started; afterwards each one's whole group is killed and reaped."""
    _started.clear()
    yield _started
    for process in _started:
        _kill_group(process)
        _wait_gone(process)
    _started.clear()


def test_sigkill_loses_no_acknowledged_event(tmp_path: Path) -> None:
    token = _official(tmp_path)
    server, port = _start(tmp_path)
    workers = [pid for pid in _living(server.pid) if pid != server.pid]
    assert workers, "granian's worker runs in the server's process group"
    acknowledged: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    sent: dict[str, list[dict[str, Any]]] = {}
    lock = threading.Lock()
    enough = threading.Event()

    def client(seed: int) -> None:
        http = HTTP(port, token)
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
    _kill_group(server)  # the supervisor and the worker that writes, at once
    _wait_gone(server)
    for thread in threads:
        thread.join(timeout=60)
    assert enough.is_set(), "the clients never got going"
    assert sum(len(a) for a in acknowledged.values()) >= KILL_AFTER

    _, port = _start(tmp_path)
    http = HTTP(port, token)
    for hand_id, acks in acknowledged.items():
        reply = http.get(f"/hands/{hand_id}/events")
        assert reply.status == 200
        log = [
            {k: v for k, v in e.items() if k not in ("version", "recorded_at", "author")}
            for e in reply.body["events"]
        ]
        for version, event in acks:
            assert log[version - 1] == event, f"acknowledged event {version} of {hand_id} is lost"
        assert log == sent[hand_id][: len(log)]
        assert len(log) in (len(acks), len(acks) + 1)
    http.close()


def test_sigterm_stops_the_server_and_its_worker(tmp_path: Path) -> None:
    """What a process manager does: SIGTERM to ``adjudicator serve`` alone stops its worker too."""
    token = _official(tmp_path)
    server, port = _start(tmp_path)
    http = HTTP(port, token)
    hand_id = http.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
    http.close()
    server.send_signal(signal.SIGTERM)
    output = server.communicate(timeout=30)[0].decode()
    assert server.returncode == 0, output
    _wait_gone(server)
    banner = f"adjudicator: serving on http://127.0.0.1:{port} (events: sqlite:{tmp_path / 'events.db'};"
    assert banner in output
    _, port = _start(tmp_path)
    assert HTTP(port, token).get(f"/hands/{hand_id}").status == 200
