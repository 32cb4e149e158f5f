"""The benchmarks' stores: a SQLite file in a directory, or a new schema in the local PostgreSQL."""

from __future__ import annotations

import os
import time
from pathlib import Path

PG = {
    "POSTGRES_DBNAME": "test",
    "POSTGRES_HOST": "127.0.0.1",
    "POSTGRES_PORT": "5432",
    "POSTGRES_USER": "postgres",
}


def store_env(backend: str, directory: Path) -> dict[str, str]:
    """The settings of a new store: a SQLite file, or a new schema in PostgreSQL (``$POSTGRES_*``, else
    the local server's database ``test``)."""
    if backend == "sqlite":
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "events.db")}
    import psycopg

    settings = {key: os.environ.get(key, value) for key, value in PG.items()}
    schema = f"bench_{os.getpid()}_{time.monotonic_ns()}"
    with psycopg.connect(dsn(settings), autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_PASSWORD": "",
        **settings,
        "POSTGRES_SCHEMA": schema,
    }


def dsn(env: dict[str, str]) -> str:
    keys = ("host", "port", "dbname", "user")
    return " ".join(f"{key}={env[f'POSTGRES_{key.upper()}']}" for key in keys)


def drop_store(env: dict[str, str]) -> None:
    if "POSTGRES_SCHEMA" in env:
        import psycopg

        with psycopg.connect(dsn(env), autocommit=True) as conn:
            conn.execute(f"drop schema {env['POSTGRES_SCHEMA']} cascade")
