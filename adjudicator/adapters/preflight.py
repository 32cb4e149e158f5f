"""Before a server says it is listening: can it reach its event store, as configured?

``store_problem()`` answers None, or what is wrong and what to set. On PostgreSQL it connects with
the library's own settings and checks that the schema exists (the library would only fail at the
first request, in the worker, long after "Listening"). An embedded SQLite store needs no check: its
directory is made on demand. ``unavailable(error)`` tells a store that is there but cannot be used
this moment (worth trying again) from one that is wrong.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping

from adjudicator.adapters.settings import environment

CONNECT_TIMEOUT = 5  # seconds


def store_problem(overrides: Mapping[str, str] | None = None) -> str | None:
    """None if the event store can be used as configured, else what is wrong and what to set."""
    env = environment(overrides)
    module = env.get("PERSISTENCE_MODULE") or ""
    if not module.endswith("postgres"):
        return None
    settings = {
        "host": env.get("POSTGRES_HOST"),
        "port": env.get("POSTGRES_PORT") or "5432",
        "dbname": env.get("POSTGRES_DBNAME"),
        "user": env.get("POSTGRES_USER"),
        "password": env.get("POSTGRES_PASSWORD") or None,
    }
    for key in ("dbname", "host", "user"):
        if not settings[key]:
            return f"PostgreSQL needs POSTGRES_{key.upper()}: set it (and the other POSTGRES_* variables)"
    schema = env.get("POSTGRES_SCHEMA") or None
    return _postgres_problem(settings, schema)


def _postgres_problem(settings: dict[str, str | None], schema: str | None) -> str | None:
    try:  # an optional dependency: SQLite needs none of it
        import psycopg
        from psycopg.conninfo import make_conninfo
    except ImportError:
        return "PostgreSQL needs psycopg, which is not installed: pip install 'adjudicator[postgres]'"

    where = f"{settings['dbname']} at {settings['host']}:{settings['port']} as {settings['user']}"
    try:
        given = {key: value for key, value in settings.items() if value is not None}
        with psycopg.connect(make_conninfo("", connect_timeout=CONNECT_TIMEOUT, **given)) as conn:
            if schema is None:
                return None
            row = conn.execute("select 1 from pg_namespace where nspname = %s", [schema]).fetchone()
    except psycopg.Error as error:
        reason = " ".join(str(error).split())
        return (
            f"cannot connect to PostgreSQL database {where}: {reason} "
            "(check POSTGRES_HOST, POSTGRES_PORT, POSTGRES_DBNAME, POSTGRES_USER, POSTGRES_PASSWORD)"
        )
    if row is None:
        return (
            f"schema {schema} does not exist in database {settings['dbname']}: "
            f"create it (create schema {schema}) or set POSTGRES_SCHEMA"
        )
    return None


#: SQLite's words for a file another connection holds at this moment.
BUSY = ("database is locked", "database is busy", "database table is locked")


def unavailable(error: BaseException) -> str | None:
    """Why the store could not be used just now, if ``error`` (or what caused it) says it is busy
    or unreachable: SQLite's file held by another process, a PostgreSQL server refusing or dropping
    the connection. None: another error, which trying again would not mend."""
    for cause in _causes(error):
        if isinstance(cause, sqlite3.OperationalError) and str(cause).startswith(BUSY):
            return str(cause)
        kind = type(cause)
        if kind.__module__.startswith(("psycopg", "psycopg_pool")) and kind.__name__ in (
            "OperationalError",
            "PoolTimeout",
        ):
            return " ".join(str(cause).split()) or kind.__name__
    return None


def _causes(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    found: BaseException | None = error
    while found is not None and id(found) not in seen:
        seen.add(id(found))
        yield found
        found = found.__cause__ or found.__context__


__all__ = ["store_problem", "unavailable"]
