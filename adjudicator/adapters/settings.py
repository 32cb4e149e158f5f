"""Every setting, in one place: the ``ADJUDICATOR_*`` environment variables (``VARIABLES``, one table:
what each accepts and its default), and where the events and the read models are kept.

``problems()`` checks every variable at once, before anything starts (``adjudicator serve`` calls it
before it listens or issues a credential): one line for each it does not accept, naming it and what
it takes. Every reader goes through ``value``, so that what is checked at start and what is read
later cannot disagree, and an empty variable counts as unset everywhere.

The event store takes the eventsourcing library's own variables (``PERSISTENCE_MODULE``,
``SQLITE_DBNAME``, ``POSTGRES_*``, optionally prefixed ``HANDS_``); without them it is an embedded
SQLite file, ``$ADJUDICATOR_DB``, else ``default_db_path()``. On PostgreSQL the password defaults
to empty (trust or peer authentication needs none; the library insists on the variable). The read
models are a SQLite file of their own: ``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the
SQLite event store, or, when the events are in PostgreSQL, a file in the default data directory
named after the server, database and schema (``postgres-HOST-PORT-DB-SCHEMA.read.db``): each event
store has its own read models and its own position in them.
"""

from __future__ import annotations

import difflib
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar
from urllib.parse import urlsplit

from eventsourcing.utils import Environment

from adjudicator.service import serving
from adjudicator.service.authority import ANONYMOUS_READS
from adjudicator.service.rulebook.kept import DIRECTORY_ENV
from adjudicator.service.rulebook.sources import FEATURES_ENV, REPORT_ENV, RULES_ENV

APP_NAME = "Hands"
DB_ENV = "ADJUDICATOR_DB"
READ_DB_ENV = "ADJUDICATOR_READ_DB"
CACHE_ENV = "ADJUDICATOR_CACHE_MB"
GATHER_ENV = "ADJUDICATOR_COMMIT_GATHER_MS"
T = TypeVar("T")


@dataclass(frozen=True)
class Variable(Generic[T]):
    """One environment variable: what it accepts, in words and as a reader that raises ValueError on
    anything else, and its value when unset."""

    name: str
    accepts: str
    read: Callable[[str], T]
    default: T | None = None
    #: The default in words, where its value is not (a path worked out from other settings).
    shown: str | None = None
    #: Set by ``adjudicator serve`` for its workers, not by hand (checked all the same).
    by_serve: bool = False

    def get(self, environ: Mapping[str, str] | None = None) -> T | None:
        """Its value, read; its default when unset or empty; ValueError saying what it takes."""
        raw = (os.environ if environ is None else environ).get(self.name, "")
        return self.parse(raw) if raw.strip() else self.default

    def parse(self, raw: str) -> T:
        """``raw`` read as this variable's value; ValueError saying what it takes."""
        try:
            return self.read(raw)
        except (ValueError, OverflowError):
            raise ValueError(self.refusal(raw)) from None

    def value(self, environ: Mapping[str, str] | None = None) -> T:
        """Its value, of a variable with a default."""
        found = self.get(environ)
        if found is None:
            raise LookupError(f"{self.name} has no default")
        return found

    def refusal(self, raw: str) -> str:
        default = self.shown if self.shown is not None else self.default
        if isinstance(default, float):
            default = f"{default:g}"
        return f"{self.name}={raw!r} is not accepted: it takes {self.accepts} (default {default})"


def number(low: float, high: float, above: bool = False) -> Callable[[str], float]:
    """A reader of a number from ``low`` (or above it, ``above``) up to ``high``."""

    def read(text: str) -> float:
        found = float(text)
        if math.isnan(found) or found < low or (above and found == low) or found > high:
            raise ValueError(text)
        return found

    return read


def whole(low: int) -> Callable[[str], int]:
    """A reader of a whole number from ``low``."""

    def read(text: str) -> int:
        found = int(text.strip())
        if found < low:
            raise ValueError(text)
        return found

    return read


def choice(*words: str) -> Callable[[str], str]:
    """A reader of one of ``words``, in any case."""

    def read(text: str) -> str:
        found = text.strip().lower()
        if found not in words:
            raise ValueError(text)
        return found

    return read


def file(text: str) -> Path:
    """A file's path: anything but an existing directory (the file and its folders are made)."""
    path = Path(text)
    if path.is_dir():
        raise ValueError(text)
    return path


def folder(text: str) -> Path:
    """A directory's path: anything but an existing file (a missing one is said on the pages)."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise ValueError(text)
    return path


def web_address(text: str) -> str:
    """An ``http://`` or ``https://`` address with a host (and nothing after its path)."""
    found = urlsplit(text.strip())
    if found.scheme not in ("http", "https") or not found.hostname or found.query or found.fragment:
        raise ValueError(text)
    return text.strip().rstrip("/")


SECONDS = "a number of seconds above 0"
A_FILE = "the path of a file (not of a directory)"
A_FOLDER = "the path of a directory (not of a file)"

