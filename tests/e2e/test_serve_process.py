"""``adjudicator serve`` as a process: its worker dies with it, and it never starts on a busy port.

Granian serves from a worker process that binds the port with SO_REUSEPORT: were the supervisor
alone killed (SIGKILL, which it cannot pass on), the worker would keep serving and holding the
port, and a second ``serve`` would start beside it. The worker asks the kernel for a signal when
its parent dies; ``serve`` binds the port itself first and refuses, exit status 1, when it is taken.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, listening, living

FREED_WITHIN = 5.0  # seconds


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


def _workers(server: subprocess.Popen[bytes]) -> list[int]:
    return [pid for pid in living(server.pid) if pid != server.pid]


def _wait(condition: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.05)
    return False


def test_killing_only_the_parent_stops_its_worker_and_frees_the_port(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    port = free_port()
    server = processes.start(tmp_path, port)
    workers = _workers(server)
    assert workers, "granian's worker runs in the server's process group"
    os.kill(server.pid, signal.SIGKILL)  # the parent alone: nothing can pass this on
    server.wait(timeout=10)
    assert _wait(lambda: not _workers(server), FREED_WITHIN), f"the worker outlived its parent: {workers}"
    assert _wait(lambda: not listening(port), FREED_WITHIN), "the port is still served"
    again = processes.start(tmp_path, port)  # and a new server can have it
    assert HTTP(port).get("/rulesets").status == 200
    assert again.poll() is None


def _refused(processes: ServeProcesses, directory: Path, port: int) -> str:
    second = processes.spawn(directory, port)
    output = second.communicate(timeout=60)[0].decode()
    assert second.returncode == 1, output
    assert "Listening" not in output
    return output


def test_a_second_server_on_a_busy_port_exits_saying_so(tmp_path: Path, processes: ServeProcesses) -> None:
    port = free_port()
    first = processes.start(tmp_path / "first", port)
    output = _refused(processes, tmp_path / "second", port)
    assert f"adjudicator: port {port} on 127.0.0.1 is already in use" in output
    assert first.poll() is None
    assert HTTP(port).get("/rulesets").status == 200


def test_a_port_held_by_any_listener_is_refused(tmp_path: Path, processes: ServeProcesses) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        port = other.getsockname()[1]
        assert "is already in use" in _refused(processes, tmp_path, port)
