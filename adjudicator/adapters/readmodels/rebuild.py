"""Rebuilding the read models from nothing: every log replayed once, in parallel worker processes.

Following the notification log re-reads a log each time a batch touches it; a rebuild knows every
log up front (the store's list of streams, or one pass over the notification log where the store
keeps none), so it reads each log once. The logs are split into chunks; worker processes (each with
its own connection to the event store) read a chunk's records in one statement
(``adjudicator.adapters.streams``), replay each log and send back its rows, and this process alone
writes them, one transaction per chunk. The rows come from each projection's own row function
(``Projection.rows``) on the log's view as its store makes it (``EventLog.view_of``), as the
follower's do, so a rebuild and a follower that has caught up give the same tables. The position
then becomes the last notification there was when the rebuild began, and an ordinary catch-up
projects whatever was appended meanwhile (rows are idempotent).

What a rebuild checks. By default the records are decoded and their versions checked, not their
hashes: a log with a missing or undecodable record, or shorter or longer than its recorded head,
is not projected (and reported), but an edited or reordered record is projected as it stands. A
rebuild is a projection; ``adjudicator verify`` is the integrity check (as EventStoreDB's and
Marten's projection rebuilds do not re-verify either), and the hashes were half of a rebuild's
time. ``verify=True`` checks every record's digest and chain and each stream's head, as every
read of the service does, and leaves out any log that fails them, as the follower does.

Workers are started with ``spawn``: the calling process may be a server with threads and open
connections, which ``fork`` would copy half-way.
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any
from uuid import UUID

import sqlite_utils
from eventsourcing.application import Application

from adjudicator.adapters.aggregates import fold
from adjudicator.adapters.chain import Broken, check
from adjudicator.adapters.eventlog import EventLog
from adjudicator.adapters.heads import ChainRecorder
from adjudicator.adapters.integrity import IntegrityBroken, checked_stream
from adjudicator.adapters.readmodels.tables import Projection, Rows
from adjudicator.adapters.streams import Stream, list_streams, select_streams
from adjudicator.service.errors import NotFound
from adjudicator.service.ports import Progress as Progress  # what the port's rebuild takes
from adjudicator.service.ports import Rebuilt as Rebuilt  # what the port's rebuild reports

LOG = logging.getLogger("adjudicator.adapters.readmodels")

#: Logs a worker replays per chunk: enough to amortise sending the chunk and writing its rows in one
#: transaction, few enough that the progress moves and the workers finish together.
CHUNK = 200
#: Notifications read per page where the store keeps no list of its streams.
PAGE = 1000

#: A kind of log: its projection and its store.
Source = tuple[Projection[Any], EventLog[Any]]
#: A log to project: its source's index and its id.
Job = tuple[int, UUID]
#: A log's rows, or why it is not projected.
Outcome = Rows | str
#: How many of the reasons a report keeps (the count covers them all).
REASONS = 20


def jobs(sources: Sequence[Source], upto: int) -> list[Job]:
    """Every log of a projected kind: from the store's list of streams, else the notifications up to
    ``upto``."""
    app = sources[0][1].app
    recorder = app.recorder
    if isinstance(recorder, ChainRecorder):
        kinds = {projection.topic.strip(":."): n for n, (projection, _) in enumerate(sources)}
        return sorted((kinds[kind], log_id) for log_id, kind in list_streams(recorder) if kind in kinds)
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


def project(
    sources: Sequence[Source], chunk: Sequence[Job], verify: bool = False
) -> list[tuple[int, UUID, Outcome]]:
    """The rows of each log of ``chunk``, or why it is not projected; its records read in one
    statement."""
    app = sources[0][1].app
    read = select_streams(app.recorder, [log_id for _, log_id in chunk])
    return [(n, log_id, outcome(app, sources[n], log_id, read.get(log_id), verify)) for n, log_id in chunk]


def outcome(
    app: Application[UUID],
    source: Source,
    log_id: UUID,
    stream: Stream | None,
    verify: bool,
) -> Outcome:
    """The log's rows from its records (``stream``), or why it is not projected: a broken record
    (``checked_stream`` says which, with and without ``verify``), or a log that does not replay (an
    unverified record edited into an event the domain refuses). One log never stops a rebuild."""
    projection, log = source
    records, head = stream if stream is not None else ([], None)
    error: Exception
    try:
        kind = log.aggregate_type.__name__
        decode = app.mapper.to_domain_event
        checked = checked_stream(app, log_id, kind, records, head, verify=verify, decode=decode)
        if checked is None:
            raise log.not_found(log_id)
        aggregate = fold(checked.events)
        aggregate.chain_head = checked.chain if verify else _last_chain(checked.events, records, decode)
        return projection.rows(log.view_of(aggregate))
    except Broken as broken:
        error = IntegrityBroken(log_id, broken, log.noun, log.first_version)
    except (IntegrityBroken, NotFound) as named:  # ``impossible``: the rules refuse one of its events
        error = named
    except Exception as failed:  # reported, and the other logs projected
        error = ValueError(f"{log.noun} {log_id} does not replay: {type(failed).__name__}: {failed}")
    LOG.warning("read models: %s %s is not projected: %s", log.noun, log_id, error)
    return str(error)


def _last_chain(events: Sequence[Any], records: Sequence[Any], decode: Callable[[Any], Any]) -> str:
    """The chain of a stream's last record, as a read of it knows it (``chain_head``, which a stored
    result is sealed to): its stored ``chain``, or, for a record stored before the chain existed,
    the chain computed over the whole stream (the records are hashed, in that rare case only)."""
    stored = getattr(events[-1], "chain", None)
    return stored if isinstance(stored, str) else check(records, decode).chain


_sources: Sequence[Source] = ()


def _start_worker(env: dict[str, str], kinds: Sequence[tuple[Projection[Any], type[EventLog[Any]]]]) -> None:
    """A worker's own event store, and each kind of log on it (no cache: each log is read once)."""
    global _sources
    logs: list[Source] = []
    for projection, kind in kinds:
        log = kind(logs[0][1] if logs else env, cache_bytes=0)
        logs.append((projection, log))
    _sources = logs


