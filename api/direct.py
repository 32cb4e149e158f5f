"""Requests scheduled by granian's own thread without the front's coroutine: a request without a body
goes straight to a request thread; an append's body is waited for by a callback, not a task.

Why (issue 30): granian's RSGI worker calls a schedule function, in its thread and holding the GIL,
for each request; the function wakes the event loop, which runs the front's coroutine, which hands
the request to a request thread. A read, a probe, any request without a body has nothing to wait for
(its headers have arrived whole, and the request thread answers granian itself, ``api.handoff``); an
append of a credential admitted lately (``api.admissions``) has only its body to wait for, which
granian's future says by a callback on the loop. Each wake of a thread costs tens of µs on a small
virtual machine: a read through the front cost about twice its CPU under granian's WSGI interface,
an append about 1.5 times (docs/performance.md). What is not plainly one of these (a chunked body, a
credential not admitted lately, a live stream's follower, a client at its bound) goes through the
front's coroutine, as before, which answers it in full. The bounds hold alike: a body within
``Limits.body_timeout`` (else 408, its connection closed, checked every ``SWEEP`` seconds) and of
at most ``MAX_CONTENT_LENGTH`` bytes, a client's requests counted while in flight.

Granian offers no public hook for this: the schedule function is wrapped where granian 2.8 makes it
(``granian._futures._cbsched_aioschedule``, its asyncio task implementation, which ``adjudicator
serve`` uses), in the worker process, before granian builds its scheduler. A granian without that
function is left alone (``install`` says False, the worker says so) and every request goes through
the loop.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from api.environ import BODILESS, PROBES, declared_length, without_body, wsgi_environ
from api.problems import Problem

Schedule = Callable[[Any], None]
Answer = tuple[int, list[tuple[str, str]], bytes]
#: Seconds between two looks for bodies past their deadline.
SWEEP = 0.25
LOG = logging.getLogger(__name__)


class Fronting(Protocol):
    """What the front (``api.front.Front``) lends the direct schedule."""

    @property
    def pool(self) -> Executor: ...
    @property
    def max_body(self) -> int: ...

    def answer(self, environ: dict[str, Any]) -> Answer: ...
    def client(self, environ: dict[str, Any]) -> str: ...
    def enter(self, client: str) -> bool: ...
    def leave(self, client: str) -> None: ...
    def followed(self, path: str, environ: dict[str, Any]) -> bool: ...
    def admitted_lately(self, environ: dict[str, Any]) -> bool: ...
    def refuse(self, path: str, proto: Any, problem: Problem) -> None: ...
    def body_timeout(self) -> float: ...


@dataclass
class Waiting:
    """A request whose body is on its way: its deadline, and what it is answered with."""

    deadline: float
    environ: dict[str, Any]
    watcher: Any
    client: str
    body: Any
    length: int


class Direct:
    """The schedule that ``install`` puts before granian's (``schedule``), and the bodies it waits for."""

    def __init__(self, front: Fronting) -> None:
        self.front = front
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[int, Waiting] = {}
        self.numbers = itertools.count()
        self.lock = threading.Lock()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the worker's event loop (RSGI's ``__rsgi_init__``): bodies may be waited for from now."""
        self.loop = loop
        loop.call_soon_threadsafe(self._sweep)

    def schedule(self, on_loop: Schedule) -> Schedule:
        def schedule(watcher: Any) -> None:
            try:
                taken = self._took(watcher)
            except Exception:  # a request this schedule cannot read: the coroutine answers it
                LOG.exception("a request could not be scheduled directly")
                taken = False
            if not taken:
                on_loop(watcher)

        return schedule

    def _took(self, watcher: Any) -> bool:
        """In granian's thread: whether the request was taken here (else the loop's coroutine runs it)."""
        scope = watcher.scope
        if scope.proto != "http":
            return False
        front = self.front
        environ = wsgi_environ(scope)
        path = scope.path
        length = declared_length(environ)
        if front.followed(path, environ):
            return False
        if scope.method in BODILESS and length == 0:
            client = None if path in PROBES else front.client(environ)
            if client is not None and not front.enter(client):
                return False  # the coroutine refuses it, 429
            front.pool.submit(self.answer, environ, watcher, client)
            return True
        if self.loop is None or not length or length > front.max_body or not front.admitted_lately(environ):
            return False
        client = front.client(environ)
        if not front.enter(client):
            return False
        body = watcher.proto()  # asks for the body (a "100 Continue" is sent now, if it was expected)
        number = next(self.numbers)
        with self.lock:
            deadline = time.monotonic() + front.body_timeout()
            self.waiting[number] = Waiting(deadline, environ, watcher, client, body, length)
        body.add_done_callback(partial(self._arrived, number))
        return True

    def _arrived(self, number: int, body: Any) -> None:
        """On the loop: the body has arrived (or the client went away): to a request thread."""
        with self.lock:
            waiting = self.waiting.pop(number, None)
        if waiting is None:
            return  # past its deadline, answered 408
        try:
            data: bytes = body.result()
        except BaseException:  # the client went away: nothing to answer
            data = b""
        if len(data) < waiting.length:
            self.front.leave(waiting.client)
            waiting.watcher.done()
            return
        environ = waiting.environ
        without_body(environ, str(len(data)))
        environ["wsgi.input"] = io.BytesIO(data)
        self.front.pool.submit(self.answer, environ, waiting.watcher, waiting.client)

    def _sweep(self) -> None:
        """On the loop, every ``SWEEP`` seconds: a body past its deadline is answered 408."""
        now = time.monotonic()
        with self.lock:
            late = [number for number, waiting in self.waiting.items() if waiting.deadline <= now]
            gone = [self.waiting.pop(number) for number in late]
        for waiting in gone:
            timeout = self.front.body_timeout()
            detail = f"the request's body did not arrive within {timeout:g} seconds; nothing was recorded"
            path = waiting.environ["PATH_INFO"]
            self.front.refuse(
                path, waiting.watcher.proto, Problem(408, "body-timeout", "Request Timeout", detail)
            )
            cancel = getattr(waiting.body, "cancel", None)
            if cancel is not None:
                cancel()
            self.front.leave(waiting.client)
            waiting.watcher.done()
        assert self.loop is not None
        self.loop.call_later(SWEEP, self._sweep)

    def answer(self, environ: dict[str, Any], watcher: Any, client: str | None) -> None:
        """In a request thread: the app's answer, sent to granian; an error is granian's to answer
        (500) and log, as if the request's task had raised it."""
        try:
            try:
                status, headers, body = self.front.answer(environ)
            finally:  # no longer in flight: its client may ask again as soon as it is answered
                if client is not None:
                    self.front.leave(client)
            watcher.proto.response_bytes(status, headers, body)
        except BaseException as error:  # as granian's task would have seen it
            watcher.err(error)
        else:
            watcher.done()


def late_body(seconds: float) -> Problem:
    """The answer to a body that did not arrive within ``seconds``."""
    detail = f"the request's body did not arrive within {seconds:g} seconds; nothing was recorded"
    return Problem(408, "body-timeout", "Request Timeout", detail)


def install(direct: Direct) -> bool:
    """Wrap granian's schedule functions made from now on in this process with ``direct``'s; False
    when this granian has none to wrap."""
    from granian import _futures as futures

    made = getattr(futures, "_cbsched_aioschedule", None)
    if made is None:
        return False
    original: Callable[..., Schedule] = getattr(made, "__wrapped__", made)

    def scheduling(loop: Any, ctx: Any, cb: Any) -> Schedule:
        return direct.schedule(original(loop, ctx, cb))

    scheduling.__wrapped__ = original  # type: ignore[attr-defined]
    futures._cbsched_aioschedule = scheduling
    return True
