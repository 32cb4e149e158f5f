"""Rebuilding the read models from nothing: every log replayed once, in parallel worker processes.

Following the notification log re-reads a log each time a batch touches it; a rebuild knows every
log up front (the store's list of streams, or one pass over the notification log where the store
keeps none), so it reads each log once. The logs are split into chunks; worker processes (each with
its own connection to the event store) replay a chunk and send back its rows, and this process alone
writes them, one transaction per chunk. The rows come from the same function the follower uses
(``db.readable``), on the log as it stands now, so a rebuild and a follower that has caught up give
the same tables. The position then becomes the last notification there was when the rebuild began,
and an ordinary catch-up projects whatever was appended meanwhile (rows are idempotent).

Workers are started with ``spawn``: the calling process may be a server with threads and open
connections, which ``fork`` would copy half-way.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import sqlite_utils

from adjudicator.service.eventlog import EventLog
from adjudicator.service.heads import ChainRecorder
from adjudicator.service.readmodels.db import readable
from adjudicator.service.readmodels.tables import Projection, Rows

#: Logs a worker replays per chunk: enough to amortise sending the chunk and writing its rows in one
#: transaction, few enough that the progress moves and the workers finish together.
CHUNK = 200
#: Notifications read per page where the store keeps no list of its streams.
PAGE = 1000

#: A kind of log: its projection and its store.
Source = tuple[Projection[Any], EventLog[Any]]
#: A log to project: its source's index and its id.
Job = tuple[int, UUID]
#: ``progress(logs done, logs in all)``.
Progress = Callable[[int, int], None]


@dataclass
class Rebuilt:
    """What a rebuild did."""

    notifications: int = 0  # the position the tables reached (the event log's last notification)
    logs: dict[str, int] = field(default_factory=dict)  # logs projected, by main table
    skipped: int = 0  # logs not projected: their records are broken (``adjudicator verify``)
    workers: int = 1
    seconds: float = 0.0


def jobs(sources: Sequence[Source], upto: int) -> list[Job]:
    """Every log of a projected kind: from the store's list of streams, else the notifications up to
    ``upto``."""
    app = sources[0][1].app
    recorder = app.recorder
    if isinstance(recorder, ChainRecorder):
        kinds = {projection.topic.strip(":."): n for n, (projection, _) in enumerate(sources)}
        return sorted((kinds[kind], log_id) for log_id, kind in recorder.select_streams() if kind in kinds)
    found: dict[UUID, int] = {}
    start = 1
    while start <= upto:
        page = recorder.select_notifications(start=start, limit=PAGE, stop=upto)
        if not page:
            break
        for notification in page:
            for n, (projection, _) in enumerate(sources):
                if projection.claims(notification.topic):
                    found.setdefault(UUID(str(notification.originator_id)), n)
        start = page[-1].id + 1
    return sorted((n, log_id) for log_id, n in found.items())


def project(sources: Sequence[Source], chunk: Iterable[Job]) -> list[tuple[int, UUID, Rows | None]]:
    """The rows of each log of ``chunk`` (None: not projected)."""
    return [(n, log_id, readable(sources[n][1], log_id, sources[n][0])) for n, log_id in chunk]


_sources: Sequence[Source] = ()


def _start_worker(env: dict[str, str], kinds: Sequence[tuple[Projection[Any], type[EventLog[Any]]]]) -> None:
    """A worker's own event store, and each kind of log on it (no cache: each log is read once)."""
    global _sources
    logs: list[Source] = []
    for projection, kind in kinds:
        log = kind(logs[0][1] if logs else env, cache_bytes=0)
        logs.append((projection, log))
    _sources = logs


def _project_in_worker(chunk: list[Job]) -> list[tuple[int, UUID, Rows | None]]:
    return project(_sources, chunk)


def _results(sources: Sequence[Source], chunks: list[list[Job]], workers: int) -> Iterator[Any]:
    """Each chunk's rows, in the order they are ready: from worker processes, or from this one."""
    if workers <= 1:
        for chunk in chunks:
            yield project(sources, chunk)
        return
    kinds = [(projection, type(log)) for projection, log in sources]
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, _start_worker, (sources[0][1].events.env, kinds))
    try:
        yield from pool.imap_unordered(_project_in_worker, chunks)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def rebuild(
    db: sqlite_utils.Database,
    sources: Sequence[Source],
    workers: int = 1,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> Rebuilt:
    """Project every log into ``db``'s empty tables; the caller records the position
    (``Rebuilt.notifications``) and catches up from there."""
    started = time.perf_counter()
    upto = sources[0][1].app.recorder.max_notification_id() or 0
    todo = jobs(sources, upto)
    size = chunk or CHUNK
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    workers = max(1, min(workers, len(chunks)))
    report = Rebuilt(upto, {projection.main.name: 0 for projection, _ in sources}, 0, workers)
    done = 0
    if progress is not None:
        progress(done, len(todo))
    for result in _results(sources, chunks, workers):
        touched: list[dict[UUID, Rows]] = [{} for _ in sources]
        for n, log_id, rows in result:
            if rows is None:
                report.skipped += 1
            else:
                touched[n][log_id] = rows
                report.logs[sources[n][0].main.name] += 1
        db.conn.execute("begin immediate")
        try:
            for (projection, _), rows_of in zip(sources, touched, strict=True):
                projection.write(db, rows_of)
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()
        done += len(result)
        if progress is not None:
            progress(done, len(todo))
    report.seconds = time.perf_counter() - started
    return report
