"""The process's cache of replayed logs, bounded in bytes rather than in logs.

A hand of 55 events replayed and judged holds about 40 KB; a tournament's log of a thousand events
far more; an opened hand 2 KB. A bound in logs would either waste memory on small ones or be blown by
a few large ones, so each entry is weighed (an estimate from its number of events, ``EventLog``'s
``view_bytes``) and the least recently used go once the total passes the budget:
``$ADJUDICATOR_CACHE_MB`` per process (default 64 MB: some 1,500 complete hands), 0 for none.
Every entry is correct whatever its age (a read asks the store for the log's version first), so
the budget trades memory for cold reads only.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from typing import Generic, TypeVar
from uuid import UUID

CACHE_ENV = "ADJUDICATOR_CACHE_MB"
DEFAULT_MB = 64

V = TypeVar("V")


def budget() -> int:
    """The cache's budget in bytes: ``$ADJUDICATOR_CACHE_MB`` (a number of megabytes), else 64 MB."""
    raw = os.environ.get(CACHE_ENV)
    try:
        megabytes = float(raw) if raw else DEFAULT_MB
    except ValueError:
        megabytes = -1.0
    if not 0 <= megabytes < 1e9:
        raise ValueError(f"{CACHE_ENV}={raw!r}: give the cache's size in megabytes, a number from 0")
    return int(megabytes * 1_000_000)


class ViewCache(Generic[V]):
    """Least recently used views, their estimated sizes summed to at most ``capacity`` bytes."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.used = 0
        self._entries: OrderedDict[UUID, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: UUID) -> V | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: UUID, view: V, size: int) -> None:
        """Keep ``view`` (weighing ``size`` bytes), evicting the least recently used beyond the budget;
        one larger than the whole budget is not kept."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.used -= old[1]
            if size > self.capacity:
                return
            self._entries[key] = (view, size)
            self.used += size
            while self.used > self.capacity:
                self.used -= self._entries.popitem(last=False)[1][1]

    def forget(self, key: UUID) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.used -= old[1]
