"""Persistence settings, in one place: where the events and the read models are kept.

The event store takes the eventsourcing library's own variables (``PERSISTENCE_MODULE``,
``SQLITE_DBNAME``, ``POSTGRES_*``, optionally prefixed ``HANDS_``); without them it is an embedded
SQLite file, ``$ADJUDICATOR_DB``, else ``default_db_path()``. The read models are a SQLite file of
their own: ``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the SQLite event store (or
``postgres.read.db`` in the default data directory when the events are in PostgreSQL).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from eventsourcing.utils import Environment

APP_NAME = "Hands"
DB_ENV = "ADJUDICATOR_DB"
READ_DB_ENV = "ADJUDICATOR_READ_DB"

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
    if module == "eventsourcing.sqlite" and setting("SQLITE_DBNAME") is None:
        path = Path(environ.get(DB_ENV) or default_db_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        env["SQLITE_DBNAME"] = str(path)
    return env


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


def read_db_path(events: Path | None) -> Path:
    """``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the SQLite event store ``events``."""
    explicit = os.environ.get(READ_DB_ENV)
    if explicit:
        return Path(explicit)
    if events is not None:
        return events.with_name(events.stem + ".read.db")
    return default_db_path().with_name("postgres.read.db")


def where(overrides: Mapping[str, str] | None = None) -> tuple[str, str]:
    """Where the events and the read models will be, computed from the settings alone."""
    env = environment(overrides)

    def setting(key: str) -> str:
        return env.get(key) or ""

    return describe(setting), str(read_db_path(sqlite_file(setting)))
