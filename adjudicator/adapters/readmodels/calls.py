"""The officials' queue in the read models: the ``calls`` table, each hand's calls for an official
(``adjudicator.domain.officials_queue``), one row per call, and ``QueueRows``, what the queue's use
cases read of it (the ``QueueRows`` port): a hand's calls joined with ``sheet_hands`` for the
tournament and table (a hand not on a sheet yet has its opening's scope) and with their claims'
rows (``claims``), the tournaments whose sheets' disputes are calls too. One query each, however
many calls, on a connection kept per thread (``db.Kept``): a refresh of the queue replays no log,
and a page opens no connection."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.adapters.hand_store import HandView
from adjudicator.adapters.readmodels.claims import CLAIMS, claim_of, claims
from adjudicator.adapters.readmodels.db import Kept, position
from adjudicator.adapters.readmodels.tables import Row, Table, columns
from adjudicator.domain.officials_queue import QueuedCall, hand_calls
from adjudicator.pacing import pace
from adjudicator.service.concealment import in_play
from adjudicator.service.results import HandFacts
from adjudicator.service.views import opening

CALLS = Table(
    "calls",
    columns("hand_id id status made_at ruled_at call"),
    pk=("hand_id", "id"),
    log_key="hand_id",
    index=("status",),
    indexes=(("made_at", "id"),),  # the queue's order, read a page at a time from a cursor
)


def call_rows(view: HandView) -> list[Row]:
    """The hand's calls, each with the tournament and table its log records (a hand opened at a
    table's phone is at that table from its first event, long before it goes on a match's sheet)."""
    log = view.aggregate.log[: view.version]
    scope = opening(view).scope or {}
    calls = hand_calls(
        str(view.id),
        view.ruleset,
        view.dealer,
        [item["entry"] for item in log],
        [item["recorded_at"] for item in log],
        view.label,
        conflicted=bool(view.table.conflicts)
        or view.table.result is not None  # its books entered may disagree with it at any event
        or any(item["entry"].get("type") == "correct_record" for item in log),
    )
    return [
        {
            "hand_id": str(view.id),
            "id": call.id,
            "status": call.status,
            "made_at": call.made_at,
            "ruled_at": call.ruled_at,
            "call": json.dumps(call.to_dict()),
        }
        for call in (replace(c, tournament=scope.get("tournament"), table=scope.get("table")) for c in calls)
    ]


def call_from_row(row: Any, **where: Any) -> QueuedCall:
    """A stored row's call (its claim is not stored here: the queue's use cases add it), with the
    place ``where`` says (its tournament, match and table, when the sheets know better)."""
    data = json.loads(row["call"])
    data.pop("status")
    data.pop("claims", None)  # kept in ``call_claims``, not with the hand's call
    data["citations"] = tuple(data["citations"])
    data["rulings"] = tuple(data["rulings"])
    data.update(where)
    return QueuedCall(**data)


HAND_CALLS = f"""
select c.hand_id, c.call, h.status, r.opened_by, r.dealt_by, r.scope, s.tournament_id, s.match, s."table",
{", ".join(f"k.{name}" for name in CLAIMS.columns)}
from calls c
join hands h on h.id = c.hand_id
left join hand_results r on r.hand_id = c.hand_id
left join sheet_hands s on s.hand = c.hand_id
left join {CLAIMS.name} k on k.call = c.id
"""


class QueueRows:
    """The queue's rows in the read models at ``path`` (the claims' rows sealed with ``key``)."""

    def __init__(self, path: Path, key: bytes) -> None:
        self.path = path
        self.key = key
        self.reading = Kept(path)  # a page of the queue is read often: no connection opened each time

    def position(self) -> int:
        """How far the read models have followed the event store (claims included): the queue can
        only have changed when this has."""
        return position(self.path)

    def hand_calls(
        self, after: tuple[str, str] | None = None, limit: int | None = None, hand: str | None = None
    ) -> list[tuple[QueuedCall, HandFacts]]:
        """The hands' calls in the queue's order (made at, then id), at a sheet's table, else the one
        its hand opened at, each with its claim: those after ``after`` (a call's made at and id), at
        most ``limit``, of one ``hand``; each page one query on one connection, read in order from
        the index on (made at, id); ``Forged`` if a claim's seal fails."""
        where: list[str] = []
        args: list[str | int] = []
        if after is not None:
            where.append("(c.made_at, c.id) > (?, ?)")
            args += list(after)
        if hand is not None:
            where.append("c.hand_id = ?")
            args.append(hand)
        sql = HAND_CALLS + (f"where {' and '.join(where)} " if where else "") + "order by c.made_at, c.id"
        if limit is not None:
            sql += " limit ?"
            args.append(limit)
        rows = self.reading.rows(sql, args)
        found = []
        for hand, text, status, opened_by, dealt_by, scope, tournament, match, table, *claim in rows:
            pace()  # a long page lets the tables go first, within ``paced()`` (``adjudicator.pacing``)
            at = {"match": match} | ({"tournament": tournament} if tournament else {})
            if claim[0] is not None:
                by, since, history = claim_of(claim, self.key)[1]
                at |= {"claimed_by": by, "claimed_at": since, "claims": tuple(history)}
            call = call_from_row({"call": text}, **at | ({"table": table} if table is not None else {}))
            facts = HandFacts(in_play(status), _json(opened_by), _json(dealt_by), _json(scope), UUID(hand))
            found.append((call, facts))
        return found

    def disputed_tournaments(self) -> list[UUID]:
        """The tournaments with a dispute on a sheet: the others' logs hold no call to read."""
        found = self.reading.rows("select id from tournaments where disputes > 0")
        return [UUID(row[0]) for row in found]

    def claim_histories(
        self, calls: Collection[str] | None = None
    ) -> Mapping[str, Sequence[Mapping[str, Any]]]:
        """The projected calls' claims (``calls``: of these only; ``Forged`` if a row's seal fails)."""
        return {call: history for call, (_, _, history) in claims(self.path, self.key, calls).items()}


def _json(text: str | None) -> Any:
    return json.loads(text) if text is not None else None
