"""The tournament read models: ``tournaments``, ``standings`` and ``bracket`` tables (sqlite-utils).

Written by ``adjudicator.service.readmodels.ReadModels`` in the same transaction as the hands' rows, from the
same notification log: a tournament the log touched is read from the event store as it stands and
its rows replace the old ones. ``standings`` keeps each row's place (``position``) and the whole row
as the domain gives it (``row``, JSON), so that ``standings_from_rows`` gives back exactly what
``GET /tournaments/{id}/standings`` answers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import sqlite_utils

from adjudicator.service.tournament_store import TournamentView

TOURNAMENT_TOPIC = ":TournamentLog."
TABLES = ("bracket", "standings", "tournaments")

Rows = dict[str, Any]


def is_tournament(topic: str) -> bool:
    """Whether a stored event's topic is a tournament's (not a hand's)."""
    return TOURNAMENT_TOPIC in topic


def standings_rows(tournament_id: str, standings: Mapping[str, Any], version: int) -> list[Rows]:
    """One row per team, in standing order."""
    return [
        {
            "tournament_id": tournament_id,
            "team": row["team"],
            "position": i,
            "rank": row["rank"],
            "number": row.get("number"),
            "name": row.get("name"),
            "played": row.get("played"),
            "won": row.get("won"),
            "tied": row.get("tied"),
            "lost": row.get("lost"),
            "points": row.get("points"),
            "hands_won": row.get("hands_won"),
            "bostons": row.get("bostons"),
            "row": json.dumps(row, sort_keys=True),
            "version": version,
        }
        for i, row in enumerate(standings["rows"])
    ]


def standings_from_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The domain's standings rows back from the table's rows (ordered by ``position``)."""
    return [json.loads(r["row"]) for r in sorted(rows, key=lambda r: int(r["position"]))]


def bracket_rows(tournament_id: str, bracket: Mapping[str, Any] | None, version: int) -> list[Rows]:
    if bracket is None:
        return []
    rows = []
    for match, data in bracket["matches"].items():
        teams = [*data["teams"], None, None]
        rows.append(
            {
                "tournament_id": tournament_id,
                "match": match,
                "round": data["round"],
                "higher_seed": teams[0],
                "lower_seed": teams[1],
                "winner": data.get("winner"),
                "version": version,
            }
        )
    return rows


def rows(view: TournamentView) -> tuple[Rows, list[Rows], list[Rows]]:
    """The tournament's row, its standings rows and its bracket rows, at the view's version."""
    t, tid = view.tournament, str(view.id)
    fmt = t.format
    bracket = t.bracket()
    medals = t.medals()
    tournament = {
        "id": tid,
        "name": t.name,
        "ruleset": fmt.ruleset,
        "game": fmt.game,
        "created_at": view.created_at,
        "version": view.version,
        "teams": len(t.teams),
        "rounds": len(t.rounds),
        "matches": len(t.sheets),
        "signed": sum(1 for s in t.sheets.values() if s.signed),
        "gold": medals["places"].get("gold"),
        "silver": medals["places"].get("silver"),
        "bronze": medals["places"].get("bronze"),
        "medals": json.dumps(medals, sort_keys=True),
    }
    return (
        tournament,
        standings_rows(tid, t.standings(), view.version),
        bracket_rows(tid, bracket, view.version),
    )


def ensure(db: sqlite_utils.Database) -> None:
    names = db.table_names()
    if "tournaments" not in names:
        db.table("tournaments").create(
            {
                "id": str,
                "name": str,
                "ruleset": str,
                "game": str,
                "created_at": str,
                "version": int,
                "teams": int,
                "rounds": int,
                "matches": int,
                "signed": int,
                "gold": str,
                "silver": str,
                "bronze": str,
                "medals": str,
            },
            pk="id",
        )
    if "standings" not in names:
        db.table("standings").create(
            {
                "tournament_id": str,
                "team": str,
                "position": int,
                "rank": int,
                "number": int,
                "name": str,
                "played": int,
                "won": int,
                "tied": int,
                "lost": int,
                "points": int,
                "hands_won": int,
                "bostons": int,
                "row": str,
                "version": int,
            },
            pk=("tournament_id", "team"),
            foreign_keys=[("tournament_id", "tournaments", "id")],
        )
    if "bracket" not in names:
        db.table("bracket").create(
            {
                "tournament_id": str,
                "match": str,
                "round": int,
                "higher_seed": str,
                "lower_seed": str,
                "winner": str,
                "version": int,
            },
            pk=("tournament_id", "match"),
            foreign_keys=[("tournament_id", "tournaments", "id")],
        )


def write(db: sqlite_utils.Database, touched: Mapping[Any, tuple[Rows, list[Rows], list[Rows]]]) -> None:
    """Replace the touched tournaments' rows (inside the caller's transaction)."""
    if not touched:
        return
    ids = [str(tid) for tid in touched]
    marks = ", ".join("?" * len(ids))
    for table in ("standings", "bracket"):
        db.conn.execute(f"delete from {table} where tournament_id in ({marks})", ids)
    db.table("tournaments").upsert_all([t for t, _, _ in touched.values()], pk="id")
    db.table("standings").insert_all(
        [r for _, standing, _ in touched.values() for r in standing], pk=("tournament_id", "team")
    )
    db.table("bracket").insert_all(
        [r for _, _, bracket in touched.values() for r in bracket], pk=("tournament_id", "match")
    )
