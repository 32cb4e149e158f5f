"""Event-store backends for the store tests: a SQLite file always, PostgreSQL when it answers.

PostgreSQL tests run against the real server at 127.0.0.1:5432 (trust auth, database ``test``,
user postgres or root), each in a schema of its own that is dropped afterwards; they are skipped,
saying why, only when no server answers.
"""

from __future__ import annotations

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
        pytest.skip(dsn_or_reason)
    return user, dsn_or_reason


@pytest.fixture
def postgres_env(postgres_dsn: tuple[str, str]) -> Iterator[dict[str, str]]:
    import psycopg

    user, dsn = postgres_dsn
    schema = f"adjudicator_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    yield {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": "test",
        "POSTGRES_HOST": "127.0.0.1",
        "POSTGRES_PORT": "5432",
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": "",
        "POSTGRES_SCHEMA": schema,
    }
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"drop schema {schema} cascade")


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """Each store test runs on both backends."""
    env: dict[str, str] = request.getfixturevalue(f"{request.param}_env")
    return env
