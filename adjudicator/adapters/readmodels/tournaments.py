"""The tournaments' read models: ``tournaments``, ``standings``, ``bracket`` and ``sheet_hands`` tables,
and the players' careers in them (``careers``: written whole for each tournament touched).

``standings`` keeps each row's place (``position``), its rank and the rest of the row as the domain
gives it (``record``, JSON: the team's own record, which a team moved up or down by others keeps; a
file from before, whose ``row`` held the rank too, is projected again), so that
``standings_from_rows`` gives back exactly what ``GET /tournaments/{id}/standings`` answers.

A batch costs what its events changed, not the field. The domain keeps the standings in order as
sheets change (``adjudicator.domain.tournaments.ranking``) and notes what each version changed (its
``Journal``); a tournament's rows are read as a ``Snapshot`` (its version, its standings' rows, how
much of the journal there was) and written by ``TournamentProjection.write``, which knows the
version the stored rows are at (the ``tournaments`` row's): it writes the standings rows whose record
changed, the place and rank of those others moved, the hands linked and, if the playoff moved, the
bracket since then, and nothing else. Where the stored
rows are at no version it can build on (a tournament projected for the first time, a table made
again, a rebuild) every row is written, compared with the stored ones (``Table.replace``).
"""

from __future__ import annotations

import json
import threading
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from adjudicator.adapters.readmodels.careers import TABLES as CAREERS
from adjudicator.adapters.readmodels.careers import career_rows
from adjudicator.adapters.readmodels.tables import Projection, Row, Rows, Table, columns
from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.changes import Journal
from adjudicator.domain.tournaments.ranking import Placed
from adjudicator.domain.tournaments.sheets import Sheet
from adjudicator.domain.tournaments.standings import standing_row
from adjudicator.service.views import TournamentView

