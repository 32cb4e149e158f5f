"""Credentials kept in the events' database: the ``credentials`` table (the SQLite file, or the
PostgreSQL database and schema), created on first use; the eventsourcing store is not involved.
A revoked credential keeps its row (its name stays taken): the events it recorded still name it.
What a credential is, and how its token is made and hashed: ``adjudicator.service.credentials``.

**Verified lately.** Credentials this process verified are remembered (``Verified``), so that a
request's bearer token costs a dictionary look-up instead of a read of the table, without a revocation
waiting.

A revocation must hold at once in every process that serves the store. So the memory is trusted only
while the **revocation generation** it was filled under still holds:

- on a SQLite file, a file beside it (``<database>-revocations``): every revocation, by any process
  (a worker, ``adjudicator token revoke``), appends a byte to it, before and after its update; the
  file's identity (device, inode), size and time are read on each look-up (one ``stat``, about a
  microsecond), and any change, or a missing file, sends the look-up to the table. SQLite's
  processes share one machine, so they share that file;
- on a database no other process opens (SQLite in memory), a counter of this process;
- on PostgreSQL, none: its processes may run on several hosts, so every verification reads the
  table, as before.

Apart from that, ``remembered`` answers from memory alone, at any generation, for what must not wait
on the store and only decides whether to wait for the rest of a request (the front's admission of a
body, ``api.front``): that request is then verified in full. Entries live ``TTL`` seconds at most,
``KEPT`` of them.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, cast

from adjudicator.domain.limits import MAX_TABLE
from adjudicator.service.credentials import (
    COLUMNS,
    ROLES,
    SCHEMA_NAME,
    TABLE,
    TOKEN_PREFIX,
    Credential,
    CredentialError,
    Role,
    Setting,
    new_token,
)

#: Seconds a verified credential is remembered at most.
TTL: Final = 60.0
#: Credentials remembered at most (a hall has a few hundred tokens).
KEPT: Final = 4096
Generation = tuple[int, ...]


class Verified:
    """Credentials by their token's digest, each with the revocation generation it was read under."""

    def __init__(self, revocations: Path | None, alone: bool) -> None:
        """``revocations``: the file every revocation grows; ``alone``: no other process opens the
        store (its generation is this process's counter). Neither: never trusted for a verification."""
        self.revocations = revocations
        self.alone = alone
        self._local = 0
        self._kept: dict[str, tuple[Credential, Generation | None, float]] = {}
        self._lock = threading.Lock()

    def generation(self) -> Generation | None:
        """The revocation generation now; None when it cannot be known (nothing to trust)."""
        if self.revocations is not None:
            try:
                found = os.stat(self.revocations)
            except OSError:
                return None
            return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)
        return (self._local,) if self.alone else None

    def get(self, digest: str, generation: Generation | None) -> Credential | None:
        """The credential verified under ``generation`` (None: not remembered, or another generation)."""
        found = self._kept.get(digest)
        if found is None or generation is None or found[1] != generation or found[2] < time.monotonic():
            return None
        return found[0]

    def remembered(self, digest: str) -> Credential | None:
        """The credential verified lately, whatever revocations came since (None: not remembered)."""
        found = self._kept.get(digest)
        return None if found is None or found[2] < time.monotonic() else found[0]

    def keep(self, digest: str, credential: Credential, generation: Generation | None) -> None:
        if len(self._kept) >= KEPT:
            self._kept.clear()
        self._kept[digest] = (credential, generation, time.monotonic() + TTL)

    def revoking(self) -> None:
        """A revocation is being written (call before its update and again after): the generation moves
        for every process, and this one forgets what it verified."""
        with self._lock:
            self._local += 1
            self._kept.clear()
            if self.revocations is not None:
                with open(self.revocations, "ab") as grown:
                    grown.write(b".")


def revocations_file(database: str) -> Path | None:
    """The revocations file beside a SQLite database file (None: in memory, or named by a URI)."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(f"{database}-revocations")


def digest(token: str) -> str:
    """What the store keeps of a token, and finds it by: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Database:
    """One connection to the events' database, used by one thread at a time; ``?`` placeholders."""

    def __init__(self, setting: Setting) -> None:
        module = str(setting("PERSISTENCE_MODULE") or "eventsourcing.popo")
        self.postgres = module.endswith("postgres")
        self._lock = threading.Lock()
        self._setting = setting
        self._conn: Any = None
        self.database = ""  # a SQLite database's name
        self.table = TABLE
        schema = str(setting("POSTGRES_SCHEMA") or "") if self.postgres else ""
        if schema:
            if not SCHEMA_NAME.fullmatch(schema):
                raise CredentialError(f"POSTGRES_SCHEMA {schema!r} is not a plain name")
            self.table = f"{schema}.{TABLE}"
        self._connect()
        self.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table} (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
            "role TEXT NOT NULL, tournament TEXT, table_number INTEGER, token_sha256 TEXT NOT NULL UNIQUE, "
            "created_at TEXT NOT NULL, revoked_at TEXT)"
        )

    def _connect(self) -> None:
        setting = self._setting
        if self.postgres:
            import psycopg

            self._conn = psycopg.connect(
                dbname=str(setting("POSTGRES_DBNAME") or ""),
                host=str(setting("POSTGRES_HOST") or "127.0.0.1"),
                port=str(setting("POSTGRES_PORT") or "5432"),
                user=str(setting("POSTGRES_USER") or ""),
                password=str(setting("POSTGRES_PASSWORD") or ""),
                autocommit=True,
            )
            return
        module = str(setting("PERSISTENCE_MODULE") or "eventsourcing.popo")
        name = str(setting("SQLITE_DBNAME") or "") if module.endswith("sqlite") else ""
        name = self.database = name or ":memory:"
        self._conn = sqlite3.connect(
            name, timeout=30, isolation_level=None, check_same_thread=False, uri=name.startswith("file:")
        )

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        with self._lock:
            if self.postgres and self._conn.closed:
                self._connect()
            yield self._conn.cursor()

    def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        with self._cursor() as cursor:
            cursor.execute(self._sql(sql), tuple(params))
            return int(cursor.rowcount)

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._cursor() as cursor:
            if self.postgres:  # every request verifies its token: planned once per connection
                cursor.execute(self._sql(sql), tuple(params), prepare=True)
            else:
                cursor.execute(sql, tuple(params))
            return list(cursor.fetchall())

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _credential(row: Sequence[Any]) -> Credential:
    return Credential(row[0], row[1], cast(Role, row[2]), row[3], row[4], row[5], row[6])