def _project_in_worker(chunk: list[Job], verify: bool) -> list[tuple[int, UUID, Outcome]]:
    return project(_sources, chunk, verify)


def _results(sources: Sequence[Source], chunks: list[list[Job]], workers: int, verify: bool) -> Iterator[Any]:
    """Each chunk's rows, in the order they are ready: from worker processes, or from this one."""
    if workers <= 1:
        for chunk in chunks:
            yield project(sources, chunk, verify)
        return
    kinds = [(projection, type(log)) for projection, log in sources]
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, _start_worker, (sources[0][1].events.env, kinds))
    try:
        yield from pool.imap_unordered(partial(_project_in_worker, verify=verify), chunks)
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
    verify: bool = False,
) -> Rebuilt:
    """Project every log into ``db``'s empty tables; the caller records the position
    (``Rebuilt.notifications``) and catches up from there. ``verify``: check every record's hashes
    (the module's docstring says what each way guarantees)."""
    started = time.perf_counter()
    upto = sources[0][1].app.recorder.max_notification_id() or 0
    todo = jobs(sources, upto)
    size = chunk or CHUNK
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    workers = max(1, min(workers, len(chunks)))
    report = Rebuilt(
        upto, {projection.main.name: 0 for projection, _ in sources}, 0, workers, verified=verify
    )
    done = 0
    key = sources[0][1].events.secret()
    if progress is not None:
        progress(done, len(todo))
    for result in _results(sources, chunks, workers, verify):
        touched: list[dict[UUID, Rows]] = [{} for _ in sources]
        for n, log_id, rows in result:
            if isinstance(rows, str):
                report.skipped += 1
                if len(report.reasons) < REASONS:
                    report.reasons.append(rows)
            else:
                touched[n][log_id] = rows
                report.logs[sources[n][0].main.name] += 1
        db.conn.execute("begin immediate")
        try:
            for (projection, _), rows_of in zip(sources, touched, strict=True):
                projection.write(db, rows_of, key)
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()
        done += len(result)
        if progress is not None:
            progress(done, len(todo))
    report.seconds = time.perf_counter() - started
    return report
