"""A store opens while another connection writes to its file: the second worker of ``adjudicator serve``
opening beside the first one's appends, ``adjudicator token create`` beside a running server.

The library makes the tables in one transaction that begins by reading them, and the hash chain's
epoch row is a write in it; SQLite refuses that write at once ("database is locked", whatever the
lock's timeout) when another connection has committed since the transaction began. On main, a
worker's start beside appends failed so, and the whole server with it (2 starts in 6).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from adjudicator.adapters.event_store import EventStore

OPENINGS = 40


def test_the_event_store_opens_while_another_connection_commits(tmp_path: Path) -> None:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    EventStore(env).close()  # made once, as serve's supervisor makes it
    stop = threading.Event()

    def commit() -> None:
        with sqlite3.connect(tmp_path / "events.db", isolation_level=None, timeout=30) as db:
            db.execute("create table if not exists other (n integer)")
            while not stop.is_set():  # a commit every millisecond or so, as busy tables append
                db.execute("insert into other values (1)")
                time.sleep(0.001)

    writer = threading.Thread(target=commit)
    writer.start()
    try:
        for _ in range(OPENINGS):
            EventStore(env).close()
    finally:
        stop.set()
        writer.join()
