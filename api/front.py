"""The service's front door: an RSGI app (granian's own interface) that waits for a request on the
event loop and hands the WSGI app (Flask) to a request thread only once the request has arrived whole.

Why (issue 19): granian's WSGI interface reads a chunked body in a request thread before the app sees
the request, and a ``Content-Length`` body as the app reads it; a client sending a byte a second
holds that thread, and ``--threads`` such clients stopped the whole service. Buffering the request
before a thread runs it is what waitress and nginx do for the same reason. Here:

- **Credentials before the body.** A request that has a body is authenticated on its headers alone
  (``api.auth.admitted``, the same check as every request's) before a byte of the body is read.
  Refused, the app answers it (401, 403) without its body, and the connection is closed. A token
  this process verified lately is admitted on the event loop from memory (no thread hand-off, about
  a third of an append's CPU when it had one); the request is verified in full when it runs.
- **Deadlines.** The headers within granian's ``header_read_timeout`` (``adjudicator serve`` sets it
  from ``ADJUDICATOR_HEADER_TIMEOUT``); the whole body within ``ADJUDICATOR_BODY_TIMEOUT`` seconds
  (default 30): else 408 and the connection is closed.
- **A bound per client.** At most ``ADJUDICATOR_CLIENT_REQUESTS`` (default 32) requests of one client
  address in flight at once (its body arriving, or running): another is 429 with ``Retry-After`` and
  closed. The address is the peer's, or behind ``ADJUDICATOR_TRUSTED_PROXIES`` proxies the one they
  forwarded (as ``ProxyFix`` reads it). Health probes (``PROBES``) are never counted nor refused.
- **Bounded bodies.** At most ``MAX_CONTENT_LENGTH`` bytes are read (one more to know it is over):
  werkzeug then refuses it, 413. A declared length over the limit is refused without reading.

The thread runs the WSGI app on the buffered body and hands its answer, whole, to granian, which
sends it (``api.handoff``): a client slow to read its answer holds no thread either. Requests that
need no coroutine (no body, or the body of a credential admitted lately) are scheduled by granian's
own thread instead (``api.direct``), under the same bounds.

Why RSGI rather than ASGI (issue 30): the answer is handed to granian in one call
(``response_bytes``), where ASGI's two awaited messages each went through the event loop; with the
admission from memory, an append through the front went from 0.6 to about 0.7-0.75 of the WSGI app
served by granian directly, measured with ``wrk`` (docs/performance.md). The live streams keep their
ASGI shape (``api.stream.Hub``), over ``Follower``; their followers are bounded apart from the
requests in flight (``ADJUDICATOR_FOLLOWERS``, ``ADJUDICATOR_CLIENT_FOLLOWERS``).
"""

from __future__ import annotations

import asyncio
import io
import json
import threading
from collections import Counter
from collections.abc import Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from flask import Flask
from granian._granian import RSGIProtocolClosed as ProtocolClosed
from granian._granian import RSGIProtocolError as ProtocolError

from api.admissions import Admissions
from api.auth import admitted, still_verified
from api.direct import Direct, late_body
from api.environ import CLOSE, PROBES, declared_length, without_body, wsgi_environ
from api.handoff import Handoff
from api.problems import PROBLEM_JSON, Problem
from api.stream import RETRY_AFTER, STREAM_PATHS, Bounds, Hub, asks_to_follow

Message = MutableMapping[str, Any]
Headers = list[tuple[bytes, bytes]]
Answer = tuple[int, list[tuple[str, str]], bytes]


@dataclass(frozen=True)
class Limits:
    """The front's bounds (``adjudicator serve`` reads them from the environment): seconds for a body,
    requests in flight per client, proxies whose ``X-Forwarded-For`` is believed."""

    body_timeout: float
    client_requests: int
    trusted_proxies: int
    streams: Bounds = field(default_factory=Bounds)


class Disconnected(Exception):
    """The client went away before its body arrived."""


