"""The hands' read models: a ``hands`` table (one row per hand), a ``rulings`` table, and each hand's
stored replay result (``hand_results``, declared in ``hand_results.py``)."""

from __future__ import annotations

import json
from typing import Any

from adjudicator.adapters.hand_store import HandView
from adjudicator.adapters.readmodels.calls import CALLS, call_rows
from adjudicator.adapters.readmodels.hand_results import RESULTS, result_rows
from adjudicator.adapters.readmodels.tables import Projection, Row, Rows, Table, columns
from adjudicator.service.concealment import FOUND_ON_CONCEALED
from adjudicator.service.views import opening

STATUSES = ("detected", "pending", "established", "dismissed")

HANDS = Table(
    "hands",
    columns(
        "id ruleset dealer label players opened_at version:int status"
        " contract_bidder contract_bid contract_trump contract_direction final:bool made:bool winner"
        " books_north_south:int books_east_west:int points_north_south:int points_east_west:int"
        " boston score rulings:int "
        + " ".join(f"rulings_{status}:int" for status in STATUSES)
        + " rulings_found:int"
        + " tournament opener"
    ),
    pk="id",
    index=("ruleset", "status"),
    sealed=True,
)
RULINGS = Table(
    "rulings",
    columns(
        "hand_id ruling_id kind seat team event:int book:int status"
        " detail penalty citations ruling version:int"
    ),
    pk=("hand_id", "ruling_id"),
    log_key="hand_id",
    index=("kind", "status"),
)


def hand_row(view: HandView) -> Row:
    judged = view.judged()
    score = judged.score
    contract = score["contract"] or {}
    counts = dict.fromkeys(STATUSES, 0)
    found = 0  # pending, but found on the concealed cards: counted for an official only in play
    for ruling in judged.rulings:
        counts[ruling.status] += 1
        found += ruling.status == "pending" and ruling.kind in FOUND_ON_CONCEALED
    return {
        "id": str(view.id),
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "label": view.label,
        "players": json.dumps(view.players) if view.players else None,
        "opened_at": view.opened_at,
        "version": view.version,
        "status": judged.status,
        "contract_bidder": contract.get("bidder"),
        "contract_bid": contract.get("bid"),
        "contract_trump": contract.get("trump"),
        "contract_direction": contract.get("direction"),
        "final": score["final"],
        "made": score["made"],
        "winner": score["winner"],
        "books_north_south": score["books"]["north_south"],
        "books_east_west": score["books"]["east_west"],
        "points_north_south": score["points"]["north_south"],
        "points_east_west": score["points"]["east_west"],
        "boston": score["boston"],
        "score": json.dumps(score),
        "rulings": len(judged.rulings),
        **{f"rulings_{status}": n for status, n in counts.items()},
        "rulings_found": found,
        **_whose(view),
    }


def _whose(view: HandView) -> Row:
    """The tournament the hand's log says it belongs to (``tournament``: its scope's), and for a hand
    whose log records no scope (opened before scopes were), the scorekeeper who opened it
    (``opener``), whose credential then says: what a list keeps from whoever may not know of a
    private tournament (``adjudicator.service.privacy``)."""
    found = opening(view)
    if found.scope is not None:
        return {"tournament": found.scope.get("tournament"), "opener": None}
    opened_by = found.opened_by or {}
    keeper = opened_by.get("role") == "scorekeeper"
    return {"tournament": None, "opener": opened_by.get("name") if keeper else None}


def ruling_rows(view: HandView) -> list[Row]:
    return [
        {
            "hand_id": str(view.id),
            "ruling_id": ruling["id"],
            "kind": ruling["kind"],
            "seat": ruling["seat"],
            "team": ruling["team"],
            "event": ruling["event"],
            "book": ruling["book"],
            "status": ruling["status"],
            "detail": ruling["detail"],
            "penalty": ruling["penalty"],
            "citations": "; ".join(f"{c['document']} {c['section']}" for c in ruling["citations"]),
            "ruling": json.dumps(ruling),
            "version": view.version,
        }
        for ruling in view.judged().rulings_data()
    ]


def rows(view: HandView) -> Rows:
    """The hand's row, its rulings' rows, its stored result and its calls, at the view's version."""
    return hand_row(view), [ruling_rows(view), result_rows(view), call_rows(view)]


PROJECTION: Projection[Any] = Projection(":Hand.", HANDS, rows, (RULINGS, RESULTS, CALLS))
