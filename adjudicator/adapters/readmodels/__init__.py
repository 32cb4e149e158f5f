"""Read models: tables of hands, rulings, tournaments, standings and brackets, for officials browsing
with standard SQLite tools (``datasette read.db``).

They are derived, never written by request handlers: a pull-based projector follows the event
store's notification log and writes the rows of every log it touched together with its position,
in one transaction, so a crash can only make it redo work. ``rebuild()`` starts again from nothing.
The database is a separate SQLite file, one per event store (next to the event store's, by default: see
``adjudicator.adapters.settings``); it can be dropped at any time, so it trades durability for speed
(``synchronous=NORMAL``). Each kind of log has its projection (``hands``, ``tournaments``): its
tables and its rows from a view of the log, read through the log's store as it stands now.

The hands' projection also stores each hand's replay result (``hand_results``), which a process
following the read models serves in place of a replay while the event store's head and the engine
are still the ones it was computed with (``serve_results``, ``HandStore.stored_result``).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any
from uuid import UUID

import sqlite_utils

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.eventlog import EventLog
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import claims as claim_tables
from adjudicator.adapters.readmodels import hand_results, sealing
from adjudicator.adapters.readmodels import hands as hand_tables
from adjudicator.adapters.readmodels import rebuild as rebuilding
from adjudicator.adapters.readmodels import tournaments as tournament_tables
from adjudicator.adapters.readmodels.db import connect, readable
from adjudicator.adapters.readmodels.lease import Lease
from adjudicator.adapters.readmodels.tables import Projection, Rows
from adjudicator.adapters.settings import READ_DB_ENV, read_db_path
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.pacing import pace, paced
from adjudicator.service.ports import Listings

PROJECTION = "hands"  # the position's name, kept from when hands were all it projected
BATCH = 500
DEBOUNCE_SECONDS = 0.5
#: How often the store is asked for other processes' appends (another ``serve`` on the same store,
#: on this host or another): a quarter second, so that a change recorded there reaches this one's
#: live streams within a second (issue 30: at 1 s it took 0.3 to 1.3 s; see ``start``).
OTHERS_SECONDS = 0.25
PROJECTIONS: tuple[Projection[Any], ...] = (
    hand_tables.PROJECTION,
    tournament_tables.PROJECTION,
    claim_tables.PROJECTION,
)

__all__ = ["READ_DB_ENV", "ReadModels", "Rebuilt", "connect", "default_read_db_path"]

Rebuilt = rebuilding.Rebuilt


def default_read_db_path(store: EventLog[Any]) -> Path:
    """``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the SQLite event store, else one file
    per PostgreSQL server, database and schema (``adjudicator.adapters.settings.read_db_path``)."""
    return read_db_path(store.app.env.get)


def _paced(rows: Rows | None) -> Rows | None:
    pace()
    return rows


class ReadModels:
    """The projector: ``catch_up()`` brings the tables up to the event store's latest event."""

    def __init__(
        self, store: EventLog[Any], path: str | Path | None = None, tournaments: TournamentStore | None = None
    ) -> None:
        """``store``: the hands' store; ``tournaments``: the tournaments' (by default, a new one on it)."""
        self.store = store
        self.tournaments = tournaments if tournaments is not None else TournamentStore(store)
        self.path = Path(path) if path is not None else default_read_db_path(store)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._logs: tuple[tuple[Projection[Any], EventLog[Any]], ...] = (
            (hand_tables.PROJECTION, store),
            (tournament_tables.PROJECTION, self.tournaments),
            (claim_tables.PROJECTION, CallStore(store)),
        )
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lease: Lease | None = None
        with connect(self.path) as db:
            self._ensure(db, store.events.secret())

    @staticmethod
    def _ensure(db: sqlite_utils.Database, key: bytes) -> None:
        """Create the missing tables; a table added or changed since the file was written
        (``sheet_hands``, ``hand_results``; the tournaments' tables without ``version``) is filled
        by projecting the whole log again (rows are idempotent), so its position goes back to 0. So
        it does when the engine changed since the rows were written (``hand_results.stale``): every
        row the old engine computed (a ruling, a score, a stored result) is computed again. A file
        sealed by another secret (``sealing``) is emptied and projected again."""
        if sealing.record_sealer(db.conn, key):
            for projection in PROJECTIONS:
                for table in projection.tables:
                    db[table].drop(ignore=True)
        had_position = "position" in db.table_names()
        if not had_position:
            db.table("position").create({"projection": str, "notification_id": int}, pk="projection")
        created = [projection.ensure(db) for projection in PROJECTIONS]
        if had_position and (any(created) or hand_results.stale(db)):
            db.table("position").upsert({"projection": PROJECTION, "notification_id": 0}, pk="projection")

    @property
    def key(self) -> bytes:
        """The secret its rows are sealed with, and checked by (``sealing``): the event store's."""
        return self.store.events.secret()

    def queries(self) -> Listings:
        """The lists the use cases read from this file (the port ``Listings``)."""
        from adjudicator.adapters.readmodels.queries import ReadModelQueries  # it imports this package

        return ReadModelQueries(self.path, self.key)

    def serve_results(self, serve: bool = True) -> None:
        """Let the hands' store serve a hand's latest reads from its stored replay result
        (``HandStore.stored_result``), or stop it (``serve=False``): every read then replays."""
        if isinstance(self.store, HandStore):
            key = self.store.events.secret()
            self.store.results = hand_results.StoredResults(self.path, key) if serve else None

    def position(self) -> int:
        with connect(self.path) as db:
            return self._position(db)

    def catch_up(self) -> int:
        """Project every notification after the recorded position; returns how many."""
        done = 0
        with self._lock, connect(self.path) as db:
            while True:
                position = self._position(db)
                notifications = self.store.app.recorder.select_notifications(start=position + 1, limit=BATCH)
                if not notifications:
                    return done
                # Each touched log as it stands now, which may be past this batch: the rows are
                # idempotent, and a later batch writes the same log again.
                touched: list[tuple[Projection[Any], dict[UUID, Rows]]] = []
                for projection, log in self._logs:
                    ids = dict.fromkeys(
                        UUID(str(n.originator_id)) for n in notifications if projection.claims(n.topic)
                    )
                    found = {
                        i: rows for i in ids if (rows := _paced(readable(log, i, projection))) is not None
                    }
                    touched.append((projection, found))
                if self._write(db, position, notifications[-1].id, touched):
                    done += len(notifications)
                if len(notifications) < BATCH:
                    # The end of the log as it was: what came meanwhile waits for the next wake-up,
                    # projected with what follows it, rather than its logs projected twice now.
                    return done

    def _write(
        self,
        db: sqlite_utils.Database,
        position: int,
        new_position: int,
        touched: list[tuple[Projection[Any], dict[UUID, Rows]]],
    ) -> bool:
        """Write the rows and the new position in one transaction, unless another process did."""
        db.conn.execute("begin immediate")
        try:
            if self._position(db) != position:
                db.conn.rollback()
                return False
            for projection, rows in touched:
                projection.write(db, rows, self.store.events.secret())
            # One prepared statement: sqlite-utils' upsert reads the table's schema first (about 1 ms).
            db.conn.execute(
                "insert into position (projection, notification_id) values (?, ?)"
                " on conflict (projection) do update set notification_id = excluded.notification_id",
                [PROJECTION, new_position],
            )
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()
        return True

    @staticmethod
    def _position(db: sqlite_utils.Database) -> int:
        row = db.execute("select notification_id from position where projection = ?", [PROJECTION]).fetchone()
        return int(row[0]) if row else 0

    def rebuild(
        self, workers: int = 1, progress: rebuilding.Progress | None = None, verify: bool = False
    ) -> int:
        """Drop the tables and project the whole notification log again: how many notifications the
        tables now hold (the position). ``workers``: processes replaying the logs; ``verify``: check
        every record's hashes too, leaving out the logs that fail them (``rebuild.py`` says what
        each way guarantees)."""
        return self.rebuild_report(workers, progress, verify).notifications

    def rebuild_report(
        self, workers: int = 1, progress: rebuilding.Progress | None = None, verify: bool = False
    ) -> rebuilding.Rebuilt:
        """``rebuild()``, saying what it did."""
        with self._lock, connect(self.path) as db:
            for projection in PROJECTIONS:
                for table in projection.tables:
                    db[table].drop(ignore=True)
            db["position"].drop(ignore=True)
            self._ensure(db, self.store.events.secret())
            report = rebuilding.rebuild(db, self._logs, workers, progress, verify=verify)
            # Another process's follower may have gone further meanwhile: never back.
            db.execute(
                "insert into position values (?, ?) on conflict (projection) do update"
                " set notification_id = max(notification_id, excluded.notification_id)",
                [PROJECTION, report.notifications],
            )
        self.catch_up()
        report.notifications = self.position()
        return report

    # ------------------------------------------------------------------ following in the background

    def start(self, poll_seconds: float = OTHERS_SECONDS, debounce_seconds: float = DEBOUNCE_SECONDS) -> None:
        """Follow the log in a daemon thread: woken by local appends, polling for others'.

        Others' appends are polled for rather than announced (PostgreSQL's LISTEN/NOTIFY): a wake-up
        is followed by the debounce, so a notice would reach the read models no sooner than the
        poll (0.5 s against 0.25 s at most), and would hold a connection of every process open.
        A poll is one indexed read of the store's notifications after the position, by the lease's
        holder only; the others read the lease's row (under a brief lock of the read-model file).

        After a wake-up it waits ``debounce_seconds`` so that a stream of appends is projected
        in batches rather than one by one: the read models lag by about that much. Only the holder
        of the file's lease projects (``lease.py``): one process at a time, however many follow;
        every process that follows serves hands' latest reads from their stored results.
        """
        if self._thread is not None:
            return
        self.serve_results()
        self.store.on_append(self._wake.set)
        lease = self._lease = Lease(self.path)

        def follow() -> None:
            while not self._stop.is_set():
                if self._wake.wait(poll_seconds):
                    self._stop.wait(debounce_seconds)
                self._wake.clear()
                try:
                    if lease.hold():
                        with paced():  # a large batch (an import's hands) lets the tables go first
                            self.catch_up()
                except Exception:  # the read model lags; the next wake-up retries
                    self._stop.wait(poll_seconds)

        self._thread = threading.Thread(target=follow, name="read-models", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.serve_results(False)
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        if self._lease is not None:
            self._lease.release()
