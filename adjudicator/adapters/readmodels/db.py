"""The read-model file's connections, and a log's rows as every projector reads them."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import sqlite_utils

from adjudicator.adapters.integrity import IntegrityBroken
from adjudicator.adapters.readmodels.tables import Projection, Rows
from adjudicator.service.errors import NotFound, ReadModelsUnreadable

LOG = logging.getLogger("adjudicator.adapters.readmodels")


class connect:
    """One sqlite-utils connection for one use, on the calling thread: they are not shared."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> sqlite_utils.Database:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("pragma journal_mode=wal")
        conn.execute("pragma synchronous=normal")
        self.db = sqlite_utils.Database(conn)
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.conn.close()


class Kept:
    """A connection to the read-model file per thread, kept open for the reads a route repeats often
    (a page of the officials' queue): opening one costs more than the page's query (its schema is
    read again), and a hall's consoles ask many times a second. Never shared between threads; each
    statement its own transaction (autocommit), so no snapshot is held between reads. The file is
    never replaced (a rebuild writes into it), so a kept connection always reads the current one;
    the connections close with this object (sqlite3 closes them when they are collected)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows of one read ([] while the tables are not made yet: nothing projected)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            return conn.execute(sql, args).fetchall()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return []
            raise


def position(path: Path) -> int:
    """How far the read models have followed the event store: a reader of them now reads every event
    up to here. ``ReadModelsUnreadable`` when the file cannot be read for now."""
    try:
        with connect(path) as db:
            row = db.execute("select max(notification_id) from position").fetchone()
    except sqlite3.Error as error:
        raise ReadModelsUnreadable(str(error)) from error
    return int(row[0] or 0)


def readable(log: Any, log_id: UUID, projection: Projection[Any]) -> Rows | None:
    """The log's rows, or None when its record is broken: ``adjudicator verify`` names what is wrong,
    and the other logs are projected meanwhile. The follower and the rebuild both read through here,
    so they give the same rows."""
    try:
        rows: Rows = log.read(log_id, projection.rows)
    except (IntegrityBroken, NotFound) as error:
        LOG.warning("read models: %s %s is not projected: %s", log.noun, log_id, error)
        return None
    return rows
