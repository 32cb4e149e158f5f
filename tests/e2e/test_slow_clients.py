"""Slow and hostile clients cannot starve honest ones, against a real ``adjudicator serve`` (issue 19).

Before the front (``api.front``), 8 connections trickling a chunked body one byte a second held the 8
request threads and every other request timed out. Now a request reaches a thread only once it has
arrived whole; a body is read only after its credentials pass; headers and bodies have deadlines;
a client has a bound on its requests in flight. Nothing here asserts on time: each wait is bounded
(``WAIT``), and a server that does not answer in it fails the test. The latency is measured by
``benchmarks/bench_slow_clients.py``.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses, served
from tests.e2e.trickle import Trickle, probe

WAIT = 20.0  # seconds: a bound on waiting for an answer, never an assertion
#: Tight bounds, so that a deadline passes while the test waits (seconds; requests).
TIGHT = {"ADJUDICATOR_BODY_TIMEOUT": "1", "ADJUDICATOR_HEADER_TIMEOUT": "1"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server with the default bounds: (its port, an official's token)."""
    yield from served(tmp_path_factory.mktemp("default"))


@pytest.fixture(scope="module")
def unbounded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server whose bound per client is far above 100: every slow client's body is waited for."""
    yield from served(tmp_path_factory.mktemp("unbounded"), ADJUDICATOR_CLIENT_REQUESTS="1000")


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    yield from served(tmp_path_factory.mktemp("tight"), **TIGHT)


@pytest.fixture(scope="module")
def bounded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server that lets a client have 3 requests in flight, behind one proxy (X-Forwarded-For)."""
    env = {"ADJUDICATOR_CLIENT_REQUESTS": "3", "ADJUDICATOR_TRUSTED_PROXIES": "1"}
    yield from served(tmp_path_factory.mktemp("bounded"), **env)


def until(port: int, path: str, status: int) -> int:
    """GET ``path`` until it answers ``status``, ``WAIT`` seconds at most: the last status."""
    deadline = time.monotonic() + WAIT
    while True:
        found = probe(port, path, timeout=WAIT)[0]
        if found == status or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def raw(port: int, head: str) -> socket.socket:
    """A connection that has sent ``head`` (a request line and headers, maybe a start of body)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    sock.sendall(head.encode())
    return sock


def answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body the server sent on ``sock`` (read until it closes)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    pairs = (line.split(": ", 1) for line in lines[1:] if ": " in line)
    headers = {name.lower(): value for name, value in pairs}
    return int(lines[0].split()[1]), headers, body


def held(port: int, token: str, extra: str = "") -> socket.socket:
    """A write whose body the server waits for: it asks ``Expect: 100-continue`` and has its answer
    (the server asks for the body once the request is counted and its credential admitted), then
    sends one byte of a 100-byte body and no more."""
    sock = raw(port, write(port, token, f"{extra}Expect: 100-continue\r\nContent-Length: 100\r\n\r\n"))
    assert sock.recv(100).startswith(b"HTTP/1.1 100 Continue")
    sock.sendall(b"{")
    return sock


def write(port: int, token: str | None, extra: str = "") -> str:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    head = f"POST /hands HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    return f"{head}Content-Type: application/json\r\n{auth}{extra}"


@pytest.mark.parametrize("which", ["server", "unbounded"])
def test_probes_and_honest_clients_are_answered_while_100_slow_clients_trickle(
    which: str, request: pytest.FixtureRequest
) -> None:
    """Slow headers, chunked and sized bodies, with and without a token: 100 of them, and the health
    probes, a read and a write of an honest client are still answered (within ``WAIT``)."""
    port, token = request.getfixturevalue(which)
    with Trickle(port, 100, token, interval=0.5, duration=60):
        for path in ("/healthz", "/readyz", "/rulesets", "/healthz"):
            status, _ = probe(port, path, timeout=WAIT)
            assert status == 200, path
        honest = HTTP(port, token)
        try:
            opened = honest.post("/hands", {"ruleset": "texas", "dealer": "north"})
        finally:
            honest.close()
        assert opened.status == 201, opened.body


def test_a_write_without_a_credential_is_never_asked_for_its_body(server: tuple[int, str]) -> None:
    """``Expect: 100-continue`` without a token: 401, and never "100 Continue"."""
    port, _ = server
    with raw(port, write(port, None, "Expect: 100-continue\r\nContent-Length: 100\r\n\r\n")) as sock:
        status, _, body = answer(sock)
    assert status == 401, body