TOURNAMENTS = Table(
    "tournaments",
    columns(
        "id name ruleset game created_at version:int"
        " teams:int rounds:int matches:int signed:int gold silver bronze medals board_public:bool"
        " disputes:int starts_at"
    ),
    pk="id",
    sealed=True,
)
STANDINGS = Table(
    "standings",
    columns(
        "tournament_id team position:int rank:int number:int name played:int won:int tied:int lost:int"
        " points:int hands_won:int bostons:int record"
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
    sealed=True,
)
#: What the ``standings`` table keeps of each row besides the row itself.
STANDING_COLUMNS = ("number", "name", "played", "won", "tied", "lost", "points", "hands_won", "bostons")


def standings_row(tournament_id: str, placed: Placed) -> Row:
    """A team's row of the ``standings`` table."""
    record = placed.record
    return {
        "tournament_id": tournament_id,
        "team": record["team"],
        "position": placed.position,
        "rank": placed.rank,
        **{column: record.get(column) for column in STANDING_COLUMNS},
        "record": json.dumps(record, sort_keys=True),
    }


def standings_from_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The domain's standings rows back from the table's rows (ordered by ``position``)."""
    ordered = sorted(rows, key=lambda r: int(r["position"]))
    return [standing_row(int(r["rank"]), json.loads(r["record"])) for r in ordered]


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


def sheet_hand_row(tournament_id: str, hand: str, sheet: Sheet) -> Row:
    """Where a linked hand was played (a forfeit's line names no stored hand, so has no row)."""
    return {
        "tournament_id": tournament_id,
        "hand": hand,
        "match": sheet.match,
        "round": sheet.round,
        "table": sheet.table,
    }


@dataclass
class Delta:
    """The rows of one or more tournaments changed after the versions their stored rows are at."""

    #: Standings rows whose record changed, written whole.
    records: list[Row] = field(default_factory=list)
    #: (position, rank, tournament, team) of the teams moved by others: two columns to update.
    places: list[tuple[int, int, str, str]] = field(default_factory=list)
    #: (tournament, team) of the teams gone from the standings.
    removed: list[tuple[str, str]] = field(default_factory=list)
    hands: list[Row] = field(default_factory=list)

    def add(self, other: Delta) -> None:
        self.records += other.records
        self.places += other.places
        self.removed += other.removed
        self.hands += other.hands

    def write(self, db: sqlite_utils.Database, key: bytes) -> None:
        """The standings and hands rows (a bracket that moved is written whole: its field is 64 at most)."""
        table = STANDINGS.name
        STANDINGS.upsert(db, self.records)
        db.conn.executemany(
            f"update [{table}] set position = ?, rank = ? where tournament_id = ? and team = ?", self.places
        )
        db.conn.executemany(f"delete from [{table}] where tournament_id = ? and team = ?", self.removed)
        SHEET_HANDS.upsert(db, SHEET_HANDS.seal(self.hands, key))


@dataclass
class Snapshot:
    """A tournament's rows as they stood at ``version``, read while no append could change it: its
    standings' rows (a copy of the ranking's, whose entries are never changed in place), its bracket
    rows, and how many entries its journal had, which are only ever appended to (nor is a sheet ever
    replaced): enough to write every row, or only those changed after any earlier version."""

    tournament_id: str
    version: int
    placed: dict[str, Placed]
    bracket: list[Row]
    bracket_version: int
    journal: Journal | None
    noted: int
    sheets: Mapping[str, Sheet]
    #: Every linked hand's row, made when the snapshot goes to another process (a rebuild's worker)
    #: without its journal.
    hands: list[Row] | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.update(hands=self.hand_rows(), journal=None, sheets={})
        return state

    def changed_since(self, version: int) -> Delta | None:
        """What changed after ``version``; None when only every row will do (the journal stayed
        behind, or ``version`` is past this one)."""
        if self.journal is None or version > self.version:
            return None
        changed = self.journal.since(version, self.noted)
        tid = self.tournament_id
        return Delta(
            [standings_row(tid, self.placed[team]) for team in changed.records],
            [(self.placed[team].position, self.placed[team].rank, tid, team) for team in changed.places],
            [(tid, team) for team in changed.removed],
            [sheet_hand_row(tid, hand, self.sheets[match]) for hand, match in changed.hands.items()],
        )

    def standings_rows(self) -> list[Row]:
        """Every team's row of the standings."""
        return [standings_row(self.tournament_id, placed) for placed in self.placed.values()]

    def hand_rows(self) -> list[Row]:
        """Every linked hand's row."""
        if self.hands is not None:
            return self.hands
        assert self.journal is not None
        linked = self.journal.since(0, self.noted).hands
        return [
            sheet_hand_row(self.tournament_id, hand, self.sheets[match]) for hand, match in linked.items()
        ]


#: Each live tournament's bracket rows and medals, and the versions they were made at: only a
#: playoff sheet or the seeding moves the bracket, only the standings' top the medals without one.
_kept: weakref.WeakKeyDictionary[Tournament, tuple[tuple[int, int], list[Row], dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
_kept_lock = threading.Lock()


def _bracket_and_medals(tournament_id: str, t: Tournament) -> tuple[list[Row], dict[str, Any]]:
    versions = (t.bracket_version, t.standings_version if t.format.playoff == "none" else 0)
    with _kept_lock:
        kept = _kept.get(t)
    if kept is not None and kept[0] == versions:
        return kept[1], kept[2]
    made = bracket_rows(tournament_id, t.bracket()), t.medals()
    with _kept_lock:
        _kept[t] = (versions, *made)
    return made


def rows(view: TournamentView) -> Rows:
    """The tournament's row, carrying its ``Snapshot`` (``SNAPSHOT``) for ``TournamentProjection.write``
    to write its standings, bracket and hands rows from: the child lists are left empty."""
    t, tid = view.tournament, str(view.id)
    fmt = t.format
    ranking = t.ranked()
    bracket, medals = _bracket_and_medals(tid, t)
    snapshot = Snapshot(
        tid,
        view.version,
        dict(ranking.placed),
        bracket,
        t.bracket_version,
        t.journal,
        len(t.journal),
        t.sheets,
    )
    tournament = {
        "id": tid,
        "name": t.name,
        "ruleset": fmt.ruleset,
        "game": fmt.game,
        "created_at": view.created_at,
        "starts_at": t.schedule.recorded_start() if t.schedule else None,
        "version": view.version,
        "teams": len(t.teams),
        "rounds": len(t.rounds),
        "matches": len(t.sheets),
        "signed": t.scores.signed_count,
        **{place: medals["places"].get(place) for place in ("gold", "silver", "bronze")},
        "medals": json.dumps(medals, sort_keys=True),
        "board_public": t.hall.board_public,
        "disputes": sum(len(sheet.disputes) for sheet in t.sheets.values()),
        SNAPSHOT: snapshot,
    }
    return tournament, [[], [], [], *career_rows(tid, t)]


#: The key of the tournament's row that carries its ``Snapshot`` (no column has the name).
SNAPSHOT = "snapshot"


class TournamentProjection(Projection[TournamentView]):
    """The tournaments' tables, written from each tournament's ``Snapshot`` and the stored version."""

    def ensure(self, db: sqlite_utils.Database) -> bool:
        """As ``Projection.ensure``; a table made again empties ``tournaments`` too, so that no
        stored version claims rows that are gone and every tournament is written whole again."""
        created = super().ensure(db)
        if created:
            db.conn.execute(f"delete from [{self.main.name}]")
        return created

    def write(self, db: sqlite_utils.Database, touched: Mapping[Any, Rows], key: bytes) -> None:
        """Write each touched tournament's rows changed since the version its stored row is at, or
        all of them (compared with the stored ones) where there is none to build on."""
        if not touched:
            return
        snapshots = [main[SNAPSHOT] for main, _ in touched.values()]
        ids = [s.tournament_id for s in snapshots]
        marks = ", ".join("?" * len(ids))
        stored: dict[str, int] = dict(
            db.conn.execute(f"select id, version from [{self.main.name}] where id in ({marks})", ids)
        )
        self.main.upsert(db, self.main.seal([main for main, _ in touched.values()], key))
        whole: list[Snapshot] = []
        delta = Delta()
        for snapshot in snapshots:
            since = stored.get(snapshot.tournament_id)
            changed = None if since is None else snapshot.changed_since(since)
            if since is None or changed is None:
                whole.append(snapshot)
                continue
            delta.add(changed)
            if snapshot.bracket_version > since:
                BRACKET.replace(db, [snapshot.tournament_id], snapshot.bracket)
        delta.write(db, key)
        if whole:
            every = [s.tournament_id for s in whole]
            STANDINGS.replace(db, every, [row for s in whole for row in s.standings_rows()])
            BRACKET.replace(db, every, [row for s in whole for row in s.bracket])
            SHEET_HANDS.replace(
                db, every, SHEET_HANDS.seal([row for s in whole for row in s.hand_rows()], key)
            )
        for n, table in enumerate(CAREERS, start=3):  # every row made, only those changed written
            table.replace(
                db, ids, table.seal([row for _, children in touched.values() for row in children[n]], key)
            )


PROJECTION = TournamentProjection(
    ":TournamentLog.", TOURNAMENTS, rows, (STANDINGS, BRACKET, SHEET_HANDS, *CAREERS)
)
