"""Credentials kept in the events' database: the ``credentials`` table (the SQLite file, or the
PostgreSQL database and schema), created on first use; the eventsourcing store is not involved.
A revoked credential keeps its row (its name stays taken): the events it recorded still name it.
What a credential is, and how its token is made and hashed: ``adjudicator.service.credentials``.
"""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, cast

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


def digest(token: str) -> str:
    """What the store keeps of a token, and finds it by: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class _Database:
    """One connection to the events' database, used by one thread at a time; ``?`` placeholders."""

    def __init__(self, setting: Setting) -> None:
        module = str(setting("PERSISTENCE_MODULE") or "eventsourcing.popo")
        self.postgres = module.endswith("postgres")
        self._lock = threading.Lock()
        self._setting = setting
        self._conn: Any = None
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
        name = name or ":memory:"
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
        self._db = _Database(setting)

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
            self._db.execute(
                f"UPDATE {self._db.table} SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (_now(), found.id),
            )
        revoked = self.find(found.id)
        assert revoked is not None
        return revoked

    def verify(self, token: str) -> Credential | None:
        """The live credential of ``token``, or None (unknown or revoked)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        hashed = digest(token)
        rows = self._db.rows(
            f"SELECT {COLUMNS}, token_sha256 FROM {self._db.table} WHERE token_sha256 = ?", (hashed,)
        )
        if not rows or not hmac.compare_digest(str(rows[0][7]), hashed):
            return None
        credential = _credential(rows[0])
        return credential if credential.revoked_at is None else None

    def bootstrap(self, name: str = "First official") -> tuple[Credential, str] | None:
        """The first official's credential and token, if no credential was ever issued here."""
        if self._db.rows(f"SELECT 1 FROM {self._db.table} LIMIT 1"):
            return None
        return self.create(name, "official")

    def close(self) -> None:
        self._db.close()
