"""A request's hand-off from the front's event loop to a request thread, answered from that thread.

Why (issue 30): through ``loop.run_in_executor`` a request woke three threads in turn (granian's to
the event loop, the loop to a request thread, the request thread back to the loop, which then handed
the answer to granian), and on a small virtual machine each wake of a sleeping thread costs tens of
µs: the front made an append about 1.5x the CPU of the same app under granian's WSGI interface. Here
the request thread hands its answer to granian itself (``response_bytes`` only sends on a channel,
safe from any thread), so the client is answered without waking the loop; the loop learns that the
thread is done (to count the client's requests in flight and end the request's task) when it next
wakes anyway: at the next request's arrival, or at ``LATE`` seconds, whichever comes first. A busy
server then wakes its loop once a request instead of twice; an idle one at most once per ``LATE``.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

#: Seconds after which the loop collects finished requests even if no other request woke it.
LATE = 0.02

Answer = tuple[int, list[tuple[str, str]], bytes]
Done = tuple["asyncio.Future[None]", BaseException | None]


class Handoff:
    """Requests run in ``pool``'s threads; each answers its client from its thread, and its task on
    the loop ends when the loop next collects the finished ones (``collect``)."""

    def __init__(self, pool: Executor, answer: Callable[[dict[str, Any]], Answer]) -> None:
        self.pool = pool
        self.answer = answer
        self.finished: deque[Done] = deque()
        self.timer: asyncio.TimerHandle | None = None
        self.running = 0  # handed off and not yet collected
        #: Wake the loop to collect each finished request at once (a harness that waits for each
        #: request's task, ``benchmarks/bench_layers.py``), rather than when it next wakes.
        self.eager = False

    def run(
        self, environ: dict[str, Any], proto: Any, close: bool, release: Callable[[], None]
    ) -> asyncio.Future[None]:
        """On the loop: run ``environ`` in a request thread, which answers ``proto`` itself (and
        asks the client to close the connection when ``close``), calling ``release`` once the answer
        is made, before it is sent. Done once the loop has collected it."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.running += 1
        self.pool.submit(self._answered, environ, proto, close, release, done)
        if self.timer is None:
            self.timer = loop.call_later(LATE, self._late)
        return done

    def _answered(
        self,
        environ: dict[str, Any],
        proto: Any,
        close: bool,
        release: Callable[[], None],
        done: asyncio.Future[None],
    ) -> None:
        """In a request thread: the app's answer, sent; then marked finished for the loop to collect.
        An error is the request's task's to raise (granian answers it 500 and logs it)."""
        try:
            try:
                status, headers, body = self.answer(environ)
            finally:
                release()  # no longer in flight: its client may ask again as soon as it is answered
            if close:
                headers.append(("connection", "close"))
            proto.response_bytes(status, headers, body)
        except BaseException as error:  # raised again on the loop, in the request's task
            self.finished.append((done, error))
        else:
            self.finished.append((done, None))
        if self.eager:
            done.get_loop().call_soon_threadsafe(self.collect)

    def collect(self) -> None:
        """On the loop: end the tasks of the requests whose threads have answered."""
        finished = self.finished
        while finished:
            done, error = finished.popleft()
            self.running -= 1
            if done.cancelled():
                continue
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(error)

    def _late(self) -> None:
        """The timer: collect, and wait again while requests are still running."""
        self.collect()
        self.timer = None
        if self.running:
            self.timer = asyncio.get_running_loop().call_later(LATE, self._late)
