"""Requests without a body handed by granian's own thread straight to a request thread, the event
loop never woken for them (``Front.direct``).

Why (issue 30): granian's RSGI worker calls a schedule function, in its thread and holding the GIL,
for each request; the function wakes the event loop, which runs the front's coroutine, which hands
the request to a request thread. A read, a probe, any request without a body has nothing to wait for
on the loop (its headers have arrived whole, and the request thread answers granian itself), and
each wake of a thread costs tens of µs on a small virtual machine: a read through the front cost
about twice its CPU under granian's WSGI interface (docs/performance.md). A request with a body, a
live stream's follower, a client at its bound still go through the loop, as before.

Granian offers no public hook for this: the schedule function is wrapped where granian 2.8 makes it
(``granian._futures._cbsched_aioschedule``, its asyncio task implementation, which ``adjudicator
serve`` uses), in the worker process, before granian builds its scheduler. A granian without that
function is left alone (``install`` says False, the worker says so) and every request goes through
the loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Schedule = Callable[[Any], None]


class Directing(Protocol):
    def direct(self, on_loop: Schedule) -> Schedule: ...


def install(front: Directing) -> bool:
    """Wrap granian's schedule functions made from now on in this process with ``front.direct``;
    False when this granian has none to wrap."""
    from granian import _futures as futures

    made = getattr(futures, "_cbsched_aioschedule", None)
    if made is None:
        return False
    original: Callable[..., Schedule] = getattr(made, "__wrapped__", made)

    def scheduling(loop: Any, ctx: Any, cb: Any) -> Schedule:
        return front.direct(original(loop, ctx, cb))

    scheduling.__wrapped__ = original  # type: ignore[attr-defined]
    futures._cbsched_aioschedule = scheduling
    return True
