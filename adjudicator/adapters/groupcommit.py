"""Group commit: appends that arrive while one is being committed share the next commit (and its sync).

Every save of the event store goes through one ``GroupCommit``, whichever log it appends to.

A commit costs a disk sync (3-4 ms on PostgreSQL here), and the store's inserts are serialised
(the library locks PostgreSQL's events table until commit, so that notification ids are committed
in order): appends per second are appends per commit over the time of a commit. So a leader waits,
briefly, until as many appends are queued as shared the last commit (PostgreSQL's ``commit_delay``
with ``commit_siblings``, adapted to what this process sees): an append alone never waits, and
under steady load the clients just released by a commit join the next one instead of the one after.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from adjudicator.adapters import metrics

GATHER_ENV = "ADJUDICATOR_COMMIT_GATHER_MS"
DEFAULT_GATHER_MS = 2.0


def gather() -> float:
    """How long a leader may wait for its batch, in seconds: ``$ADJUDICATOR_COMMIT_GATHER_MS``
    (milliseconds, 0 for never), else 2 ms."""
    raw = os.environ.get(GATHER_ENV)
    try:
        milliseconds = float(raw) if raw else DEFAULT_GATHER_MS
    except ValueError:
        milliseconds = -1.0
    if not 0 <= milliseconds <= 1000:
        raise ValueError(f"{GATHER_ENV}={raw!r}: give the wait in milliseconds, from 0 to 1000")
    return milliseconds / 1000


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
    waits at most ``gather_seconds`` for as many appends as the last commit had, saves everything queued
    in one transaction, then hands the lead to the first append queued since, if any. A batch that
    fails is retried append by append, so one append's conflict never fails another's.
    """

    def __init__(self, app: Application[UUID], gather_seconds: float | None = None) -> None:
        """``gather_seconds``: the longest a leader waits for its batch (default: ``gather()``)."""
        self.app = app
        self.gather_seconds = gather() if gather_seconds is None else gather_seconds
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._queue: list[_Waiting] = []
        self._leading = False
        self._expected = 1

    def save(self, events: Sequence[Any]) -> None:
        """Save ``events`` durably, all or none; raises what saving them alone would raise."""
        waiting = _Waiting(events)
        with self._lock:
            self._queue.append(waiting)
            waiting.leads = not self._leading
            self._leading = True
            self._arrived.notify()
        if not waiting.leads:
            waiting.done.wait()
        if waiting.leads:
            self._lead()
        if waiting.error is not None:
            raise waiting.error

    def _lead(self) -> None:
        with self._lock:
            deadline = time.monotonic() + self.gather_seconds
            while len(self._queue) < self._expected and (left := deadline - time.monotonic()) > 0:
                self._arrived.wait(left)
            batch, self._queue = self._queue, []
            self._expected = len(batch)
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
        metrics.committed(len(batch))
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
