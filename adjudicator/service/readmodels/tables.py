"""How a projection's tables are declared, created and rewritten: once for hands and tournaments.

A projection keeps one row per projected log in its ``main`` table and any number of rows per log in
its ``children`` (keyed back to the log by ``log_key``). The rows of a log the event store touched
replace its old ones, inside the projector's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import sqlite_utils

Row = dict[str, Any]
#: A log's rows: its main row and, per child table in order, its child rows.
Rows = tuple[Row, Sequence[list[Row]]]
V = TypeVar("V")


TYPES = {"text": str, "int": int, "bool": bool}


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

    def ensure(self, db: sqlite_utils.Database, main: Table | None = None) -> None:
        if self.name in db.table_names():
            return
        foreign_keys = [(self.log_key, main.name, main.log_key)] if main is not None else None
        table = db.table(self.name)
        table.create(dict(self.columns), pk=self.pk, foreign_keys=foreign_keys)
        if self.index:
            table.create_index(list(self.index))

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

    def ensure(self, db: sqlite_utils.Database) -> None:
        self.main.ensure(db)
        for child in self.children:
            child.ensure(db, self.main)

    def write(self, db: sqlite_utils.Database, touched: Mapping[Any, Rows]) -> None:
        """Replace the touched logs' rows (inside the caller's transaction)."""
        if not touched:
            return
        ids = [str(log_id) for log_id in touched]
        marks = ", ".join("?" * len(ids))
        for child in self.children:
            db.conn.execute(f"delete from {child.name} where {child.log_key} in ({marks})", ids)
        self.main.upsert(db, [main for main, _ in touched.values()])
        for n, child in enumerate(self.children):
            child.insert(db, [row for _, children in touched.values() for row in children[n]])
