"""The ``hand_results`` table: each hand's stored replay result, and its look-up by the reads.

One row per hand, written by the hands' projection with its other rows (so the follower and
``rebuild-read-models`` both fill it): what the hand's latest reads serve
(``adjudicator.service.results``), with the head of the record it was computed at (``head_version``,
``head_chain``) and the fingerprint of the engine that computed it (``engine``), sealed
(``sealing``). A read serves it only while its seal holds and the event store's head and this
process's engine are still those
(``HandStore.stored_result``); anything else (no row, a row of another engine, a head moved on or
cut off) is read and replayed from the log, as without read models.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any
from uuid import UUID

import sqlite_utils

from adjudicator.adapters.chain import Head
from adjudicator.adapters.hand_store import HandResult, HandView
from adjudicator.adapters.readmodels.tables import Row, Table, columns
from adjudicator.service.results import engine, facts, summary_base

RESULTS = Table(
    "hand_results",
    columns(
        "hand_id head_version:int head_chain engine in_play:bool opened_by dealt_by scope summary rulings"
    ),
    pk="hand_id",
    log_key="hand_id",
    sealed=True,
)
_FIND = f"select {', '.join(RESULTS.columns)} from hand_results where hand_id = ? and engine = ?"
LOG = logging.getLogger("adjudicator.adapters.readmodels")


def result_rows(view: HandView) -> list[Row]:
    """The hand's stored result, at the view's version and chain head."""
    seen = facts(view)
    aggregate: Any = view.aggregate  # its ``chain_head`` is set by the store as it reads or appends
    return [
        {
            "hand_id": str(view.id),
            "head_version": aggregate.version,
            "head_chain": aggregate.chain_head,
            "engine": engine(),
            "in_play": seen.in_play,
            "opened_by": json.dumps(seen.opened_by) if seen.opened_by else None,
            "dealt_by": json.dumps(seen.dealt_by) if seen.dealt_by else None,
            "scope": json.dumps(seen.scope) if seen.scope is not None else None,
            "summary": json.dumps(summary_base(view)),
            "rulings": json.dumps(view.judged().rulings_data()),
        }
    ]


def stale(db: sqlite_utils.Database) -> bool:
    """Whether any stored result was computed by another engine (the code changed since)."""
    found = db.execute("select 1 from hand_results where engine != ? limit 1", [engine()]).fetchone()
    return found is not None


class StoredResults:
    """Finds a hand's stored result in the read-model file, one read-only connection per thread (kept:
    a request thread looks up many hands, and opening a connection costs more than the look-up)."""

    def __init__(self, path: Path, key: bytes) -> None:
        """``key``: the event store's secret, that the rows were sealed with (``sealing``)."""
        self.path = path
        self.key = key
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None)
            self._local.conn = conn
        return conn

    def find(self, hand_id: UUID) -> HandResult | None:
        """The hand's result, if this engine stored one and its seal holds; None also when the file
        cannot answer now (a rebuild dropping its tables): the hand is then replayed."""
        try:
            row = self._connection().execute(_FIND, [str(hand_id), engine()]).fetchone()
        except sqlite3.Error:
            self._local.conn = None
            return None
        if row is None:
            return None
        if not RESULTS.sound(dict(zip(RESULTS.columns, row, strict=True)), self.key):
            LOG.warning("read models: hand_results row of %s does not match its seal: replayed", hand_id)
            return None
        _, head_version, head_chain, _, in_play, opened_by, dealt_by, scope, summary, rulings, _ = row
        return HandResult(
            Head(head_version, head_chain), bool(in_play), opened_by, summary, rulings, dealt_by, scope
        )
