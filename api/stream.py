"""``GET /calls/stream`` and ``GET /live/stream`` kept open by the front, a change rendered once per
sight class and written to every follower of that class from the event loop.

The Flask route answers one server-sent event (the queue as the reader may see it; what moved that
the reader may read); the front sends that answer's head and body and keeps the connection open.
One poller per process (``Hub``) reads the read models' position every ``POLL_SECONDS`` (a quarter
second) in a request thread, only while someone follows. When it moves, the followers are put in
groups of the same path and query, the same **sight class** and the same last event id; each group's
route is run once, in a request thread (``Last-Event-ID`` set to the group's id, so that a route
can say what moved since), and the same bytes go to every follower of the group. Why (issue 30):
with the route run again per follower, 100 followers cut a table's appends to 0.13 of what they were.

The sight class is the server's own (``adjudicator.service.sight.sight_class``, or
``knowing_class`` for an answer that names what moved and shows nothing of it): the route says it
in a header (``SIGHT_CLASS``) of the answer made for a follower (``FOLLOWED`` in its environ), which
the front takes off before anything is sent. Readers of one class are shown the same answer; a
follower whose answer says no class is a group of its own. A credential revoked meanwhile ends its
follower's stream: each follower's credential is verified again (``Hub.verify``, from memory on
SQLite) at a change, at most every ``RECHECK_SECONDS``, and every ``KEEPALIVE_SECONDS`` while
nothing moves; a route that stops answering 200 for a group (a board made private, a tournament no
longer known) ends the group's streams.

Each follower has a bounded queue of events (``QUEUE``) drained by its own coroutine: a follower
whose queue is full, or whose send does not complete within ``SEND_SECONDS``, is dropped, and comes
back (``retry``) with ``Last-Event-ID`` to be told what moved meanwhile. Granian (2.8) takes every
byte sent at once, whether its client reads or not (its streamed body is an unbounded channel: the
send never waits), so neither bound holds a stalled client back by itself: a stream is also ended
once ``Bounds.bytes`` were sent on it, which bounds what waits for a client that reads nothing; a
client that reads comes back and goes on. At most ``Bounds.followers`` followers per process and
``Bounds.client_followers`` per client address: another is refused 429 with ``Retry-After`` (the
pages then poll, and try the stream again later). Anonymous followers asking the same at one
position share their first answer (``api.stream_first``): a storm of reconnects is one rendering.
A comment every ``KEEPALIVE_SECONDS`` keeps proxies from closing an idle stream.

Only a client that asks for the stream is kept (``Accept: text/event-stream``, as every EventSource
sends it): any other request is answered its one event and done, as behind a server without this
front, and ``retry`` brings a follower back.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from werkzeug.http import parse_accept_header

from adjudicator.service.errors import ReadModelsUnreadable
from adjudicator.service.ports import Positioned
from api.stream_first import FirstAnswers

LOG = logging.getLogger("adjudicator.stream")
STREAM_PATHS = frozenset({"/calls/stream", "/live/stream"})
POLL_SECONDS = 0.25
KEEPALIVE_SECONDS = 15.0
RECHECK_SECONDS = 2.0
QUEUE = 16
SEND_SECONDS = 10.0
KEEPALIVE = b": still here\n\n"
#: In the environ of a route run again for a follower (not the client's own request).
RERUN = "adjudicator.stream.rerun"
#: In the environ of a request the front keeps as a follower: its answer says its sight class.
FOLLOWED = "adjudicator.stream.followed"
#: The answer's header that says the follower's sight class (taken off before it is sent).
SIGHT_CLASS = "X-Adjudicator-Sight-Class"
_SIGHT_CLASS = SIGHT_CLASS.lower().encode("latin-1")
#: Seconds a refused follower is asked to wait before it tries the stream again.
RETRY_AFTER = "30"

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
Answer = tuple[int, Headers, bytes]
Run = Callable[[dict[str, Any]], Answer]
#: Whether the credential a follower's environ presents still stands (anonymous: always).
Verify = Callable[[dict[str, Any]], bool]


@dataclass(frozen=True)
class Bounds:
    """The followers' bounds (``adjudicator serve`` reads them from the environment)."""

    followers: int = 1000
    client_followers: int = 32
    bytes: int = 1 << 20


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


