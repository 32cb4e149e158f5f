"""The heads-keeping recorder for PostgreSQL (``adjudicator.adapters.heads`` says what it keeps).

Its insert is the library's, in fewer and leaner round trips: the library pipelines five statements
through psycopg's pipeline mode (a third of an append's CPU in the server, in Python), where here
one simple query begins the transaction and takes the lock, one prepared statement inserts the
records and upserts the heads, and the commit ends it. Same lock (EXCLUSIVE on the events table,
so notification ids commit in order), same NOTIFY, same errors (the datastore's connection turns
psycopg's into the library's: a duplicate (id, version) is ``IntegrityError``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

from adjudicator.adapters.chain import Head
from adjudicator.adapters.heads import (
    CHAIN_MEMBER,
    ChainedEvent,
    ChainRecorder,
    Row,
    Stream,
    kind_of,
    new_heads,
)


class PostgresChainRecorder(PostgresApplicationRecorder, ChainRecorder):
    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        if datastore.enable_db_functions:  # its insert skips ``_insert_events``: no head would be kept
            msg = "POSTGRES_ENABLE_DB_FUNCTIONS bypasses the upsert of the chain heads: leave it off"
            raise ValueError(msg)
        super().__init__(datastore, events_table_name=events_table_name)
        schema = Identifier(self.datastore.schema)
        self.heads = SQL("{0}.{1}").format(schema, Identifier(f"{events_table_name}_heads"))
        self.seals = SQL("{0}.{1}").format(schema, Identifier(f"{events_table_name}_seals"))
        self.events = SQL("{0}.{1}").format(schema, Identifier(events_table_name))
        self.epoch = SQL("{0}.{1}").format(schema, Identifier(f"{events_table_name}_epoch"))
        self.first_hashed = SQL(
            "(SELECT min(notification_id) FROM {0} WHERE position('\\x{1}'::bytea in state) > 0)"
        ).format(self.events, SQL(CHAIN_MEMBER.hex()))
        self.after_epoch = SQL(
            "coalesce(e.notification_id > (SELECT notification_id FROM {0}), false)"
        ).format(self.epoch)
        self.sql_create_statements += [
            SQL(
                "CREATE TABLE IF NOT EXISTS {0} (originator_id uuid PRIMARY KEY, "
                "originator_version bigint NOT NULL, chain text)"
            ).format(self.heads),
            SQL(
                "CREATE TABLE IF NOT EXISTS {0} (originator_id uuid, originator_version bigint, "
                "chain text NOT NULL, PRIMARY KEY (originator_id, originator_version))"
            ).format(self.seals),
            SQL(
                "CREATE TABLE IF NOT EXISTS {0} (one int PRIMARY KEY CHECK (one = 1), "
                "notification_id bigint NOT NULL, secret text NOT NULL)"
            ).format(self.epoch),
            SQL(
                "INSERT INTO {0} SELECT 1, coalesce({1} - 1, (SELECT max(notification_id) FROM {2}), 0), "
                "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') "
                "WHERE NOT EXISTS (SELECT 1 FROM {0}) ON CONFLICT DO NOTHING"
            ).format(self.epoch, self.first_hashed, self.events),
        ]
        self.lock_and_notify = (
            SQL("BEGIN; SET LOCAL lock_timeout = '{0}s'; LOCK TABLE {1} IN EXCLUSIVE MODE; NOTIFY {2}")
            .format(self.datastore.lock_timeout, self.events, Identifier(self.channel_name))
            .as_string()
        )
        self.insert_with_heads = (
            SQL(
                "WITH inserted AS (INSERT INTO {0} (originator_id, originator_version, topic, state) "
                "SELECT * FROM unnest(%s::{2}[], %s::bigint[], %s::text[], %s::bytea[]) "
                "RETURNING notification_id), "
                "heads AS (INSERT INTO {1} SELECT * FROM unnest(%s::{2}[], %s::bigint[], %s::text[]) "
                "ON CONFLICT (originator_id) DO UPDATE SET "
                "originator_version = excluded.originator_version, chain = excluded.chain) "
                "SELECT notification_id FROM inserted ORDER BY notification_id"
            )
            .format(self.events, self.heads, Identifier(self.datastore.originator_id_type))
            .as_string()
        )
        self.upsert_head = SQL(
            "INSERT INTO {0} VALUES (%s, %s, %s) ON CONFLICT (originator_id) DO UPDATE SET "
            "originator_version = excluded.originator_version, chain = excluded.chain"
        ).format(self.heads)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Insert the records and upsert their streams' heads, in one transaction: their
        notification ids, in order."""
        if not stored_events:
            return []
        heads = new_heads(stored_events)
        with self.datastore.get_connection() as conn:
            try:
                with conn.cursor() as curs:
                    curs.execute(self.lock_and_notify)  # one round trip, no parameters: simple query
                    curs.execute(
                        self.insert_with_heads,
                        (
                            [stored.originator_id for stored in stored_events],
                            [stored.originator_version for stored in stored_events],
                            [stored.topic for stored in stored_events],
                            [stored.state for stored in stored_events],
                            [stream for stream, _, _ in heads],
                            [version for _, version, _ in heads],
                            [chain for _, _, chain in heads],
                        ),
                        prepare=True,
                    )
                    ids = [row["notification_id"] for row in curs.fetchall()]
                conn.execute("COMMIT")
            except BaseException:
                if not conn.closed:
                    conn.execute("ROLLBACK")
                raise
        return ids

    def query(self, statement: Any, params: Sequence[Any] = ()) -> list[DictRow]:
        """One statement, prepared, outside a transaction: one round trip, not the three of a
        transaction's BEGIN and ROLLBACK around it (a statement sees one snapshot on its own)."""
        with self.datastore.get_connection() as conn:
            conn.autocommit = True
            try:
                with conn.cursor() as curs:
                    curs.execute(statement, params, prepare=True)
                    return list(curs.fetchall())
            finally:
                if not conn.closed:  # a broken connection: its own error says what happened
                    conn.autocommit = False

    def select_head(self, stream: UUID) -> Head | None:
        statement = SQL("SELECT originator_version, chain FROM {0} WHERE originator_id = %s").format(
            self.heads
        )
        rows = self.query(statement, [stream])
        return Head(rows[0]["originator_version"], rows[0]["chain"]) if rows else None

    def select_version(self, stream: UUID) -> int | None:
        statement = SQL("SELECT max(originator_version) AS version FROM {0} WHERE originator_id = %s").format(
            self.events
        )
        version = self.query(statement, [stream])[0]["version"]
        return int(version) if version is not None else None

    def select_latest(self, stream: UUID) -> tuple[int | None, Head | None]:
        statement = SQL(
            "SELECT (SELECT max(originator_version) FROM {0} WHERE originator_id = %s) AS version, "
            "h.originator_version AS head_version, h.chain AS head_chain "
            "FROM (SELECT 1) AS one LEFT JOIN {1} AS h ON h.originator_id = %s"
        ).format(self.events, self.heads)
        row = self.query(statement, [stream, stream])[0]
        head = Head(row["head_version"], row["head_chain"]) if row["head_version"] is not None else None
        return (int(row["version"]) if row["version"] is not None else None), head

    def select_stream(
        self, stream: UUID, upto: int | None = None, after: int = 0
    ) -> tuple[list[StoredEvent], Head | None]:
        until = SQL("") if upto is None else SQL(" AND e.originator_version <= {0}").format(int(upto))
        statement = SQL(
            "SELECT h.originator_version AS head_version, h.chain AS head_chain, e.originator_version, "
            "e.topic, e.state, {3} AS after_epoch FROM (SELECT 1) AS one "
            "LEFT JOIN {0} AS h ON h.originator_id = %s "
            "LEFT JOIN {1} AS e ON e.originator_id = %s AND e.originator_version > {4}{2} "
            "ORDER BY e.originator_version"
        ).format(self.heads, self.events, until, self.after_epoch, int(after))
        rows = self.query(statement, [stream, stream])
        first = rows[0]
        head = Head(first["head_version"], first["head_chain"]) if first["head_version"] is not None else None
        records: list[StoredEvent] = [
            ChainedEvent(
                stream, row["originator_version"], row["topic"], bytes(row["state"]), bool(row["after_epoch"])
            )
            for row in rows
            if row["originator_version"] is not None
        ]
        return records, head

    def select_rows(self, streams: Sequence[UUID]) -> list[Row]:
        statement = SQL(
            "SELECT e.originator_id, e.originator_version, e.topic, e.state, h.originator_version AS hv, "
            "h.chain, {2} AS after_epoch FROM {0} AS e "
            "LEFT JOIN {1} AS h ON h.originator_id = e.originator_id WHERE e.originator_id = ANY(%s) "
            "ORDER BY e.originator_id, e.originator_version"
        ).format(self.events, self.heads, self.after_epoch)
        return [
            (
                row["originator_id"],
                row["originator_version"],
                row["topic"],
                row["state"],
                row["hv"],
                row["chain"],
                row["after_epoch"],
            )
            for row in self.query(statement, [list(streams)])
        ]

    def select_secret(self) -> str | None:
        rows = self.query(SQL("SELECT secret FROM {0}").format(self.epoch))
        return str(rows[0]["secret"]) if rows else None

    def select_epoch(self) -> tuple[int | None, int | None]:
        statement = SQL("SELECT (SELECT notification_id FROM {0}) AS epoch, {1} AS first").format(
            self.epoch, self.first_hashed
        )
        row = self.query(statement)[0]
        return row["epoch"], row["first"]

    def select_heads(self) -> dict[UUID, Head]:
        rows = self.query(SQL("SELECT originator_id, originator_version, chain FROM {0}").format(self.heads))
        return {
            UUID(str(row["originator_id"])): Head(row["originator_version"], row["chain"]) for row in rows
        }

    def select_seals(self, stream: UUID) -> dict[int, str]:
        statement = SQL("SELECT originator_version, chain FROM {0} WHERE originator_id = %s").format(
            self.seals
        )
        return {row["originator_version"]: row["chain"] for row in self.query(statement, [stream])}

    def select_streams(self) -> list[Stream]:
        statement = SQL("SELECT originator_id, MIN(topic) AS topic FROM {0} GROUP BY originator_id").format(
            self.events
        )
        return [(UUID(str(row["originator_id"])), kind_of(row["topic"])) for row in self.query(statement)]

    def insert_seals(self, stream: UUID, seals: Mapping[int, str], head: Head) -> None:
        insert = SQL("INSERT INTO {0} VALUES (%s, %s, %s) ON CONFLICT DO NOTHING").format(self.seals)
        with self.datastore.transaction(commit=True) as curs:
            for version, chain in sorted(seals.items()):
                curs.execute(insert, (stream, version, chain))
            curs.execute(self.upsert_head, (stream, head.version, head.chain))
