"""Group commit: appends that arrive while one is being committed share the next commit (and its sync).

Every save of the event store goes through one ``GroupCommit``, whichever log it appends to.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import Application


class _Waiting:
    """One append's events, waiting for the group commit."""

    __slots__ = ("done", "error", "events", "leads")

    def __init__(self, events: Sequence[Any]) -> None:
        self.events = events
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.leads = False


class GroupCommit:
    """Appends that arrive while one is being committed share the next commit (and its disk sync).

    Leader and followers, no thread of its own: an append that finds no commit under way commits
    at once, in its own thread; one that finds a commit under way queues and waits. The leader
    saves everything queued in one transaction, then hands the lead to the first append queued
    since, if any. A batch that fails is retried append by append, so one append's conflict never
    fails another's.
    """

    def __init__(self, app: Application[UUID]) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._queue: list[_Waiting] = []
        self._leading = False

    def save(self, events: Sequence[Any]) -> None:
        """Save ``events`` durably, all or none; raises what saving them alone would raise."""
        waiting = _Waiting(events)
        with self._lock:
            self._queue.append(waiting)
            waiting.leads = not self._leading
            self._leading = True
        if not waiting.leads:
            waiting.done.wait()
        if waiting.leads:
            self._lead()
        if waiting.error is not None:
            raise waiting.error

    def _lead(self) -> None:
        with self._lock:
            batch, self._queue = self._queue, []
        try:
            self._commit(batch)
        finally:
            with self._lock:
                if self._queue:
                    successor = self._queue[0]
                    successor.leads = True
                    successor.done.set()
                else:
                    self._leading = False

    def close(self) -> None:
        """Nothing to stop: every commit runs in the thread of an append."""

    def _commit(self, batch: list[_Waiting]) -> None:
        try:
            self.app.save(*(event for waiting in batch for event in waiting.events))
        except BaseException as error:
            if len(batch) == 1:
                batch[0].error = error
            else:
                for waiting in batch:
                    try:
                        self.app.save(*waiting.events)
                    except BaseException as alone:
                        waiting.error = alone
        finally:
            for waiting in batch:
                waiting.leads = False
                waiting.done.set()
