"""Event-store backends for the store tests: a SQLite file always, PostgreSQL when it answers.

PostgreSQL tests run against the real server at 127.0.0.1:5432 (trust auth, database ``test``,
user postgres or root), each in a schema of its own that is dropped afterwards; they are skipped,
saying why, only when no server answers, and never in CI (``CI=true``), where they fail instead: a
green CI run has run them.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_USERS = ("postgres", "root")


def _postgres_user() -> tuple[str | None, str]:
    """The first user the server lets in, or None and why not."""
    try:
        import psycopg
    except ImportError as error:
        return None, f"psycopg is not installed: {error}"
    why = ""
    for user in POSTGRES_USERS:
        dsn = f"host=127.0.0.1 port=5432 dbname=test user={user}"
        try:
            with psycopg.connect(dsn, connect_timeout=5):
                return user, dsn
        except psycopg.Error as error:
            why = f"PostgreSQL at 127.0.0.1:5432 is unreachable: {error}"
    return None, why


@pytest.fixture(scope="session")
def postgres_dsn() -> tuple[str, str]:
    user, dsn_or_reason = _postgres_user()
    if user is None:
        needed = (
            f"{dsn_or_reason}. The PostgreSQL tests need a server on 127.0.0.1:5432 with trust auth "
            "and a database `test` (user postgres or root)"
        )
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(f"{needed}; CI runs them, so this fails rather than skips", pytrace=False)
        pytest.skip(needed)
    return user, dsn_or_reason


@contextlib.contextmanager
def postgres_schema(user: str, dsn: str) -> Iterator[dict[str, str]]:
    """The settings of a PostgreSQL schema of its own, dropped afterwards: one per test or module."""
    import psycopg

    schema = f"adjudicator_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    try:
        yield {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": "test",
            "POSTGRES_HOST": "127.0.0.1",
            "POSTGRES_PORT": "5432",
            "POSTGRES_USER": user,
            "POSTGRES_PASSWORD": "",
            "POSTGRES_SCHEMA": schema,
        }
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"drop schema {schema} cascade")


@pytest.fixture
def postgres_env(postgres_dsn: tuple[str, str]) -> Iterator[dict[str, str]]:
    with postgres_schema(*postgres_dsn) as env:
        yield env


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """Each store test runs on both backends."""
    env: dict[str, str] = request.getfixturevalue(f"{request.param}_env")
    return env
