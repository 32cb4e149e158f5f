"""Persistence settings, in one place: where the events and the read models are kept.

The event store takes the eventsourcing library's own variables (``PERSISTENCE_MODULE``,
``SQLITE_DBNAME``, ``POSTGRES_*``, optionally prefixed ``HANDS_``); without them it is an embedded
SQLite file, ``$ADJUDICATOR_DB``, else ``default_db_path()``. On PostgreSQL the password defaults
to empty (trust or peer authentication needs none; the library insists on the variable). The read
models are a SQLite file of their own: ``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the
SQLite event store, or, when the events are in PostgreSQL, a file in the default data directory
named after the server, database and schema (``postgres-HOST-PORT-DB-SCHEMA.read.db``): each event
store has its own read models and its own position in them. The process's cache of replayed logs
takes ``$ADJUDICATOR_CACHE_MB`` (``budget``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from eventsourcing.utils import Environment

APP_NAME = "Hands"
DB_ENV = "ADJUDICATOR_DB"
READ_DB_ENV = "ADJUDICATOR_READ_DB"
CACHE_ENV = "ADJUDICATOR_CACHE_MB"
DEFAULT_MB = 64


def budget() -> int:
    """The cache's budget in bytes: ``$ADJUDICATOR_CACHE_MB`` (a number of megabytes), else 64 MB."""
    raw = os.environ.get(CACHE_ENV)
    try:
        megabytes = float(raw) if raw else DEFAULT_MB
    except ValueError:
        megabytes = -1.0
    if not 0 <= megabytes < 1e9:
        raise ValueError(f"{CACHE_ENV}={raw!r}: give the cache's size in megabytes, a number from 0")
    return int(megabytes * 1_000_000)


Setting = Callable[[str], object]


def default_db_path() -> Path:
    """Where the embedded event store lives without configuration: the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "adjudicator" / "events.db"


def persistence_env(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The library's settings: ``overrides``, then the environment, then the embedded default."""
    environ = {**os.environ, **(overrides or {})}

    def setting(key: str) -> str | None:
        return environ.get(f"{APP_NAME.upper()}_{key}") or environ.get(key)

    env = dict(overrides or {})
    module = setting("PERSISTENCE_MODULE")
    if module is None:
        module = env["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
    if module == "eventsourcing.postgres" and not _password_given(environ):
        env["POSTGRES_PASSWORD"] = ""
    if module == "eventsourcing.sqlite" and setting("SQLITE_DBNAME") is None:
        path = Path(environ.get(DB_ENV) or default_db_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        env["SQLITE_DBNAME"] = str(path)
    return env


def _password_given(environ: Mapping[str, str]) -> bool:
    """Whether the library will find a PostgreSQL password (or a function giving one)."""
    keys = ("POSTGRES_PASSWORD", "POSTGRES_GET_PASSWORD_TOPIC")
    return any(
        environ.get(f"{prefix}{key}") is not None for key in keys for prefix in ("", f"{APP_NAME.upper()}_")
    )


def environment(overrides: Mapping[str, str] | None = None) -> Environment:
    """The settings exactly as the event store's application will read them (without opening it)."""
    return Environment(APP_NAME, {**os.environ, **persistence_env(overrides)})


def describe(setting: Setting) -> str:
    """``sqlite:PATH`` or ``postgres:DBNAME@HOST``: where the events are, in a line."""
    module = str(setting("PERSISTENCE_MODULE") or "eventsourcing.popo")
    if module.endswith("sqlite"):
        return f"sqlite:{setting('SQLITE_DBNAME')}"
    if module.endswith("postgres"):
        return f"postgres:{setting('POSTGRES_DBNAME')}@{setting('POSTGRES_HOST')}"
    return module


def sqlite_file(setting: Setting) -> Path | None:
    """The SQLite file of the events, if they are in one (not in memory, not in PostgreSQL)."""
    if not str(setting("PERSISTENCE_MODULE") or "").endswith("sqlite"):
        return None
    name = str(setting("SQLITE_DBNAME") or "")
    return None if not name or ":memory:" in name or "mode=memory" in name else Path(name)


def postgres_identity(setting: Setting) -> str:
    """``HOST-PORT-DBNAME-SCHEMA`` of a PostgreSQL event store, safe in a file name."""
    parts = (
        setting("POSTGRES_HOST") or "localhost",
        setting("POSTGRES_PORT") or "5432",
        setting("POSTGRES_DBNAME") or "postgres",
        setting("POSTGRES_SCHEMA") or "public",
    )
    return "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", str(part)) for part in parts)


def read_db_path(setting: Setting) -> Path:
    """``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the SQLite event store, else (PostgreSQL)
    ``postgres-HOST-PORT-DB-SCHEMA.read.db`` in the default data directory: one per event store."""
    explicit = os.environ.get(READ_DB_ENV)
    if explicit:
        return Path(explicit)
    events = sqlite_file(setting)
    if events is not None:
        return events.with_name(events.stem + ".read.db")
    module = str(setting("PERSISTENCE_MODULE") or "")
    if module.endswith("postgres"):
        return default_db_path().with_name(f"postgres-{postgres_identity(setting)}.read.db")
    return default_db_path().with_name(f"{module.rpartition('.')[2] or 'memory'}.read.db")


def where(overrides: Mapping[str, str] | None = None) -> tuple[str, str]:
    """Where the events and the read models will be, computed from the settings alone."""
    env = environment(overrides)

    def setting(key: str) -> str:
        return env.get(key) or ""

    return describe(setting), str(read_db_path(setting))
