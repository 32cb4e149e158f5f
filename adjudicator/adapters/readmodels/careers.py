"""The players' careers read model: ``player_tournaments``, ``player_matches`` and ``player_medals``, one
row per record of the association's registry a tournament links, per tournament, match and medal.

A player's history (``service.players.history``) was every tournament's log replayed on each request;
these rows are written by the tournaments' projection (the same follow, the same rebuild) as the
domain's ``careers`` gives them, so that the history is one indexed read. Rows are kept by the record a
registration linked, not by the person: a merge recorded later changes no tournament, and the history
reads the rows of every record of the person (``Registry.records_of``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from adjudicator.adapters.readmodels.db import connect
from adjudicator.adapters.readmodels.sealing import Forged
from adjudicator.adapters.readmodels.tables import Row, Table, columns
from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.careers import careers

PLAYER_TOURNAMENTS = Table(
    "player_tournaments",
    columns("tournament_id record ruleset name date teams unpaired:bool"),
    pk=("tournament_id", "record"),
    log_key="tournament_id",
    index=("record",),
    diffed=True,
    sealed=True,
)
PLAYER_MATCHES = Table(
    "player_matches",
    columns(
        "tournament_id record position:int match stage round:int side opponents outcome"
        " points_for:int points_against:int hands rulings"
    ),
    pk=("tournament_id", "record", "position"),
    log_key="tournament_id",
    index=("record",),
    diffed=True,
    sealed=True,
)
PLAYER_MEDALS = Table(
    "player_medals",
    columns("tournament_id record place team"),
    pk=("tournament_id", "record", "place"),
    log_key="tournament_id",
    index=("record",),
    diffed=True,
    sealed=True,
)
TABLES = (PLAYER_TOURNAMENTS, PLAYER_MATCHES, PLAYER_MEDALS)


def career_rows(tournament_id: str, tournament: Tournament) -> list[list[Row]]:
    """The rows of every record ``tournament`` links: its tournaments', matches' and medals'."""
    found: list[list[Row]] = [[], [], []]
    for record, part in careers(tournament).items():
        key = {"tournament_id": tournament_id, "record": record}
        found[0].append(
            key
            | {
                "ruleset": part["ruleset"],
                "name": part["name"],
                "date": part["date"],
                "teams": json.dumps(part["teams"]),
                "unpaired": part["unpaired"],
            }
        )
        found[1] += [
            key
            | {
                "position": n,
                "match": m["match"],
                "stage": m["stage"],
                "round": m["round"],
                "side": m["side"],
                "opponents": m["opponents"],
                "outcome": m["outcome"],
                "points_for": m["points"]["for"],
                "points_against": m["points"]["against"],
                "hands": json.dumps(m["hands"]),
                "rulings": json.dumps(m["rulings"]),
            }
            for n, m in enumerate(part["matches"])
        ]
        found[2] += [key | {"place": m["place"], "team": m["team"]} for m in part["medals"]]
    return found


def _read(db: Any, table: Table, records: Collection[str], key: bytes) -> Iterable[dict[str, Any]]:
    names = list(table.columns)
    quoted = ", ".join(f'"{c}"' for c in names)
    marks = ", ".join("?" * len(records))
    order = ", position" if "position" in table.columns else ""
    query = f"select {quoted} from {table.name} where record in ({marks}) order by tournament_id{order}"
    for values in db.conn.execute(query, list(records)):
        row = dict(zip(names, values, strict=True))
        if not table.sound(row, key):
            raise Forged(table.name, row["tournament_id"])
        yield row


def read_careers(path: Path, key: bytes, records: Collection[str]) -> dict[str, dict[str, Any]]:
    """Each tournament's part of the person whose records are ``records``, by tournament id (the
    shape of the domain's ``career``, the records' parts put together); ``Forged`` if a seal fails."""
    if not records:
        return {}
    found: dict[str, dict[str, Any]] = {}
    with connect(path) as db:
        for row in _read(db, PLAYER_TOURNAMENTS, records, key):
            part = found.setdefault(
                row["tournament_id"],
                {
                    "ruleset": row["ruleset"],
                    "name": row["name"],
                    "date": row["date"],
                    "teams": [],
                    "unpaired": False,
                    "matches": [],
                    "medals": [],
                },
            )
            part["teams"] += [t for t in json.loads(row["teams"]) if t not in part["teams"]]
            part["unpaired"] = part["unpaired"] or bool(row["unpaired"])
        for row in _read(db, PLAYER_MATCHES, records, key):
            _add(found, row["tournament_id"], "matches", _match(row))
        for row in _read(db, PLAYER_MEDALS, records, key):
            _add(found, row["tournament_id"], "medals", {"place": row["place"], "team": row["team"]})
    return found


def _add(found: Mapping[str, dict[str, Any]], tournament: str, what: str, item: dict[str, Any]) -> None:
    """One match or medal of a record, once (two records of one person may share a team)."""
    part = found.get(tournament)
    if part is not None and item not in part[what]:
        part[what].append(item)


def _match(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "match": row["match"],
        "stage": row["stage"],
        "round": row["round"],
        "side": row["side"],
        "opponents": row["opponents"],
        "outcome": row["outcome"],
        "points": {"for": row["points_for"], "against": row["points_against"]},
        "hands": json.loads(row["hands"]),
        "rulings": json.loads(row["rulings"]),
    }
