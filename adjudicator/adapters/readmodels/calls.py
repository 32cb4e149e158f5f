"""The ``calls`` table: each hand's calls for an official (``adjudicator.domain.calls``), one row per call, so
that the queue is a query rather than a replay of every hand (``adjudicator.adapters.call_queue`` joins
``sheet_hands`` for the tournament and table, and the claims)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from adjudicator.adapters.hand_store import HandView
from adjudicator.adapters.readmodels.tables import Row, Table, columns
from adjudicator.domain.calls import Call, hand_calls
from adjudicator.service.views import opening

CALLS = Table(
    "calls",
    columns("hand_id id status made_at ruled_at call"),
    pk=("hand_id", "id"),
    log_key="hand_id",
    index=("status",),
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


def call_from_row(row: Any) -> Call:
    """A stored row's call (its claim is not stored here: ``adjudicator.adapters.call_queue`` adds it)."""
    data = json.loads(row["call"])
    data.pop("status")
    data.pop("claims", None)  # kept in ``call_claims``, not with the hand's call
    data["citations"] = tuple(data["citations"])
    data["rulings"] = tuple(data["rulings"])
    return Call(**data)