DB = Variable(DB_ENV, A_FILE, file, shown="adjudicator/events.db in the data directory")
READ_DB = Variable(READ_DB_ENV, A_FILE, file, shown="events.read.db beside the events")
CACHE_MB = Variable(CACHE_ENV, "a number of megabytes from 0", number(0, 1e9), 64.0)
GATHER_MS = Variable(GATHER_ENV, "a number of milliseconds from 0 to 1000", number(0, 1000), 2.0)
ANONYMOUS = Variable(
    serving.ANONYMOUS_READS_ENV, f"one of {', '.join(ANONYMOUS_READS)}", choice(*ANONYMOUS_READS), "finished"
)
TRUSTED_PROXIES = Variable(serving.TRUSTED_PROXIES_ENV, "a whole number of proxies from 0", whole(0), 0)
LOG_FORMAT = Variable(
    serving.LOG_FORMAT_ENV, f"one of {', '.join(serving.LOG_FORMATS)}", choice(*serving.LOG_FORMATS), "text"
)
HEADER_TIMEOUT = Variable(serving.HEADER_TIMEOUT_ENV, SECONDS, number(0, 1e6, above=True), 10.0)
BODY_TIMEOUT = Variable(serving.BODY_TIMEOUT_ENV, SECONDS, number(0, 1e6, above=True), 30.0)
CLIENT_REQUESTS = Variable(serving.CLIENT_REQUESTS_ENV, "a whole number of requests from 1", whole(1), 32)
FOLLOWERS = Variable(serving.FOLLOWERS_ENV, "a whole number of followers from 1", whole(1), 1000)
CLIENT_FOLLOWERS = Variable(serving.CLIENT_FOLLOWERS_ENV, "a whole number of followers from 1", whole(1), 32)
FOLLOWER_BYTES = Variable(serving.FOLLOWER_BYTES_ENV, "a whole number of bytes from 1", whole(1), 1 << 20)
RULES = Variable(RULES_ENV, A_FOLDER, folder, shown="../shared/rules beside the checkout")
FEATURES = Variable(FEATURES_ENV, A_FOLDER, folder, shown="the features/ shipped with the package")
REPORT = Variable(REPORT_ENV, A_FILE, file, shown="none")
RULEBOOK_CHECKS = Variable(DIRECTORY_ENV, A_FOLDER, folder, shown="adjudicator/rulebook in the user's cache")
PARENT = Variable(serving.PARENT_ENV, "a process id", whole(1), by_serve=True)
STARTUP_LOCK = Variable(serving.STARTUP_LOCK_ENV, A_FILE, file, by_serve=True)
THREADS = Variable(serving.THREADS_ENV, "a whole number of threads from 1", whole(1), 8, by_serve=True)
PUBLIC_URL = Variable(
    serving.PUBLIC_URL_ENV,
    "an http:// or https:// address the hall's phones reach (http://192.168.1.20:8000)",
    web_address,
    shown="the address a page was asked at; serve --hall sets the one it found",
)
CERTFILE = Variable(serving.CERTFILE_ENV, A_FILE, file, shown="none: plain HTTP")
KEYFILE = Variable(serving.KEYFILE_ENV, A_FILE, file, shown="none: plain HTTP")

#: Every ``ADJUDICATOR_*`` environment variable the service reads, by name.
VARIABLES: dict[str, Variable[Any]] = {
    v.name: v
    for v in (
        DB,
        READ_DB,
        CACHE_MB,
        GATHER_MS,
        ANONYMOUS,
        TRUSTED_PROXIES,
        LOG_FORMAT,
        HEADER_TIMEOUT,
        BODY_TIMEOUT,
        CLIENT_REQUESTS,
        FOLLOWERS,
        CLIENT_FOLLOWERS,
        FOLLOWER_BYTES,
        RULES,
        FEATURES,
        REPORT,
        RULEBOOK_CHECKS,
        PARENT,
        STARTUP_LOCK,
        THREADS,
        PUBLIC_URL,
        CERTFILE,
        KEYFILE,
    )
}


def problems(environ: Mapping[str, str] | None = None) -> list[str]:
    """One line for each variable set to something it does not accept (none: all are well)."""
    found = []
    for variable in VARIABLES.values():
        try:
            variable.get(environ)
        except ValueError as error:
            found.append(str(error))
    return found


#: ``ADJUDICATOR_*`` variables of the tests and benchmarks (docs/operations.md), not the service's.
TOOLS = frozenset({"ADJUDICATOR_CHROMIUM", "ADJUDICATOR_SHOTS", "ADJUDICATOR_BENCH_TOKEN"})


def unknown(environ: Mapping[str, str] | None = None) -> list[tuple[str, str | None]]:
    """Each ``ADJUDICATOR_*`` variable set that is no setting (a misspelt one does nothing), with
    the setting it most looks like, if any."""
    names = sorted(os.environ if environ is None else environ)
    return [
        (name, next(iter(difflib.get_close_matches(name, VARIABLES, n=1)), None))
        for name in names
        if name.startswith("ADJUDICATOR_") and name not in VARIABLES and name not in TOOLS
    ]


def budget() -> int:
    """The cache of replayed logs' budget in bytes: ``$ADJUDICATOR_CACHE_MB`` megabytes, else 64."""
    return int(CACHE_MB.value() * 1_000_000)


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
        path = DB.get(environ) or default_db_path()
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
    explicit = READ_DB.get()
    if explicit is not None:
        return explicit
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