class Front:
    """RSGI (``granian --interface rsgi``) in front of the Flask app, ``threads`` request threads."""

    def __init__(self, app: Flask, threads: int, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.max_body: int = app.config["MAX_CONTENT_LENGTH"]
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="request")
        self.in_flight: Counter[str] = Counter()
        self.counting = threading.Lock()
        calls = app.extensions.get("adjudicator.calls")
        verify = partial(still_verified, app)
        self.hub = None if calls is None else Hub(calls, self.pool, self.run, verify, limits.streams)
        self.handoff = Handoff(self.pool, self.answer)
        self.admitted = Admissions()
        self.direct = Direct(self)  # what granian's thread schedules itself (``api.direct.install``)

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.direct.start(loop)

    async def __rsgi__(self, scope: Any, proto: Any) -> None:
        if scope.proto != "http":
            return  # no websockets
        self.handoff.collect()  # the requests answered since the loop last woke: no longer in flight
        environ = wsgi_environ(scope)
        client = self.client(environ)
        path = scope.path
        if self.followed(path, environ):
            await self.follow(path, environ, client, proto)
            return
        counted = path not in PROBES
        if counted and not self.enter(client):
            detail = (
                f"this client already has {self.limits.client_requests} requests in flight: "
                "wait for their answers; nothing was recorded"
            )
            self.refuse(
                path,
                proto,
                Problem(429, "too-many-requests", "Too Many Requests", detail, {"Retry-After": "1"}),
            )
            return
        slot = Slot(self, client if counted else None)
        try:
            await self.serve(path, environ, proto, slot.release)
        finally:
            slot.release()

    def enter(self, client: str) -> bool:
        """Count a request of ``client`` in flight; False (not counted) when it is at its bound.
        Counted from the event loop, from granian's thread (``direct``) and from request threads."""
        with self.counting:
            if self.in_flight[client] >= self.limits.client_requests:
                return False
            self.in_flight[client] += 1
            return True

    def leave(self, client: str) -> None:
        with self.counting:
            left = self.in_flight[client] - 1
            if left:
                self.in_flight[client] = left
            else:
                del self.in_flight[client]

    def admitted_lately(self, environ: dict[str, Any]) -> bool:
        """Whether a body with these headers was admitted lately (``api.admissions``)."""
        return self.admitted.get(environ) is True

    def body_timeout(self) -> float:
        return self.limits.body_timeout

    def followed(self, path: str, environ: dict[str, Any]) -> bool:
        """Whether the request asks to follow a live stream this front keeps (``api.stream``)."""
        streamed = path in STREAM_PATHS and environ["REQUEST_METHOD"] == "GET"
        return self.hub is not None and streamed and asks_to_follow(environ)

    async def follow(self, path: str, environ: dict[str, Any], client: str, proto: Any) -> None:
        """A live stream's follower (``api.stream``), counted against the followers' bounds rather
        than the requests in flight: refused 429 over either."""
        assert self.hub is not None
        refused = self.hub.refusal(client)
        if refused is not None:
            detail = f"{refused}: poll instead, and try the stream again in {RETRY_AFTER} seconds"
            wait = {"Retry-After": RETRY_AFTER}
            self.refuse(path, proto, Problem(429, "too-many-requests", "Too Many Requests", detail, wait))
            return
        follower = Follower(proto)
        await self.hub.serve(environ, client, follower.receive, follower.send)

    def client(self, environ: dict[str, Any]) -> str:
        """The client's address: the peer's, or the one ``trusted_proxies`` proxies forwarded."""
        trusted = self.limits.trusted_proxies
        forwarded = str(environ.get("HTTP_X_FORWARDED_FOR", ""))
        if trusted and forwarded:
            hops = [hop.strip() for hop in forwarded.split(",")]
            if len(hops) >= trusted:
                return hops[-trusted]
        return str(environ.get("REMOTE_ADDR", ""))

    async def serve(
        self, path: str, environ: dict[str, Any], proto: Any, release: Callable[[], None]
    ) -> None:
        loop = asyncio.get_running_loop()
        close = False
        length = declared_length(environ)
        if length != 0:  # a body, announced by its length or chunked (None)
            verdict = self.admitted.get(environ)  # admitted lately with the same headers
            if verdict is None:
                verdict = admitted(self.app, dict(environ), from_memory=True)  # no thread, no store
                self.admitted.keep(environ, verdict)
            if verdict is None:  # a credential not verified lately: the store, in a request thread
                verdict = await loop.run_in_executor(self.pool, admitted, self.app, dict(environ))
            if not verdict:
                without_body(environ, "0")  # the app refuses it on its headers alone
                close = True
            elif length is not None and length > self.max_body:
                without_body(environ, str(length))  # werkzeug refuses it: 413
                close = True
            else:
                try:
                    async with asyncio.timeout(self.limits.body_timeout):
                        body = await self.read(proto, length)
                except TimeoutError:
                    self.refuse(path, proto, late_body(self.limits.body_timeout))
                    return
                except Disconnected:
                    return
                without_body(environ, str(len(body)))
                environ["wsgi.input"] = io.BytesIO(body)
                close = len(body) > self.max_body  # werkzeug refuses it (413) unread to its end
        await self.handoff.run(environ, proto, close, release)  # answered from the request thread

    async def read(self, proto: Any, length: int | None) -> bytes:
        """The body, ``max_body`` + 1 bytes at most; ``Disconnected`` if it ends short of ``length``."""
        body = bytearray()
        try:
            if length is not None:  # at most ``max_body``: whole, in one wait (one wake of the loop)
                body += await proto()
            else:
                async for chunk in proto:
                    body += chunk
                    if len(body) > self.max_body:
                        break
        except (ProtocolClosed, ProtocolError) as gone:
            raise Disconnected from gone
        if length is not None and len(body) < length:
            raise Disconnected
        return bytes(body[: self.max_body + 1])

    def answer(self, environ: dict[str, Any]) -> Answer:
        """In a request thread: the WSGI app's answer, whole, its headers as granian takes them."""
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
        return status, list(headers), b"".join(chunks)

    def run(self, environ: dict[str, Any]) -> tuple[int, Headers, bytes]:
        """``answer`` as a live stream's follower takes it (ASGI's header bytes: ``api.stream``)."""
        status, headers, body = self.answer(environ)
        encoded = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers]
        return status, encoded, body

    def refuse(self, path: str, proto: Any, problem: Problem) -> None:
        """Answer ``problem`` from the event loop, without the app, and close the connection."""
        body = json.dumps(problem.document(path)).encode()
        headers = [("content-type", PROBLEM_JSON), CLOSE, *problem.headers.items()]
        proto.response_bytes(problem.status, headers, body)


