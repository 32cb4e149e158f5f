"""The ``call_claims`` table: who holds each claimed call and the claims' history (claimed, released,
handed over), one sealed row per call's claim log, so that a refresh of the queue is one query rather
than a read of every call's log (``calls.QueueRows``). It lives in the read models' file, which every
worker process reads and one projects (``lease.py``): sound however many serve."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.adapters.call_store import CallLogView
from adjudicator.adapters.readmodels.db import connect
from adjudicator.adapters.readmodels.sealing import Forged
from adjudicator.adapters.readmodels.tables import Projection, Rows, Table, columns

CLAIMS = Table(
    "call_claims", columns("id call claimed_by claimed_at history"), pk="id", index=("call",), sealed=True
)

#: A call's claim now: (who holds it or None, since when or None, the history oldest first).
Claim = tuple[str | None, str | None, list[dict[str, Any]]]


def rows(view: CallLogView) -> Rows:
    history = view.history()
    held = view.claim()
    by, at = held if held is not None else (None, None)
    row = {"id": str(view.id), "call": str(history[0]["call"]), "claimed_by": by, "claimed_at": at}
    return {**row, "history": json.dumps(history)}, ()


PROJECTION: Projection[CallLogView] = Projection(":CallLog.", CLAIMS, rows)


def claims(path: Path, key: bytes, calls: Collection[str] | None = None) -> Mapping[str, Claim]:
    """Every projected call's claim (``calls``: of these calls only), by call id; ``Forged`` if a
    row's seal fails (``sealing``)."""
    if calls is not None and not calls:
        return {}  # nothing asked: no connection opened
    names = list(CLAIMS.columns)
    sql, args = f"select {', '.join(names)} from {CLAIMS.name}", list(calls or ())
    if calls is not None:
        sql += f" where call in ({', '.join('?' * len(args))})"
    with connect(path) as db:
        if CLAIMS.name not in db.table_names():
            return {}
        found = db.conn.execute(sql, args).fetchall()
    held: dict[str, Claim] = {}
    for values in found:
        call, claim = claim_of(values, key)
        held[call] = claim
    return held


def claim_of(values: Sequence[Any], key: bytes) -> tuple[str, Claim]:
    """A stored row's call and claim (``values``: its columns in ``CLAIMS``' order); ``Forged`` if its
    seal fails."""
    row = dict(zip(CLAIMS.columns, values, strict=True))
    if not CLAIMS.sound(row, key):
        raise Forged(CLAIMS.name, row["id"])
    return row["call"], (row["claimed_by"], row["claimed_at"], json.loads(row["history"]))
