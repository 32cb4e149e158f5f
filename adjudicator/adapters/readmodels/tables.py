"""How a projection's tables are declared, created and rewritten: once for hands and tournaments.

A projection keeps one row per projected log in its ``main`` table and any number of rows per log in
its ``children`` (keyed back to the log by ``log_key``). The rows of a log the event store touched
replace its old ones, inside the projector's transaction.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Generic, TypeVar

import sqlite_utils

from adjudicator.adapters.readmodels.sealing import MAC, mac

Row = dict[str, Any]
#: A log's rows: its main row and, per child table in order, its child rows.
Rows = tuple[Row, Sequence[list[Row]]]
V = TypeVar("V")


TYPES = {"text": str, "int": int, "bool": bool}


def _getter(items: Sequence[Any]) -> Callable[[Any], tuple[Any, ...]]:
    """A row's values at ``items``, always as a tuple (``itemgetter`` of one item gives the item)."""
    get = itemgetter(*items)
    return (lambda row: (get(row),)) if len(items) == 1 else get


def columns(spec: str) -> dict[str, type]:
    """A table's columns from ``"name name:int name:bool ..."``, in order (text unless said otherwise)."""
    named = (column.partition(":") for column in spec.split())
    return {name: TYPES[kind or "text"] for name, _, kind in named}


@dataclass(frozen=True)
class Table:
    """One table of a read model: its columns, its primary key, its indexes."""

    name: str
    columns: Mapping[str, type]
    pk: str | tuple[str, ...]
    log_key: str = "id"
    index: Sequence[str] = ()
    #: Further indexes, each of its columns: what a keyset page reads in order (``calls``).
    indexes: Sequence[Sequence[str]] = ()
    #: Whether a log's new rows replace only those that changed (``replace``), not all of them.
    diffed: bool = False

    #: Whether its rows carry a seal (``sealing``): those of every table the service serves from.
    sealed: bool = False

    def __post_init__(self) -> None:
        """A sealed table's last column is its rows' seal."""
        if self.sealed and MAC not in self.columns:
            object.__setattr__(self, "columns", {**self.columns, MAC: str})

    def seal(self, rows: Sequence[Row], key: bytes) -> Sequence[Row]:
        """The rows with their seals (as they are, for a table that keeps none)."""
        if not self.sealed:
            return rows
        names = [name for name in self.columns if name != MAC]
        return [{**row, MAC: mac(key, self.name, [row[name] for name in names])} for row in rows]

    def sound(self, row: Mapping[str, Any], key: bytes) -> bool:
        """Whether a stored row (every column, by name) is as the projector sealed it."""
        names = [name for name in self.columns if name != MAC]
        stored = row.get(MAC)
        return isinstance(stored, str) and hmac.compare_digest(
            stored, mac(key, self.name, [row[name] for name in names])
        )

    def ensure(self, db: sqlite_utils.Database, main: Table | None = None) -> bool:
        """Create the table, or create it again when its columns are not these (a file written by an
        older version: the rows are derived, so the projector refills them). Whether it did. An index
        added since the file was written is made on the rows there are: they need no projecting again."""
        table = db.table(self.name)
        if self.name in db.table_names():
            if list(table.columns_dict) == list(self.columns):
                self._index(table)
                return False
            table.drop()
        foreign_keys = [(self.log_key, main.name, main.log_key)] if main is not None else None
        table.create(dict(self.columns), pk=self.pk, foreign_keys=foreign_keys)
        self._index(table)
        return True

    def _index(self, table: sqlite_utils.db.Table) -> None:
        for index in (self.index, *self.indexes):
            if index:
                table.create_index(list(index), if_not_exists=True)

    def upsert(self, db: sqlite_utils.Database, rows: Sequence[Row]) -> None:
        """Insert the rows, or update the ones whose key is there (one prepared statement for all)."""
        keys = (self.pk,) if isinstance(self.pk, str) else self.pk
        names = list(self.columns)
        update = ", ".join(f"[{name}] = excluded.[{name}]" for name in names if name not in keys)
        db.conn.executemany(
            f"{self._insert(names)} on conflict ({', '.join(keys)}) do update set {update}",
            [[row[name] for name in names] for row in rows],
        )

    def insert(self, db: sqlite_utils.Database, rows: Sequence[Row]) -> None:
        names = list(self.columns)
        db.conn.executemany(self._insert(names), [[row[name] for name in names] for row in rows])

    def replace(self, db: sqlite_utils.Database, log_ids: Sequence[str], rows: Sequence[Row]) -> None:
        """Make the logs' rows these: the ones that changed are written, the ones gone deleted, the
        others left alone, so that a batch costs what it changes (a tournament's standings)."""
        if not self.diffed:
            marks = ", ".join("?" * len(log_ids))
            db.conn.execute(f"delete from {self.name} where {self.log_key} in ({marks})", log_ids)
            self.insert(db, rows)
            return
        keys = (self.pk,) if isinstance(self.pk, str) else self.pk
        names = list(self.columns)
        key_of, values_of = _getter(keys), _getter(names)
        stored_key = _getter([names.index(key) for key in keys])
        marks = ", ".join("?" * len(log_ids))
        quoted = ", ".join(f"[{name}]" for name in names)
        stored = {
            stored_key(row): row
            for row in db.conn.execute(
                f"select {quoted} from [{self.name}] where {self.log_key} in ({marks})", log_ids
            )
        }
        fresh = {key_of(row): values_of(row) for row in rows}
        where = " and ".join(f"[{key}] = ?" for key in keys)
        db.conn.executemany(f"delete from [{self.name}] where {where}", [k for k in stored if k not in fresh])
        changed = [dict(zip(names, row, strict=True)) for k, row in fresh.items() if stored.get(k) != row]
        self.upsert(db, changed)

    def _insert(self, names: Sequence[str]) -> str:
        quoted = ", ".join(f"[{name}]" for name in names)
        return f"insert into [{self.name}] ({quoted}) values ({', '.join('?' * len(names))})"


@dataclass(frozen=True)
class Projection(Generic[V]):
    """The tables of one kind of log, and its rows from the log's view at one version."""

    #: What the stored events' topics of this kind of log contain (``:Hand.``, ``:TournamentLog.``).
    topic: str
    main: Table
    rows: Callable[[V], Rows]
    children: tuple[Table, ...] = field(default=())

    @property
    def tables(self) -> tuple[str, ...]:
        """Its tables, in the order they can be dropped."""
        return (*(child.name for child in self.children), self.main.name)

    def claims(self, topic: str) -> bool:
        return self.topic in topic

    def ensure(self, db: sqlite_utils.Database) -> bool:
        """Create the missing tables (or those of another shape): whether any was."""
        created = self.main.ensure(db)
        for child in self.children:
            created = child.ensure(db, self.main) or created
        return created

    def write(self, db: sqlite_utils.Database, touched: Mapping[Any, Rows], key: bytes) -> None:
        """Replace the touched logs' rows (inside the caller's transaction), sealed with ``key``."""
        if not touched:
            return
        ids = [str(log_id) for log_id in touched]
        self.main.upsert(db, self.main.seal([main for main, _ in touched.values()], key))
        for n, child in enumerate(self.children):
            rows = [row for _, children in touched.values() for row in children[n]]
            child.replace(db, ids, child.seal(rows, key))
