"""Read-model rows sealed with the event store's secret, so that what is served from the read models
is what the projector computed from the verified log, never an edit of the file.

The read-model file is a cache that anyone holding it can edit (an official browsing it in
Datasette, a script). Every row of every table carries ``mac``: the HMAC-SHA256, keyed with the
event store's secret (``heads.ChainRecorder.select_secret``, in the store, not in the file), of its
table's name and its other columns' values. A row is served only if its seal holds, and a hand's
stored result (``hand_results``) only while its head is also the store's head now, so it comes
from the log as it stands, checked when it was projected. A row whose seal fails is never served: a
stored result gives way to the replay (the truth), a list that would show it is refused (``Forged``,
409) and ``adjudicator verify`` names it. The file records the fingerprint of the secret that sealed
it: a file sealed by another secret (another store's, or a file from before the seals) is projected
again from the start, its old rows refused meanwhile.
"""

from __future__ import annotations

import hmac
import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

from adjudicator.service.errors import Forged as Forged  # raised here, a service error

#: The column holding each row's seal.
MAC = "mac"
#: The table recording which secret sealed the file (its fingerprint).
SEALED_BY = "sealed_by"


def mac(key: bytes, table: str, values: Sequence[Any]) -> str:
    """The seal of a row of ``table`` whose other columns hold ``values`` (text, numbers or null, as
    SQLite gives them back: a boolean is an integer). ``json.dumps`` with its default options is one
    unambiguous encoding, and the C encoder's fast path (options would cost ten times as much)."""
    plain = [int(v) if isinstance(v, bool) else v for v in values]
    return hmac.digest(key, json.dumps([table, plain]).encode(), "sha256").hex()


def fingerprint(key: bytes) -> str:
    """Which secret sealed a file, without saying the secret."""
    return hmac.digest(key, b"adjudicator read models", "sha256").hex()[:32]


def sealed_by(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute(f"select fingerprint from {SEALED_BY}").fetchone()
    except sqlite3.OperationalError:  # a file from before the seals
        return None
    return str(row[0]) if row else None


def record_sealer(db: sqlite3.Connection, key: bytes) -> bool:
    """Record that ``key`` seals the file: whether another did before (its rows must be projected
    again)."""
    before = sealed_by(db)
    db.execute(f"create table if not exists {SEALED_BY} (fingerprint text not null)")
    if before != fingerprint(key):
        db.execute(f"delete from {SEALED_BY}")
        db.execute(f"insert into {SEALED_BY} values (?)", [fingerprint(key)])
    return before is not None and before != fingerprint(key)


def forged_rows(db: sqlite3.Connection, tables: Sequence[Any], key: bytes) -> Iterator[tuple[str, str]]:
    """Every row of ``tables`` (``tables.Table``) whose seal fails: (table, its key's values)."""
    present = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
    for table in tables:
        if table.name not in present:
            continue
        names = list(table.columns)
        quoted = ", ".join(f"[{name}]" for name in names)
        for values in db.execute(f"select {quoted} from [{table.name}]"):
            row = dict(zip(names, values, strict=True))
            if not table.sound(row, key):
                keys = (table.pk,) if isinstance(table.pk, str) else table.pk
                yield table.name, "/".join(str(row[k]) for k in keys)