class CredentialStore:
    """Issues, lists, revokes and verifies tokens in the ``credentials`` table of the events' database."""

    def __init__(self, setting: Setting) -> None:
        """``setting(key)``: the event store's settings (``PERSISTENCE_MODULE``, ``SQLITE_DBNAME`` ...)."""
        self._db = Database(setting)
        revocations = None if self._db.postgres else revocations_file(self._db.database)
        if revocations is not None:
            try:
                revocations.touch()
            except OSError:  # a directory this process may not write: every verification reads the table
                revocations = None
        in_memory = not self._db.postgres and self._db.database == ":memory:"
        self._verified = Verified(revocations, alone=in_memory)

    def create(
        self,
        name: str,
        role: str,
        tournament: str | None = None,
        table: int | None = None,
        made: tuple[str, str] | None = None,
    ) -> tuple[Credential, str]:
        """A new credential and its token (the only time the token is seen); ``made``: its id and
        token, made by the caller (``CredentialError`` if a credential has that id or name)."""
        name = name.strip()
        if not name or len(name) > 100:
            raise CredentialError("a credential's name is 1 to 100 characters")
        if role not in ROLES:
            raise CredentialError(f"no role {role!r}: one of {', '.join(ROLES)}")
        if (tournament is not None or table is not None) and role != "scorekeeper":
            raise CredentialError("only a scorekeeper's credential is scoped to a tournament and table")
        if table is not None and tournament is None:
            raise CredentialError("a table is scoped within a tournament: give the tournament too")
        if table is not None and not 1 <= table <= MAX_TABLE:
            raise CredentialError(f"a table is numbered from 1 to {MAX_TABLE}, not {table}")
        if self.find(name) is not None:
            raise CredentialError(f"a credential named {name!r} exists (names are never reused)")
        credential_id, token = made or (uuid.uuid4().hex[:12], new_token())
        credential = Credential(credential_id, name, role, tournament, table, _now(), None)
        inserted = self._db.execute(
            f"INSERT INTO {self._db.table} (id, name, role, tournament, table_number, token_sha256, "
            "created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT DO NOTHING",
            (credential.id, name, role, tournament, table, digest(token), credential.created_at),
        )
        if not inserted:  # another request took the id or the name at the same moment
            raise CredentialError(f"a credential named {name!r} or numbered {credential_id} exists")
        return credential, token

    def all(self) -> list[Credential]:
        rows = self._db.rows(f"SELECT {COLUMNS} FROM {self._db.table} ORDER BY created_at, name")
        return [_credential(row) for row in rows]

    def find(self, name_or_id: str) -> Credential | None:
        rows = self._db.rows(
            f"SELECT {COLUMNS} FROM {self._db.table} WHERE name = ? OR id = ?", (name_or_id, name_or_id)
        )
        return _credential(rows[0]) if rows else None

    def revoke(self, name_or_id: str) -> Credential:
        """Revoke a credential at once (every process sees it on its next request)."""
        found = self.find(name_or_id)
        if found is None:
            raise CredentialError(f"no credential named or numbered {name_or_id!r}")
        if found.revoked_at is None:
            self._verified.revoking()  # no process trusts what it remembers from now on
            try:
                self._db.execute(
                    f"UPDATE {self._db.table} SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                    (_now(), found.id),
                )
            finally:
                self._verified.revoking()  # nor what it read while the update was being written
        revoked = self.find(found.id)
        assert revoked is not None
        return revoked

    def verify(self, token: str) -> Credential | None:
        """The live credential of ``token``, or None (unknown or revoked)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        hashed = digest(token)
        generation = self._verified.generation()  # read before the table: a revocation after it moves it
        kept = self._verified.get(hashed, generation)
        if kept is not None:
            return kept
        rows = self._db.rows(
            f"SELECT {COLUMNS}, token_sha256 FROM {self._db.table} WHERE token_sha256 = ?", (hashed,)
        )
        if not rows or not hmac.compare_digest(str(rows[0][7]), hashed):
            return None
        credential = _credential(rows[0])
        if credential.revoked_at is not None:
            return None
        self._verified.keep(hashed, credential, generation)
        return credential

    def remembered(self, token: str) -> Credential | None:
        """The live credential of ``token`` as this process verified it lately, from memory alone (None:
        not remembered): for what only decides whether to wait for the rest of a request that is then
        verified in full (``Verified``)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        return self._verified.remembered(digest(token))

    def bootstrap(self, name: str = "First official") -> tuple[Credential, str] | None:
        """The first official's credential and token, if no credential was ever issued here."""
        if self._db.rows(f"SELECT 1 FROM {self._db.table} LIMIT 1"):
            return None
        return self.create(name, "official")

    @property
    def database(self) -> Database:
        """Its connection, which the tables' cards share (``adjudicator.adapters.card_store``)."""
        return self._db

    def close(self) -> None:
        self._db.close()
