"""Each stream's head (the version and chain of its last record), kept in the same transaction as
its events, and the seals of records stored before the chain existed.

The recorders here are the library's SQLite and PostgreSQL application recorders with two more
tables: ``heads`` (one row per stream, upserted by every insert of events, in the insert's own
transaction, so the head can never disagree with a committed append) and ``seals`` (one row per
record sealed by ``adjudicator verify --seal``; written once, never by an append). A group commit
that saves several streams' events in one transaction upserts each stream's head once, in stream
order (PostgreSQL then locks the head rows in one order: two commits cannot deadlock). The event
store chooses them through the library's ``APPLICATION_RECORDER_TOPIC`` setting
(``recorder_topic``).

A head's ``chain`` is read from the last event's stored state (its ``chain`` member); the tables
are ``chain_heads``/``chain_seals`` beside SQLite's ``stored_events``, and ``<events table>_heads``/
``_seals`` in PostgreSQL's schema.

A third table, ``chain_epoch`` (``_epoch``), holds one number and a secret, written once when the
recorder first opens the store: the last notification id stored *before* the store kept chains (0 for a store
begun with them). Every record read says whether it was stored after it (``ChainedEvent``): such a
record without hashes had them stripped, even when its stream's head row went with them, so it is
tampering, not history (``chain.check``). It is the position of the first record stored with hashes,
less one, or the last record's when none has any: opened again after the row was deleted, the
recorder writes it from there again; ``adjudicator verify`` names an epoch moved past a hashed record.
The secret (random) is the key the read models seal their rows with: what the event store vouches
for, a read-model file cannot forge (``adjudicator.adapters.readmodels.sealing``).
"""

from __future__ import annotations

import json
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore

from adjudicator.adapters.chain import Head

#: What every record stored with hashes holds, in its stored state (the transcoder's compact JSON).
CHAIN_MEMBER = b'"chain":"'


@dataclass(frozen=True)
class ChainedEvent(StoredEvent):
    """A stored record, and whether it was stored after the store's epoch (when it began its chains):
    then it must carry its hashes."""

    after_epoch: bool = False


#: A stream and its kind (the aggregate class named by its records' topic: ``Hand``, ``TournamentLog``).
Stream = tuple[UUID, str]
#: A row of ``ChainRecorder.select_rows``: stream, version, topic, state, head version, head chain,
#: whether the record was stored after the store's epoch (``ChainedEvent``).
Row = tuple[Any, int, str, Any, int | None, str | None, Any]


def recorder_topic(module: str) -> str | None:
    """The topic of the heads-keeping recorder for a persistence module (None: the library's)."""
    if module.endswith("sqlite"):
        return f"{__name__}:SQLiteChainRecorder"
    if module.endswith("postgres"):
        return "adjudicator.adapters.heads_postgres:PostgresChainRecorder"
    return None


def kind_of(topic: str) -> str:
    """``adjudicator.adapters.hand_store:Hand.Recorded`` -> ``Hand``."""
    return topic.rpartition(":")[2].split(".")[0]


def new_heads(stored_events: Sequence[StoredEvent]) -> list[tuple[UUID, int, str | None]]:
    """Each stream's last event of a batch: (stream, version, chain), in stream order."""
    last: dict[UUID, StoredEvent] = {}
    for stored in stored_events:
        stream = stored.originator_id
        stream = stream if isinstance(stream, UUID) else UUID(stream)
        seen = last.get(stream)
        if seen is None or stored.originator_version > seen.originator_version:
            last[stream] = stored
    heads = []
    for stream in sorted(last, key=str):
        stored = last[stream]
        try:
            chain = json.loads(stored.state).get("chain")
        except (ValueError, AttributeError):
            chain = None
        heads.append((stream, stored.originator_version, chain if isinstance(chain, str) else None))
    return heads


