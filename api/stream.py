"""``GET /calls/stream`` and ``GET /live/stream`` kept open by the ASGI front, without a request
thread per follower.

The Flask route answers one server-sent event (the queue as the reader may see it; what moved that
the reader may read); the front sends that answer's head and body and keeps the connection open.
One poller per process (``Changes``) reads the read models' position every ``POLL_SECONDS`` (a
quarter second) in a request thread, only while someone follows; when it moves, each follower has
its route run again (a request thread for the milliseconds of the rendering: the same credential,
the same sight, the same filters) and is sent the new event if it says something new (a ``data``
line, not the one it was last sent). Each run is given ``Last-Event-ID``, the id of the follower's
last answer, so that a route can say what moved since (the live channel does; the queue ignores
it). Between changes a follower is a coroutine waiting on a condition: 50 displays hold no thread.
A comment every ``KEEPALIVE_SECONDS`` keeps proxies from closing an idle stream; a route that stops
answering 200 (a credential revoked meanwhile, a board made private) ends it.

Only a client that asks for the stream is kept (``Accept: text/event-stream``, as every EventSource
sends it): any other request (a generated client's plain call, which reads its answer to the end)
is answered its one event and done, as behind a server without this front, and ``retry`` brings a
follower back.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Executor
from functools import cache
from typing import Any

from werkzeug.http import parse_accept_header

from adjudicator.service.errors import ReadModelsUnreadable
from adjudicator.service.ports import Positioned

STREAM_PATHS = frozenset({"/calls/stream", "/live/stream"})
POLL_SECONDS = 0.25
KEEPALIVE_SECONDS = 15.0
KEEPALIVE = b": still here\n\n"
#: In the environ of a route run again for a follower (not the client's own request).
RERUN = "adjudicator.stream.rerun"

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
Run = Callable[[dict[str, Any]], tuple[int, Headers, bytes]]


def asks_to_follow(environ: dict[str, Any]) -> bool:
    """Whether the request names ``text/event-stream`` in its ``Accept`` (a wildcard does not)."""
    accepted = parse_accept_header(str(environ.get("HTTP_ACCEPT", "")))
    return any(value.lower() == "text/event-stream" and quality > 0 for value, quality in accepted)


@cache
def stream_followers() -> Any:
    """The gauge of open live-stream followers: ``inc()`` when one starts following, ``dec()`` when it
    stops (summed over the live workers). Made at first use: prometheus-client reads its
    multiprocess directory when imported, which ``adjudicator serve`` sets in the worker."""
    from prometheus_client import Gauge

    return Gauge(
        "adjudicator_stream_followers",
        "Clients following a live stream of events now.",
        multiprocess_mode="livesum",
    )


class Changes:
    """The read models' position, polled while anyone follows, and a condition its followers wait on."""

    def __init__(self, source: Positioned, pool: Executor) -> None:
        self.source = source
        self.pool = pool
        self.position = -1
        self.followers = 0
        self.changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None

    def follow(self) -> None:
        self.followers += 1
        stream_followers().inc()  # the operators' gauge (adjudicator_stream_followers)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._poll())

    def leave(self) -> None:
        self.followers -= 1
        stream_followers().dec()

    async def _poll(self) -> None:
        loop = asyncio.get_running_loop()
        while self.followers > 0:
            try:
                position = await loop.run_in_executor(self.pool, self.source.position)
            except ReadModelsUnreadable:  # try again at the next poll
                position = self.position
            if position != self.position:
                self.position = position
                async with self.changed:
                    self.changed.notify_all()
            await asyncio.sleep(POLL_SECONDS)

    async def after(self, seen: int, timeout: float) -> int:
        """The position once it is not ``seen`` (or still ``seen`` after ``timeout`` seconds)."""
        try:
            async with asyncio.timeout(timeout), self.changed:
                await self.changed.wait_for(lambda: self.position != seen)
        except TimeoutError:
            pass
        return self.position


async def follow(changes: Changes, run: Run, environ: dict[str, Any], receive: Receive, send: Send) -> None:
    """Serve one follower until it goes away (or its route stops answering 200)."""
    loop = asyncio.get_running_loop()

    told: list[bytes] = []  # the id of the last answer, once there is one

    def render() -> tuple[int, Headers, bytes]:
        asked = {**environ, "wsgi.input": io.BytesIO()}
        if told:
            asked["HTTP_LAST_EVENT_ID"] = told[0].decode("latin-1")
            asked[RERUN] = True
        return run(asked)

    status, headers, body = await loop.run_in_executor(changes.pool, render)
    told[:] = _id(body)
    if status == 200:  # the stream goes on past the first event's length
        headers = [(name, value) for name, value in headers if name != b"content-length"]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    if status != 200:
        await send({"type": "http.response.body", "body": body})
        return
    await send({"type": "http.response.body", "body": body, "more_body": True})
    gone = loop.create_task(_disconnected(receive))
    changes.follow()
    seen, last = changes.position, _data(body)
    try:
        while not gone.done():
            waiting = loop.create_task(changes.after(seen, KEEPALIVE_SECONDS))
            await asyncio.wait({waiting, gone}, return_when=asyncio.FIRST_COMPLETED)
            if gone.done():
                waiting.cancel()
                break
            position = waiting.result()
            if position == seen:
                await send({"type": "http.response.body", "body": KEEPALIVE, "more_body": True})
                continue
            seen = position
            status, _, body = await loop.run_in_executor(changes.pool, render)
            if status != 200:
                break
            told[:] = _id(body) or told
            if b"\ndata:" in b"\n" + body and _data(body) != last:
                last = _data(body)
                await send({"type": "http.response.body", "body": body, "more_body": True})
        if not gone.done():
            await send({"type": "http.response.body", "body": b""})
    finally:
        changes.leave()
        gone.cancel()


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _id(body: bytes) -> list[bytes]:
    """The answer's event id, if it has one (as a list: empty without)."""
    return [line[3:].strip() for line in body.split(b"\n") if line.startswith(b"id:")][-1:]


def _data(body: bytes) -> bytes:
    """An event's data, without its id (the position moves with every event, the queue not always)."""
    return b"\n".join(line for line in body.split(b"\n") if not line.startswith(b"id:"))
