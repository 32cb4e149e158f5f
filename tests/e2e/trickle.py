"""Hostile clients on loopback: connections that send a request one byte at a time and never finish.

``Trickle(port, count, token)`` opens ``count`` connections, spread over the kinds of slow request
(``KINDS``): headers that never end, a chunked body with and without a token, a ``Content-Length``
body with and without a token. ``start()`` sends each connection's request line and, for a body,
its headers; then a thread sends one more byte on every connection each ``interval`` seconds
until ``duration`` has passed or ``stop()`` is called: the loop is bounded and stops by itself.
Used by the hostile-client test (tests/e2e/test_slow_clients.py) and the benchmark
(benchmarks/bench_slow_clients.py).
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import time
from dataclasses import dataclass, field

#: Each kind: what is sent at once (``{host}``, ``{auth}`` filled in), and the byte sent each tick.
KINDS: dict[str, tuple[str, bytes]] = {
    "headers": ("GET /rulesets HTTP/1.1\r\nHost: {host}\r\n", b"X"),
    "chunked": (
        "POST /hands HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n",
        b"1\r\n \r\n",
    ),
    "chunked+token": (
        "POST /hands HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{auth}"
        "Transfer-Encoding: chunked\r\n\r\n",
        b"1\r\n \r\n",
    ),
    "length": (
        "POST /hands HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        "Content-Length: 100000\r\n\r\n",
        b" ",
    ),
    "length+token": (
        "POST /hands HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{auth}"
        "Content-Length: 100000\r\n\r\n",
        b" ",
    ),
}


@dataclass
class Trickle:
    """``count`` slow connections to 127.0.0.1:``port``, the kinds taken in turn."""

    port: int
    count: int
    token: str | None
    interval: float = 1.0
    duration: float = 30.0
    sockets: list[tuple[socket.socket, bytes]] = field(default_factory=list)
    closed: int = 0  # connections the server has closed (or refused to write to)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        host = f"127.0.0.1:{self.port}"
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        kinds = list(KINDS.values())
        for number in range(self.count):
            head, tick = kinds[number % len(kinds)]
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            sock.sendall(head.format(host=host, auth=auth).encode())
            sock.setblocking(False)
            self.sockets.append((sock, tick))
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        deadline = time.monotonic() + self.duration
        alive = list(self.sockets)
        while alive and time.monotonic() < deadline and not self._stop.wait(self.interval):
            still = []
            for sock, tick in alive:
                try:
                    sock.send(tick)
                    still.append((sock, tick))
                except BlockingIOError:
                    still.append((sock, tick))
                except OSError:
                    self.closed += 1
            alive = still

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        for sock, _ in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()
        self.sockets.clear()

    def __enter__(self) -> Trickle:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def probe(port: int, path: str = "/healthz", timeout: float = 10.0) -> tuple[int, float]:
    """GET ``path`` on a new connection: its status and how long the answer took (seconds).
    ``timeout`` bounds the wait; a server that does not answer in it raises ``TimeoutError``."""
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - began
    finally:
        conn.close()