def test_a_body_without_a_credential_is_refused_before_it_is_sent(server: tuple[int, str]) -> None:
    """A chunked write without a token is answered 401 on its headers: the server waits for no byte
    of its body (before, granian read the whole chunked body first, so this never answered)."""
    port, _ = server
    with raw(port, write(port, None, "Transfer-Encoding: chunked\r\n\r\n")) as sock:
        status, headers, body = answer(sock)
    assert status == 401
    assert headers["content-type"] == "application/problem+json"
    assert headers["www-authenticate"].startswith("Bearer")
    assert json.loads(body)["type"] == "urn:adjudicator:problem:unauthenticated"


def test_a_revoked_or_unknown_token_is_refused_before_its_body(server: tuple[int, str]) -> None:
    port, _ = server
    with raw(port, write(port, "not-a-token", "Content-Length: 500000\r\n\r\n{")) as sock:
        status, _, body = answer(sock)
    assert status == 401 and "unknown or revoked" in json.loads(body)["detail"]


def test_a_declared_body_over_the_limit_is_413_before_it_is_sent(server: tuple[int, str]) -> None:
    port, token = server
    with raw(port, write(port, token, f"Content-Length: {2 << 20}\r\n\r\n")) as sock:
        status, headers, _ = answer(sock)
    assert status == 413 and headers["content-type"] == "application/problem+json"


def test_a_body_that_stops_arriving_is_408(tight: tuple[int, str]) -> None:
    port, token = tight
    with raw(port, write(port, token, 'Content-Length: 100\r\n\r\n{"ruleset"')) as sock:
        status, headers, body = answer(sock)
    assert status == 408 and headers["connection"] == "close"
    assert json.loads(body)["type"] == "urn:adjudicator:problem:body-timeout"


def test_a_chunked_body_that_stops_arriving_is_408(tight: tuple[int, str]) -> None:
    port, token = tight
    with raw(port, write(port, token, "Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n")) as sock:
        status, _, _ = answer(sock)
    assert status == 408


def test_headers_that_never_end_are_cut_off(tight: tuple[int, str]) -> None:
    """Granian closes a connection whose headers did not arrive within the header timeout."""
    port, _ = tight
    with raw(port, f"GET /rulesets HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: a") as sock:
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    assert not data.startswith(b"HTTP/1.1 200")


def test_a_client_past_its_bound_is_429_and_probes_are_still_answered(bounded: tuple[int, str]) -> None:
    """With 3 requests of 127.0.0.1 waiting for their bodies, another is 429 with Retry-After; a probe
    is never counted; once they hang up, the client is served again."""
    port, token = bounded
    slow = [held(port, token) for _ in range(3)]
    try:
        refused = HTTP(port)
        try:
            reply = refused.get("/rulesets")
        finally:
            refused.close()
        assert reply.status == 429, reply.body
        assert reply.headers["retry-after"] == "1"
        assert reply.body["type"] == "urn:adjudicator:problem:too-many-requests"
        assert probe(port, "/healthz", timeout=WAIT)[0] == 200
        assert probe(port, "/readyz", timeout=WAIT)[0] == 200
    finally:
        for sock in slow:
            sock.close()
    assert until(port, "/rulesets", 200) == 200


def test_behind_a_trusted_proxy_the_bound_is_per_forwarded_client(bounded: tuple[int, str]) -> None:
    """Through one proxy every client has the proxy's address: the bound counts the address the
    proxy forwarded, so one client's slow requests do not refuse another's."""
    port, token = bounded
    slow = [held(port, token, "X-Forwarded-For: 198.51.100.1\r\n") for _ in range(3)]
    client = HTTP(port)
    try:
        hogged = client.get("/rulesets", {"X-Forwarded-For": "198.51.100.1"}).status
        other = client.get("/rulesets", {"X-Forwarded-For": "198.51.100.2"})
    finally:
        client.close()
        for sock in slow:
            sock.close()
    assert hogged == 429
    assert other.status == 200


@pytest.mark.parametrize(
    "setting",
    [
        "ADJUDICATOR_BODY_TIMEOUT=abc",
        "ADJUDICATOR_HEADER_TIMEOUT=0",
        "ADJUDICATOR_CLIENT_REQUESTS=-3",
        "ADJUDICATOR_TRUSTED_PROXIES=one",
    ],
)
def test_a_bound_that_is_not_a_number_stops_serve_before_it_starts(tmp_path: Path, setting: str) -> None:
    name, _, value = setting.partition("=")
    processes = ServeProcesses()
    try:
        process = processes.spawn(tmp_path, free_port(), **{name: value})
        output, _ = process.communicate(timeout=60)
    finally:
        processes.close()
    assert process.returncode == 1
    assert f"adjudicator: {name}={value!r} is not accepted: it takes " in output.decode()
