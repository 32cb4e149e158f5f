"""The tournaments' read models: ``tournaments``, ``standings`` and ``bracket`` tables.

``standings`` keeps each row's place (``position``) and the whole row as the domain gives it
(``row``, JSON), so that ``standings_from_rows`` gives back exactly what
``GET /tournaments/{id}/standings`` answers.

A batch writes only the standings, bracket and ``sheet_hands`` rows it changes (``Table.diffed``): a
signed sheet moves a few teams, not the field, so the rows carry no version of their own (the
tournament's is on its ``tournaments`` row) and a batch's writes grow with the change, not the field.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.service.readmodels.tables import Projection, Row, Rows, Table, columns
from adjudicator.service.tournament_store import TournamentView
from adjudicator.tournaments import Tournament

TOURNAMENTS = Table(
    "tournaments",
    columns(
        "id name ruleset game created_at version:int"
        " teams:int rounds:int matches:int signed:int gold silver bronze medals"
    ),
    pk="id",
)
STANDINGS = Table(
    "standings",
    columns(
        "tournament_id team position:int rank:int number:int name played:int won:int tied:int lost:int"
        " points:int hands_won:int bostons:int row"
    ),
    pk=("tournament_id", "team"),
    log_key="tournament_id",
    diffed=True,
)
BRACKET = Table(
    "bracket",
    columns("tournament_id match round:int higher_seed lower_seed winner"),
    pk=("tournament_id", "match"),
    log_key="tournament_id",
    diffed=True,
)
#: The hands the sheets link (one row per linked hand: its tournament, match, round and table), for
#: ``GET /hands`` to say where a hand was played.
SHEET_HANDS = Table(
    "sheet_hands",
    columns("tournament_id hand match round:int table:int"),
    pk=("tournament_id", "hand"),
    log_key="tournament_id",
    index=("hand",),
    diffed=True,
)
#: What the ``standings`` table keeps of each row besides the row itself.
STANDING_COLUMNS = ("number", "name", "played", "won", "tied", "lost", "points", "hands_won", "bostons")


def standings_rows(tournament_id: str, standings: Mapping[str, Any]) -> list[Row]:
    """One row per team, in standing order."""
    return [
        {
            "tournament_id": tournament_id,
            "team": row["team"],
            "position": i,
            "rank": row["rank"],
            **{column: row.get(column) for column in STANDING_COLUMNS},
            "row": json.dumps(row, sort_keys=True),
        }
        for i, row in enumerate(standings["rows"])
    ]


#: Each live tournament's standings rows and the ``standings_version`` they were made at: a hand
#: scored on an open sheet (most events) leaves them as they were, so they are not sorted again.
_kept: weakref.WeakKeyDictionary[Tournament, tuple[int, list[Row]]] = weakref.WeakKeyDictionary()
_kept_lock = threading.Lock()


def kept_standings_rows(tournament_id: str, t: Tournament) -> list[Row]:
    """``standings_rows`` of the tournament, made again only when its standings may have changed."""
    with _kept_lock:
        kept = _kept.get(t)
    if kept is not None and kept[0] == t.standings_version:
        return kept[1]
    rows = standings_rows(tournament_id, t.standings())
    with _kept_lock:
        _kept[t] = (t.standings_version, rows)
    return rows


def standings_from_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The domain's standings rows back from the table's rows (ordered by ``position``)."""
    return [json.loads(r["row"]) for r in sorted(rows, key=lambda r: int(r["position"]))]


def bracket_rows(tournament_id: str, bracket: Mapping[str, Any] | None) -> list[Row]:
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
            }
        )
    return rows


def sheet_hand_rows(tournament_id: str, sheets: Iterable[Any]) -> list[Row]:
    """Each hand a sheet links (a forfeit's line names no stored hand)."""
    found: dict[str, Row] = {}
    for sheet in sheets:
        for line in sheet.lines:
            if line.source == "hand" and line.hand not in found:
                found[line.hand] = {
                    "tournament_id": tournament_id,
                    "hand": line.hand,
                    "match": sheet.match,
                    "round": sheet.round,
                    "table": sheet.table,
                }
    return list(found.values())


def rows(view: TournamentView) -> Rows:
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
        **{place: medals["places"].get(place) for place in ("gold", "silver", "bronze")},
        "medals": json.dumps(medals, sort_keys=True),
    }
    return tournament, [
        kept_standings_rows(tid, t),
        bracket_rows(tid, bracket),
        sheet_hand_rows(tid, t.sheets.values()),
    ]


PROJECTION: Projection[Any] = Projection(
    ":TournamentLog.", TOURNAMENTS, rows, (STANDINGS, BRACKET, SHEET_HANDS)
)