class ChainRecorder(ABC):
    """What the integrity checks read besides the events: heads, seals, the streams."""

    @abstractmethod
    def select_head(self, stream: UUID) -> Head | None: ...

    @abstractmethod
    def select_version(self, stream: UUID) -> int | None:
        """The stream's last stored version (None: no record), from its records: what every read of a
        cached log asks first, so one statement, one round trip."""

    @abstractmethod
    def select_latest(self, stream: UUID) -> tuple[int | None, Head | None]:
        """The stream's last stored version and its recorded head, in one statement (one round trip):
        what a stored replay result is compared with before it is served in place of a replay."""

    @abstractmethod
    def select_stream(
        self, stream: UUID, upto: int | None = None, after: int = 0
    ) -> tuple[list[StoredEvent], Head | None]:
        """A stream's records (after version ``after``, up to ``upto``: ``ChainedEvent`` records) and its
        head, read in one statement: as they stood together at one moment, even while other
        processes append."""

    @abstractmethod
    def select_rows(self, streams: Sequence[UUID]) -> list[Row]:
        """The records of many streams, ordered by stream and version, each row with its stream's head
        joined on, in one statement: how a rebuild reads a chunk of logs (``streams``)."""

    @abstractmethod
    def select_secret(self) -> str | None:
        """The store's secret (None: its row was deleted): 256 random bits written with the epoch,
        that the read models seal their rows with (``readmodels.sealing``)."""

    @abstractmethod
    def select_epoch(self) -> tuple[int | None, int | None]:
        """The store's epoch (None: its row was deleted) and the first notification id stored with
        hashes (None: none is)."""

    @abstractmethod
    def select_heads(self) -> dict[UUID, Head]: ...

    @abstractmethod
    def select_seals(self, stream: UUID) -> dict[int, str]: ...

    @abstractmethod
    def select_streams(self) -> list[Stream]:
        """Every stream with at least one stored record, and its kind."""

    @abstractmethod
    def insert_seals(self, stream: UUID, seals: Mapping[int, str], head: Head) -> None:
        """Seal a stream's records (version -> chain) and record its head, in one transaction."""


def secret_of(recorder: Any) -> bytes:
    """The store's secret (``ChainRecorder.select_secret``), written again if its row was deleted; a
    store that keeps none (in memory) has one for this process."""
    if not isinstance(recorder, ChainRecorder):
        return secrets.token_hex(32).encode()
    found = recorder.select_secret()
    if found is None:
        recorder.create_table()  # type: ignore[attr-defined]  # writes the epoch's row again
        found = recorder.select_secret()
    return str(found).encode()


