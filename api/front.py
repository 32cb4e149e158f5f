"""The service's front door: an ASGI app that waits for a request on the event loop and hands the WSGI
app (Flask) to a request thread only once the request has arrived whole.

Why (issue 19): granian's WSGI interface reads a chunked body in a request thread before the app sees
the request, and a ``Content-Length`` body as the app reads it; a client sending a byte a second
holds that thread, and ``--threads`` such clients stopped the whole service. Buffering the request
before a thread runs it is what waitress and nginx do for the same reason. Here:

- **Credentials before the body.** A request that has a body is authenticated on its headers alone
  (``api.auth.admitted``, the same check as every request's) before a byte of the body is read.
  Refused, the app answers it (401, 403) without its body, and the connection is closed.
- **Deadlines.** The headers within granian's ``header_read_timeout`` (``adjudicator serve`` sets it
  from ``ADJUDICATOR_HEADER_TIMEOUT``); the whole body within ``ADJUDICATOR_BODY_TIMEOUT`` seconds
  (default 30): else 408 and the connection is closed.
- **A bound per client.** At most ``ADJUDICATOR_CLIENT_REQUESTS`` (default 32) requests of one client
  address in flight at once (its body arriving, or running): another is 429 with ``Retry-After`` and
  closed. The address is the peer's, or behind ``ADJUDICATOR_TRUSTED_PROXIES`` proxies the one they
  forwarded (as ``ProxyFix`` reads it). Health probes (``PROBES``) are never counted nor refused.
- **Bounded bodies.** At most ``MAX_CONTENT_LENGTH`` bytes are read (one more to know it is over):
  werkzeug then refuses it, 413. A declared length over the limit is refused without reading.

The thread runs the WSGI app on the buffered body and collects its answer, which the event loop
sends: a client slow to read its answer holds no thread either.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from flask import Flask

from api.auth import admitted
from api.problems import PROBLEM_JSON, Problem
from api.stream import STREAM_PATHS, Changes, asks_to_follow, follow

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]

#: Health probes: never counted against their client, so that a load balancer is always answered.
PROBES = frozenset({"/healthz", "/readyz"})
CLOSE = (b"connection", b"close")


@dataclass(frozen=True)
class Limits:
    """The front's bounds (``adjudicator serve`` reads them from the environment): seconds for a body,
    requests in flight per client, proxies whose ``X-Forwarded-For`` is believed."""

    body_timeout: float
    client_requests: int
    trusted_proxies: int


class Disconnected(Exception):
    """The client went away before its body arrived."""


class Front:
    """ASGI (``granian --interface asginl``) in front of the Flask app, ``threads`` request threads."""

    def __init__(self, app: Flask, threads: int, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.max_body: int = app.config["MAX_CONTENT_LENGTH"]
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="request")
        self.in_flight: Counter[str] = Counter()
        calls = app.extensions.get("adjudicator.calls")
        self.changes: Changes | None = None if calls is None else Changes(calls, self.pool)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no websockets, no lifespan: granian's "asginl" sends neither
        environ = wsgi_environ(scope)
        client = self.client(environ)
        counted = scope["path"] not in PROBES
        if counted and self.in_flight[client] >= self.limits.client_requests:
            detail = (
                f"this client already has {self.limits.client_requests} requests in flight: "
                "wait for their answers; nothing was recorded"
            )
            problem = Problem(429, "too-many-requests", "Too Many Requests", detail, {"Retry-After": "1"})
            await self.refuse(scope, send, problem)
            return
        if counted:
            self.in_flight[client] += 1
        try:
            streamed = scope["path"] in STREAM_PATHS and scope["method"] == "GET" and asks_to_follow(environ)
            if self.changes is not None and streamed:
                await follow(self.changes, self.run, environ, receive, send)  # api.stream
            else:
                await self.serve(scope, environ, receive, send)
        finally:
            if counted:
                self.in_flight[client] -= 1
                if not self.in_flight[client]:
                    del self.in_flight[client]

    def client(self, environ: dict[str, Any]) -> str:
        """The client's address: the peer's, or the one ``trusted_proxies`` proxies forwarded."""
        trusted = self.limits.trusted_proxies
        forwarded = str(environ.get("HTTP_X_FORWARDED_FOR", ""))
        if trusted and forwarded:
            hops = [hop.strip() for hop in forwarded.split(",")]
            if len(hops) >= trusted:
                return hops[-trusted]
        return str(environ.get("REMOTE_ADDR", ""))

    async def serve(self, scope: Scope, environ: dict[str, Any], receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        close = False
        length = declared_length(environ)
        if length != 0:  # a body, announced by its length or chunked (None)
            if not await loop.run_in_executor(self.pool, admitted, self.app, dict(environ)):
                without_body(environ, "0")  # the app refuses it on its headers alone
                close = True
            elif length is not None and length > self.max_body:
                without_body(environ, str(length))  # werkzeug refuses it: 413
                close = True
            else:
                try:
                    async with asyncio.timeout(self.limits.body_timeout):
                        body = await self.read(receive)
                except TimeoutError:
                    detail = (
                        f"the request's body did not arrive within {self.limits.body_timeout:g} seconds; "
                        "nothing was recorded"
                    )
                    await self.refuse(scope, send, Problem(408, "body-timeout", "Request Timeout", detail))
                    return
                except Disconnected:
                    return
                without_body(environ, str(len(body)))
                environ["wsgi.input"] = io.BytesIO(body)
                close = len(body) > self.max_body  # werkzeug refuses it (413) unread to its end
        status, headers, body = await loop.run_in_executor(self.pool, self.run, environ)
        if close:
            headers.append(CLOSE)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def read(self, receive: Receive) -> bytes:
        """The body, ``max_body`` + 1 bytes at most."""
        body = bytearray()
        while len(body) <= self.max_body:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise Disconnected
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        return bytes(body[: self.max_body + 1])

    def run(self, environ: dict[str, Any]) -> tuple[int, Headers, bytes]:
        """In a request thread: the WSGI app's answer, whole."""
        started: list[Any] = []
        chunks: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if exc_info is not None and started:
                raise exc_info[1].with_traceback(exc_info[2])
            started[:] = [int(status.split(" ", 1)[0]), headers]
            return chunks.append

        result: Iterable[bytes] = self.app(environ, start_response)
        try:
            chunks.extend(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = started
        encoded = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers]
        return status, encoded, b"".join(chunks)

    async def refuse(self, scope: Scope, send: Send, problem: Problem) -> None:
        """Answer ``problem`` from the event loop, without the app, and close the connection."""
        body = json.dumps(problem.document(scope["path"])).encode()
        headers: Headers = [(b"content-type", PROBLEM_JSON.encode()), CLOSE]
        headers += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in problem.headers.items()]
        await send({"type": "http.response.start", "status": problem.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def declared_length(environ: dict[str, Any]) -> int | None:
    """The body's declared length; None when it is chunked, or unknown: HTTP/2 frames a body without
    either header (in HTTP/1.1, neither means no body)."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    text = environ.get("CONTENT_LENGTH")
    if text is None:
        unsafe = environ["REQUEST_METHOD"] not in ("GET", "HEAD", "OPTIONS")
        return None if unsafe and environ["SERVER_PROTOCOL"] == "HTTP/2" else 0
    return int(text) if text.isdigit() else 0


def without_body(environ: dict[str, Any], length: str) -> None:
    environ["wsgi.input"] = io.BytesIO()
    environ["CONTENT_LENGTH"] = length
    environ.pop("HTTP_TRANSFER_ENCODING", None)


def wsgi_environ(scope: Scope) -> dict[str, Any]:
    """PEP 3333's environ for an ASGI HTTP scope (strings as latin-1, as WSGI has them)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": "",
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": str(client[0]),
        "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{name}"
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


__all__ = ["PROBES", "Front", "Limits"]
