"""Who projects a read-model file: one process at a time, by a lease row in the file itself.

Every worker of ``adjudicator serve --workers N`` (and any other server on the same host given the
same read-model file) follows the event store, but only the holder of the lease projects; the others
wait for it to lapse. The holder renews the lease each time it looks for new events, well within
``LEASE_SECONDS``; a holder that dies (SIGKILL, out of memory) stops renewing, and the first process
to look after the lease has lapsed takes it and catches up from the position the dead one committed.
The lease lives in the read-model file because the read models do: each file has exactly one
projector, whichever event store (SQLite or PostgreSQL) it follows, and a host's file is never
shared with another host. The lease is an economy, not the guard of correctness: a projector still
writes a batch only if the position is the one it read (``ReadModels._write``), so a holder that
stalls past its lease and a successor never write the same batch twice.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import time
import uuid
from pathlib import Path

TABLE = "projector_lease"
LEASE_SECONDS = 5.0


def holder_name() -> str:
    """This process, recognisably: host, process id and a random part (process ids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Lease:
    """The right to project one read-model file, held for ``seconds`` at a time and renewed."""

    def __init__(self, path: Path, seconds: float = LEASE_SECONDS, holder: str | None = None) -> None:
        self.path = path
        self.seconds = seconds
        self.holder = holder or holder_name()

    def hold(self) -> bool:
        """Take the lease if it is free or lapsed, renew it if this process holds it: whether it does."""
        now = time.time()
        conn = self._connect()
        try:
            conn.execute("begin immediate")
            row = conn.execute(f"select holder, expires from {TABLE} where name = 'projector'").fetchone()
            if row is not None and row[0] != self.holder and row[1] > now:
                conn.rollback()
                return False
            conn.execute(
                f"insert into {TABLE} (name, holder, expires) values ('projector', ?, ?) "
                "on conflict (name) do update set holder = excluded.holder, expires = excluded.expires",
                (self.holder, now + self.seconds),
            )
            conn.commit()
            return True
        finally:
            conn.close()

    def holder_now(self) -> str | None:
        """Who holds the lease now (None: nobody, or it lapsed)."""
        conn = self._connect()
        try:
            row = conn.execute(f"select holder, expires from {TABLE} where name = 'projector'").fetchone()
        finally:
            conn.close()
        return str(row[0]) if row is not None and row[1] > time.time() else None

    def release(self) -> None:
        """Give the lease up at once (a clean stop), so another process need not wait for it to lapse."""
        conn = self._connect()
        try:
            conn.execute(f"delete from {TABLE} where name = 'projector' and holder = ?", (self.holder,))
        finally:
            conn.close()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute(
            f"create table if not exists {TABLE} "
            "(name text primary key, holder text not null, expires real not null)"
        )
        return conn