class SQLiteChainRecorder(SQLiteApplicationRecorder, ChainRecorder):
    HEADS = "chain_heads"
    SEALS = "chain_seals"
    EPOCH = "chain_epoch"

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)

    def create_table(self) -> None:
        """The library's statements, in a transaction that takes the write lock first. The library's
        begins by reading (the tables already there), and the epoch's row is a write in it: SQLite
        refuses that write at once ("database is locked"), without waiting for the lock, when
        another connection has committed since the transaction began, as a worker's start beside
        another worker's appends does. Taken first, the lock is waited for, as every write waits."""
        with self.datastore.get_connection(commit=True) as connection:
            cursor = connection.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                for statement in self.create_table_statements:
                    cursor.execute(statement)
            except BaseException:
                connection.rollback()
                raise
            connection.commit()

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.HEADS} (originator_id TEXT PRIMARY KEY, "
            "originator_version INTEGER NOT NULL, chain TEXT)",
            f"CREATE TABLE IF NOT EXISTS {self.SEALS} (originator_id TEXT, originator_version INTEGER, "
            "chain TEXT NOT NULL, PRIMARY KEY (originator_id, originator_version))",
            f"CREATE TABLE IF NOT EXISTS {self.EPOCH} (one INTEGER PRIMARY KEY CHECK (one = 1), "
            "notification_id INTEGER NOT NULL, secret TEXT NOT NULL)",
            f"INSERT OR IGNORE INTO {self.EPOCH} SELECT 1, coalesce({self.first_hashed()} - 1, "
            f"(SELECT max(rowid) FROM {self.events_table_name}), 0), lower(hex(randomblob(32))) "
            f"WHERE NOT EXISTS (SELECT 1 FROM {self.EPOCH})",
        ]

    def first_hashed(self) -> str:
        member = f"X'{CHAIN_MEMBER.hex()}'"
        return f"(SELECT min(rowid) FROM {self.events_table_name} WHERE instr(state, {member}) > 0)"

    def after_epoch(self) -> str:
        """The SQL of whether the record ``e`` was stored after the epoch (false without an epoch)."""
        return f"coalesce(e.rowid > (SELECT notification_id FROM {self.EPOCH}), 0)"

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Insert the records and upsert their streams' heads, in one transaction: their
        notification ids, in order (the library's insert, through its public statement and
        transaction, with the heads beside it)."""
        with self.datastore.transaction(commit=True) as c:
            ids = []
            for stored in stored_events:
                stream = stored.originator_id
                row = (stream.hex if isinstance(stream, UUID) else stream, stored.originator_version)
                c.execute(self.insert_events_statement, (*row, stored.topic, stored.state))
                ids.append(c.lastrowid)
            for stream, version, chain in new_heads(stored_events):
                self.upsert_head(c, stream, Head(version, chain))
            return ids

    def upsert_head(self, c: SQLiteCursor, stream: UUID, head: Head) -> None:
        c.execute(
            f"INSERT INTO {self.HEADS} VALUES (?,?,?) ON CONFLICT (originator_id) DO UPDATE SET "
            "originator_version = excluded.originator_version, chain = excluded.chain",
            (stream.hex, head.version, head.chain),
        )

    def query(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement on a pooled connection, in its autocommit mode: a statement sees one snapshot
        on its own, so the BEGIN and ROLLBACK of the library's transaction around it are not needed
        (they were most of the cost of a read's version check)."""
        with self.datastore.get_connection(commit=False) as conn, conn.cursor() as cursor:
            cursor.execute(statement, params)
            return list(cursor.fetchall())

    def select_head(self, stream: UUID) -> Head | None:
        rows = self.query(
            f"SELECT originator_version, chain FROM {self.HEADS} WHERE originator_id=?", [stream.hex]
        )
        return Head(rows[0][0], rows[0][1]) if rows else None

    def select_version(self, stream: UUID) -> int | None:
        rows = self.query(
            f"SELECT max(originator_version) FROM {self.events_table_name} WHERE originator_id=?",
            [stream.hex],
        )
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    def select_latest(self, stream: UUID) -> tuple[int | None, Head | None]:
        rows = self.query(
            f"SELECT (SELECT max(originator_version) FROM {self.events_table_name} WHERE originator_id = ?), "
            f"h.originator_version, h.chain FROM (SELECT 1) AS one "
            f"LEFT JOIN {self.HEADS} AS h ON h.originator_id = ?",
            [stream.hex, stream.hex],
        )
        version, head_version, chain = rows[0]
        return version, (Head(head_version, chain) if head_version is not None else None)

    def select_stream(
        self, stream: UUID, upto: int | None = None, after: int = 0
    ) -> tuple[list[StoredEvent], Head | None]:
        until = "" if upto is None else f" AND e.originator_version <= {int(upto)}"
        rows = self.query(
            "SELECT h.originator_version, h.chain, e.originator_version, e.topic, e.state, "
            f"{self.after_epoch()} FROM (SELECT 1) AS one "
            f"LEFT JOIN {self.HEADS} AS h ON h.originator_id = ? "
            f"LEFT JOIN {self.events_table_name} AS e ON e.originator_id = ? "
            f"AND e.originator_version > {int(after)}{until} ORDER BY e.originator_version",
            [stream.hex, stream.hex],
        )
        head = Head(rows[0][0], rows[0][1]) if rows[0][0] is not None else None
        records: list[StoredEvent] = [
            ChainedEvent(stream, row[2], row[3], row[4], bool(row[5])) for row in rows if row[2] is not None
        ]
        return records, head

    def select_rows(self, streams: Sequence[UUID]) -> list[Row]:
        marks = ", ".join("?" * len(streams))
        rows: list[Row] = self.query(
            "SELECT e.originator_id, e.originator_version, e.topic, e.state, h.originator_version, h.chain, "
            f"{self.after_epoch()} FROM {self.events_table_name} AS e LEFT JOIN {self.HEADS} AS h "
            f"ON h.originator_id = e.originator_id WHERE e.originator_id IN ({marks}) "
            "ORDER BY e.originator_id, e.originator_version",
            [stream.hex for stream in streams],
        )
        return rows

    def select_secret(self) -> str | None:
        rows = self.query(f"SELECT secret FROM {self.EPOCH}")
        return str(rows[0][0]) if rows else None

    def select_epoch(self) -> tuple[int | None, int | None]:
        rows = self.query(f"SELECT (SELECT notification_id FROM {self.EPOCH}), {self.first_hashed()}")
        return rows[0][0], rows[0][1]

    def select_heads(self) -> dict[UUID, Head]:
        rows = self.query(f"SELECT originator_id, originator_version, chain FROM {self.HEADS}")
        return {UUID(row[0]): Head(row[1], row[2]) for row in rows}

    def select_seals(self, stream: UUID) -> dict[int, str]:
        rows = self.query(
            f"SELECT originator_version, chain FROM {self.SEALS} WHERE originator_id=?", [stream.hex]
        )
        return {row[0]: row[1] for row in rows}

    def select_streams(self) -> list[Stream]:
        """The distinct ids from the primary key's index and one indexed look-up of each stream's first
        record: a ``GROUP BY`` reads every record's row instead, the whole file (4.4 s against 1.5 s
        for 100k hands with the file cached, 23 s cold)."""
        table = self.events_table_name
        rows = self.query(
            f"SELECT d.originator_id, (SELECT e.topic FROM {table} AS e "
            f"WHERE e.originator_id = d.originator_id ORDER BY e.originator_version LIMIT 1) "
            f"FROM (SELECT DISTINCT originator_id FROM {table}) AS d"
        )
        return [(UUID(row[0]), kind_of(row[1])) for row in rows]

    def insert_seals(self, stream: UUID, seals: Mapping[int, str], head: Head) -> None:
        with self.datastore.transaction(commit=True) as c:
            for version, chain in sorted(seals.items()):
                c.execute(f"INSERT OR IGNORE INTO {self.SEALS} VALUES (?,?,?)", (stream.hex, version, chain))
            self.upsert_head(c, stream, head)