@cache
def stream_counters() -> tuple[Any, Any]:
    """The counters of a stream's renderings (once per group and change, and once per follower's
    first answer not shared) and of followers dropped for being slow."""
    from prometheus_client import Counter as Counted

    renders = Counted("adjudicator_stream_renders", "Live-stream answers rendered by the stream's route.")
    dropped = Counted("adjudicator_stream_dropped", "Live-stream followers dropped for not keeping up.")
    return renders, dropped


@dataclass(eq=False)
class Follower:
    """One follower: its request, its sight class, what it was last sent, and its queue of events."""

    environ: dict[str, Any]
    client: str
    sight: str
    told: bytes
    last: bytes
    queue: asyncio.Queue[bytes | None]
    checked: float = field(default_factory=time.monotonic)
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    def group(self) -> tuple[str, str, str, bytes]:
        return (self.environ["PATH_INFO"], self.environ.get("QUERY_STRING", ""), self.sight, self.told)

    def offer(self, body: bytes | None) -> bool:
        """Queue ``body`` (None: the end); False when the queue is full (the follower is dropped)."""
        try:
            self.queue.put_nowait(body)
        except asyncio.QueueFull:
            self.ended.set()
            return False
        return True


class Hub:
    """The read models' position, polled while anyone follows, and the followers it is sent to."""

    def __init__(self, source: Positioned, pool: Executor, run: Run, verify: Verify, bounds: Bounds) -> None:
        self.source = source
        self.pool = pool
        self.run = run
        self.verify = verify
        self.bounds = bounds
        self.position = -1
        self.followers: set[Follower] = set()
        self.per_client: Counter[str] = Counter()
        self.first = FirstAnswers(self._render)
        self._task: asyncio.Task[None] | None = None

    def refusal(self, client: str) -> str | None:
        """Why another follower of ``client`` is refused now (None: it is not)."""
        if sum(self.per_client.values()) >= self.bounds.followers:
            return f"this server follows {self.bounds.followers} streams already"
        if self.per_client[client] >= self.bounds.client_followers:
            return f"this client follows {self.bounds.client_followers} streams already"
        return None

    def _render(self, environ: dict[str, Any]) -> Answer:
        stream_counters()[0].inc()
        return self.run({**environ, "wsgi.input": io.BytesIO(), FOLLOWED: True})

    async def serve(self, environ: dict[str, Any], client: str, receive: Receive, send: Send) -> None:
        """Serve one follower (admitted: ``refusal`` said None) until it goes away, is dropped, or
        its route stops answering 200."""
        self.per_client[client] += 1  # counted from now: a storm of first answers is bounded too
        try:
            await self._serve(environ, client, receive, send)
        finally:
            self.per_client[client] -= 1
            if not self.per_client[client]:
                del self.per_client[client]

    async def _serve(self, environ: dict[str, Any], client: str, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        polled = self.position if self.followers else None
        status, headers, body = await self.first.answer(environ, polled, self.pool)
        sight = next((value.decode("latin-1") for name, value in headers if name == _SIGHT_CLASS), "")
        drop = {_SIGHT_CLASS, b"content-length"} if status == 200 else {_SIGHT_CLASS}
        headers = [(name, value) for name, value in headers if name not in drop]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        if status != 200:
            await send({"type": "http.response.body", "body": body})
            return
        await send({"type": "http.response.body", "body": body, "more_body": True})
        follower = Follower(
            environ,
            client,
            sight or f"alone {id(environ)}",  # no class said: rendered for itself alone
            (_id(body) or [b""])[0],
            _data(body),
            asyncio.Queue(QUEUE),
        )
        gone = loop.create_task(_disconnected(receive))
        writer = loop.create_task(self._write(follower, send))
        self._join(follower)
        dropped = loop.create_task(follower.ended.wait())
        try:
            await asyncio.wait({gone, writer, dropped}, return_when=asyncio.FIRST_COMPLETED)
            if dropped.done():
                stream_counters()[1].inc()  # its queue overflowed: dropped, whatever it was sending
        finally:
            self._leave(follower)
            for task in (gone, writer, dropped):
                task.cancel()

    async def _write(self, follower: Follower, send: Send) -> None:
        """Send the follower's queued events as they come (a comment when none comes for a while);
        the end of its queue (None) ends the stream; a send over its time, or past the stream's
        bytes, drops the follower."""
        sent = 0
        while True:
            try:
                async with asyncio.timeout(KEEPALIVE_SECONDS):
                    body = await follower.queue.get()
            except TimeoutError:
                body = KEEPALIVE
            sent += 0 if body is None else len(body)
            try:
                async with asyncio.timeout(SEND_SECONDS):
                    if body is None:
                        await send({"type": "http.response.body", "body": b""})
                        return
                    await send({"type": "http.response.body", "body": body, "more_body": True})
                    if sent >= self.bounds.bytes:
                        stream_counters()[1].inc()
                        await send({"type": "http.response.body", "body": b""})
                        return
            except TimeoutError:
                stream_counters()[1].inc()
                return

    def _join(self, follower: Follower) -> None:
        self.followers.add(follower)
        stream_followers().inc()  # the operators' gauge (adjudicator_stream_followers)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._poll())

    def _leave(self, follower: Follower) -> None:
        self.followers.discard(follower)
        follower.ended.set()
        stream_followers().dec()

    async def _poll(self) -> None:
        loop = asyncio.get_running_loop()
        swept = time.monotonic()
        while self.followers:
            try:
                position = await loop.run_in_executor(self.pool, self.source.position)
            except ReadModelsUnreadable:  # try again at the next poll
                position = self.position
            if position != self.position:
                self.position = position
                self.first.forget()
                await self._deliver()
            elif time.monotonic() - swept >= KEEPALIVE_SECONDS:  # nothing moves: a revocation still ends
                swept = time.monotonic()
                try:
                    revoked = await loop.run_in_executor(self.pool, self._revoked, list(self.followers))
                except Exception as error:  # the store unreachable a moment: the next sweep tries again
                    LOG.warning("the live streams' credentials were not verified again: %r", error)
                    revoked = set()
                for follower in revoked:
                    follower.offer(None)
            await asyncio.sleep(POLL_SECONDS)

    async def _deliver(self) -> None:
        """Render each group's answer once (in request threads, all groups at once) and queue it for
        every follower of the group that still stands."""
        loop = asyncio.get_running_loop()
        groups: dict[tuple[str, str, str, bytes], list[Follower]] = {}
        for follower in self.followers:
            groups.setdefault(follower.group(), []).append(follower)
        members = list(groups.values())
        rendered = [loop.run_in_executor(self.pool, self._group, m) for m in members]
        answers = await asyncio.gather(*rendered, return_exceptions=True)
        for group, found in zip(members, answers, strict=True):
            if isinstance(found, BaseException):  # the store unreachable a moment: the next move tries again
                LOG.warning("a live stream's change was not rendered: %r", found)
                continue
            revoked, answer = found
            ok = answer is not None and answer[0] == 200
            body = b"" if answer is None else answer[2]
            told, data = _id(body), _data(body) if b"\ndata:" in b"\n" + body else None
            for follower in group:
                if follower in revoked or not ok:
                    follower.offer(None)
                    continue
                follower.told = (told or [follower.told])[0]
                if data is not None and data != follower.last:
                    follower.last = data
                    follower.offer(body)

    def _revoked(self, followers: list[Follower]) -> set[Follower]:
        """In a request thread: the followers whose credential no longer stands (each verified again
        at most every ``RECHECK_SECONDS``; a credential several follow, once: on PostgreSQL each
        verification reads the credentials' table)."""
        now, revoked, standing = time.monotonic(), set(), {}
        for follower in followers:
            if now - follower.checked >= RECHECK_SECONDS:
                follower.checked = now
                environ = follower.environ
                presented = (environ.get("HTTP_AUTHORIZATION"), environ.get("HTTP_COOKIE"))
                if presented not in standing:
                    standing[presented] = self.verify(environ)
                if not standing[presented]:
                    revoked.add(follower)
        return revoked

    def _group(self, group: list[Follower]) -> tuple[set[Follower], Answer | None]:
        """In a request thread: the followers whose credential no longer stands, and the group's
        answer rendered for one that does (None: none does)."""
        revoked = self._revoked(group)
        standing = [follower for follower in group if follower not in revoked]
        if not standing:
            return revoked, None
        chosen = standing[0]
        asked = {**chosen.environ, RERUN: True}
        if chosen.told:
            asked["HTTP_LAST_EVENT_ID"] = chosen.told.decode("latin-1")
        return revoked, self._render(asked)


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _id(body: bytes) -> list[bytes]:
    """The answer's event id, if it has one (as a list: empty without)."""
    return [line[3:].strip() for line in body.split(b"\n") if line.startswith(b"id:")][-1:]


def _data(body: bytes) -> bytes:
    """An event's data, without its id (the position moves with every event, the queue not always)."""
    return b"\n".join(line for line in body.split(b"\n") if not line.startswith(b"id:"))