class Slot:
    """A request's place among its client's requests in flight, given back once: by the request
    thread as soon as the answer is made, before it is sent (the client may send its next request
    the moment it has its answer), or by the request's task if it never got that far."""

    def __init__(self, front: Front, client: str | None) -> None:
        self.front, self.client = front, client
        self.lock = threading.Lock()

    def release(self) -> None:
        with self.lock:
            client, self.client = self.client, None
        if client is not None:
            self.front.leave(client)


class Follower:
    """A live stream's follower as ASGI's ``receive`` and ``send`` (``api.stream.Hub``) over RSGI."""

    def __init__(self, proto: Any) -> None:
        self.proto = proto
        self.started: Message | None = None
        self.transport: Any = None

    async def receive(self) -> Message:
        """Only its going away: a follower sends no body."""
        await self.proto.client_disconnect()
        return {"type": "http.disconnect"}

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = message
            return
        body: bytes = message.get("body", b"")
        if self.transport is None:
            assert self.started is not None
            status = self.started["status"]
            headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in self.started["headers"]]
            if not message.get("more_body", False):
                self.proto.response_bytes(status, headers, body)
                return
            self.transport = self.proto.response_stream(status, headers)
        if body:
            await self.transport.send_bytes(body)


__all__ = ["PROBES", "Front", "Limits"]
