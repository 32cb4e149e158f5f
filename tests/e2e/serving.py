"""Real servers for the hardening tests: ``adjudicator serve`` subprocesses, and raw HTTP on a socket.

``write_headers(token)`` is the one place the headers of a write made here are chosen: an API write
carries an official's bearer token. ``ServeProcesses.start`` issues one with the real CLI for the
store it serves (``.token``). Every ``serve`` started through ``ServeProcesses`` runs in a session of
its own and is killed with its whole process group, and reaped, when the test ends.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STARTUP_DEADLINE = 60.0  # seconds; a bound on waiting, never an assertion


def write_headers(token: str | None) -> dict[str, str]:
    """The headers every write sent by these helpers carries, besides its own."""
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def issue_token(directory: Path, **env: str) -> str:
    """An official's token for the store ``environment(directory, **env)`` names, from the real CLI."""
    base = command(0)[:-5]
    created = subprocess.run(
        [*base, "token", "create", "--role", "official", "--name", f"tests {time.monotonic_ns()}"],
        env=environment(directory, **env),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return created.stdout.strip().splitlines()[-1]


def command(port: int, host: str = "127.0.0.1") -> list[str]:
    script = shutil.which("adjudicator", path=os.path.dirname(sys.executable))
    base = [script] if script else [sys.executable, "-m", "adjudicator.cli"]
    return [*base, "serve", "--host", host, "--port", str(port)]


#: The caller's settings a server keeps: where the living rulebook's outcomes are kept, shared by
#: the test run (``tests/conftest.py``), so that its check runs once a run, not once a server.
KEPT = ("ADJUDICATOR_RULEBOOK_CHECKS",)


def environment(directory: Path, **extra: str) -> dict[str, str]:
    """The environment without any store setting of the caller's, on SQLite files in ``directory``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k in KEPT or not k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_", "HANDS_", "ADJUDICATOR_"))
    }
    env["ADJUDICATOR_DB"] = str(directory / "events.db")
    env["XDG_DATA_HOME"] = str(directory / "data")
    env.update(extra)
    return env


def one_feature(directory: Path) -> Path:
    """A features folder (``$ADJUDICATOR_FEATURES``) of one small feature, in ``directory``: a run of
    the living rulebook's examples then takes a second, not minutes."""
    chosen = directory / "features" / "chicago"
    chosen.mkdir(parents=True)
    shutil.copy(Path(__file__).resolve().parents[2] / "features" / "chicago" / "conduct.feature", chosen)
    return directory / "features"


def living(group: int) -> list[int]:
    """The processes of a process group that are still running (zombies are dead)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def listening(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``."""
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class ServeProcesses:
    """Starts ``adjudicator serve`` subprocesses; ``close()`` kills each one's group and reaps it."""

    started: list[subprocess.Popen[bytes]] = field(default_factory=list)
    token: str | None = None  # an official's, for the store the last ``start`` serves
    logs: dict[int, Path] = field(default_factory=dict)  # a server's pid -> the file of its output
    cwd: Path | None = None  # the folder the servers start in (None: this process's)

    def spawn(self, directory: Path, port: int, *args: str, **env: str) -> subprocess.Popen[bytes]:
        """``adjudicator serve`` on ``port``, with more of its options in ``args`` (``--workers``), its
        output on a pipe (``communicate()``): for a server expected to stop on its own."""
        return self._run(directory, port, args, env, subprocess.PIPE)

    def _run(
        self, directory: Path, port: int, args: tuple[str, ...], env: dict[str, str], output: Any
    ) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [*command(port), *args],
            env=environment(directory, **env),
            cwd=self.cwd,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, the worker's too
        )
        self.started.append(process)
        return process

    def _serve(
        self, directory: Path, port: int, args: tuple[str, ...], env: dict[str, str]
    ) -> subprocess.Popen[bytes]:
        """A server that runs until the test ends: its output (a line a request) goes to a file, never
        to a pipe nobody reads while it runs, which would stop the server once full."""
        directory.mkdir(parents=True, exist_ok=True)
        log = directory / f"serve-{port}-{time.monotonic_ns()}.log"
        with log.open("wb") as output:
            process = self._run(directory, port, args, env, output)
        self.logs[process.pid] = log
        return process

    def begin(self, directory: Path, port: int, *args: str, **env: str) -> subprocess.Popen[bytes]:
        """A server started on ``port``, not waited for (its output in a file, ``output``)."""
        return self._serve(directory, port, args, env)

    def output(self, process: subprocess.Popen[bytes]) -> str:
        """What the server has printed so far (its standard output and error)."""
        return self.logs[process.pid].read_text(errors="replace")

    @contextlib.contextmanager
    def explained(self, process: subprocess.Popen[bytes]) -> Iterator[None]:
        """A failure inside says what the server printed (a worker that died says why)."""
        try:
            yield
        except (OSError, AssertionError) as error:
            raise AssertionError(f"{error!r}; the server printed:\n{self.output(process)}") from error

    def start(self, directory: Path, port: int, *args: str, **env: str) -> subprocess.Popen[bytes]:
        """A server answering on ``port``, or RuntimeError with its output."""
        self.token = issue_token(directory, **env)
        process = self._serve(directory, port, args, env)
        deadline = time.monotonic() + STARTUP_DEADLINE
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited {process.returncode}: {self.output(process)}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")  # the liveness probe: anonymous whatever the settings
                if conn.getresponse().status == 200:
                    conn.close()
                    return process
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def close(self) -> None:
        for process in self.started:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
            deadline = time.monotonic() + 30
            while living(process.pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if process.stdout:
                process.stdout.close()
        self.started.clear()


def served(directory: Path, *args: str, **env: str) -> Iterator[tuple[int, str]]:
    """For a fixture: a started server on a free port of 127.0.0.1, ``args`` its options and ``env`` its
    settings: (its port, an official's token); killed and reaped after."""
    from tests.e2e.conftest import free_port

    processes = ServeProcesses()
    port = free_port()
    try:
        processes.start(directory, port, *args, **env)
        assert processes.token is not None
        yield port, processes.token
    finally:
        processes.close()


@dataclass
class RawReply:
    status: int
    headers: dict[str, str]
    body: Any


def post_chunked(port: int, path: str, body: bytes, token: str | None, chunk: int = 64 * 1024) -> RawReply:
    """POST ``body`` with ``Transfer-Encoding: chunked`` and no ``Content-Length``, on a raw socket.

    The body is sent from a thread while the reply is read: a server may answer (413) and close
    before it has read everything, and the rest of the body then meets a closed connection.
    """
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json", **write_headers(token)}
    head = f"POST {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"

    def send() -> None:
        with contextlib.suppress(OSError):  # the server may close once it has refused the body
            sock.sendall(head.encode())
            for start in range(0, len(body), chunk):
                piece = body[start : start + chunk]
                sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
            sock.sendall(b"0\r\n\r\n")

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    try:
        response = http.client.HTTPResponse(sock)
        response.begin()
        raw = response.read()
        return RawReply(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            json.loads(raw) if raw else None,
        )
    finally:
        sender.join(timeout=30)
        sock.close()


def padded(value: dict[str, Any], size: int) -> bytes:
    """``value`` as JSON of exactly ``size`` bytes, spaces before its closing brace."""
    text = json.dumps(value).encode()
    assert len(text) <= size
    return text[:-1] + b" " * (size - len(text)) + b"}"
