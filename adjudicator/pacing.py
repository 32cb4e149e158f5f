"""Long work that lets the tables go first: an import of hundreds of hands, run in one request
thread of a process that serves many tables, shares one interpreter lock with them. Left alone it
holds the lock for seconds, and every table's append in that process waits behind it (measured:
a 200-hand import put other tables' appends at 6.5-8x their p50).

Within ``paced()``, the loops of such work call ``pace()`` once an item (a hand checked, judged,
sealed, encoded): after each ``SLICE`` of work the thread sleeps ``REST`` (interpreter lock
released), so it takes at most about ``SLICE / (SLICE + REST)`` of the process and a table's request
finds the lock free most of the time. The work is the same and as atomic (one commit at its end):
it only takes longer. Outside ``paced()``, ``pace()`` does nothing.

Why in no floor: a primitive of the standard library's threads and clock that the use cases, the
adapters and the wire all pace their loops with (an adapter calling into the service, even for this,
would be a call going back up).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: Work between rests, and each rest, in seconds.
SLICE: Final = 0.002
REST: Final = 0.008

_paced = threading.local()


@contextmanager
def paced(slice_seconds: float = SLICE, rest_seconds: float = REST) -> Iterator[None]:
    """Let this thread's ``pace()`` calls rest ``rest_seconds`` after every ``slice_seconds`` of work."""
    _paced.slice, _paced.rest, _paced.since = slice_seconds, rest_seconds, time.perf_counter()
    try:
        yield
    finally:
        _paced.since = None


def pace() -> None:
    """Rest if this thread worked a slice since its last rest (within ``paced()``); else nothing."""
    since = getattr(_paced, "since", None)
    if since is None:
        return
    if time.perf_counter() - since >= _paced.slice:
        time.sleep(_paced.rest)
        _paced.since = time.perf_counter()
