"""A tournament's standings, score sheets and bracket as tables a director hands out: a header row and
rows in words, the same for the CSV a spreadsheet opens and the page a printer prints.

A table names teams by their names and players (never by the id the log keys them by), matches as
a hall says them ("Round 2, table 3", "Semi-final 1", "Final"), sides as "North-South", and holds
nothing the tournament's JSON does not already show the same reader: it is drawn from the same read.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final
from uuid import UUID

from adjudicator.domain import words as say
from adjudicator.service.ports import Tournaments
from adjudicator.service.tournaments import overview

#: How a standings key is headed.
KEYS: Final = {
    "rounds_won": "Rounds won",
    "games_won": "Games won",
    "total_points": "Total points",
    "winning_percentage": "Winning %",
    "bostons": "Bostons",
    "hands_won": "Hands won",
    "tournament_points": "Tournament points",
    "point_differential": "Point differential",
}
SIDES: Final = ("north_south", "east_west")


@dataclass(frozen=True)
class Export:
    """One table to hand out: its title (the printed page's heading, the CSV file's name) and rows."""

    title: str
    slug: str
    header: tuple[str, ...]
    rows: list[tuple[str, ...]]

    def csv(self) -> str:
        """The table as CSV: a header row, every value text, lines ended as spreadsheets expect."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)
        return out.getvalue()


def shown_key(key: str, value: Any) -> str:
    """A standings value as the standings show it (a winning percentage as ".667")."""
    if key == "winning_percentage":
        return f"{float(value):.3f}".lstrip("0") if value is not None else "—"
    return "—" if value is None else str(value)


class Names:
    """A tournament's teams in words: a team's name, else its players ("Ann & Bob"), else its number."""

    def __init__(self, t: Mapping[str, Any]) -> None:
        self.teams: dict[str, Mapping[str, Any]] = {team["team"]: team for team in t["teams"]}
        bracket = t.get("bracket") or {}
        self.size: int = int(bracket.get("size") or 0)

    def team(self, team: object) -> str:
        if team is None:
            return ""
        if not isinstance(team, str):  # an Ontario pair: its players
            return " & ".join(str(p) for p in team)  # type: ignore[attr-defined]
        found = self.teams.get(team)
        if found is None:
            return say.words(team)
        if found.get("name"):
            return str(found["name"])
        if found.get("players"):
            return self.players(team)
        return f"Team {found['number']}" if found.get("number") is not None else say.words(team)

    def players(self, team: object) -> str:
        found = self.teams.get(team) if isinstance(team, str) else None
        return " & ".join(found.get("players") or []) if found else ""

    def match(self, match: str) -> str:
        """A match as a hall says it: "Round 2, table 3", "Semi-final 1", "Final", "Third place"."""
        if match == "final":
            return "Final"
        if match == "third_place":
            return "Third place"
        stage, _, number = match.partition("-")
        if stage.startswith("R") and number.startswith("T"):
            return f"Round {stage[1:]}, table {number[1:]}"
        if stage.startswith("P") and stage[1:].isdigit():
            return f"{self.playoff_round(int(stage[1:]))} {number}"
        return say.words(match)

    def _left(self, round_number: int) -> int:
        """How many playoff rounds are left before the final, this one included."""
        return max(self.size.bit_length() - 1, 1) - round_number

    def playoff_round(self, round_number: int) -> str:
        """A match of a playoff round, before its number: "Semi-final", "Quarter-final"."""
        left = self._left(round_number)
        return {1: "Semi-final", 2: "Quarter-final"}.get(left, f"Playoff round {round_number}, match")

    def stage(self, kind: str, round_number: int | None) -> str:
        """Where the day is, as a board heads it: "Round 2", "Playoff: semi-finals", "Final"."""
        if kind == "round":
            return f"Round {round_number}"
        if kind == "playoff":
            if round_number is None:
                return "Playoff"
            left = self._left(round_number)
            return "Playoff: " + {1: "semi-finals", 2: "quarter-finals"}.get(left, f"round {round_number}")
        return {"final": "Final", "finished": "Final results"}.get(kind, "Registration")


def standings(t: Mapping[str, Any]) -> Export:
    """Place, team, players, the rulebook's keys in its order, the record, and the playoff cut."""
    names, basis = Names(t), list(t["standings"]["basis"])
    seeds = (t.get("seeding") or {}).get("seeds") or []
    cut = int(t.get("cut") or 0)
    header = ("Place", "Team", "Players", *(KEYS.get(k, say.kind(k)) for k in basis))
    header += ("Played", "Won", "Tied", "Lost") + (("Playoff",) if cut else ())
    rows: list[tuple[str, ...]] = []
    for index, row in enumerate(t["standings"]["rows"], start=1):
        called, players = names.team(row["team"]), names.players(row["team"])
        line = [str(row["rank"]), called, "" if players == called else players]
        line += [shown_key(k, row.get(k)) for k in basis]
        line += [str(row.get(k, "")) for k in ("played", "won", "tied", "lost")]
        if cut:
            seed = f"Seed {seeds.index(row['team']) + 1}" if row["team"] in seeds else ""
            line.append(seed or ("In" if index <= cut else "Out"))
        rows.append(tuple(line))
    return Export("Standings", "standings", header, rows)


def _notes(hand: Mapping[str, Any]) -> str:
    said = []
    if hand.get("void"):
        said.append("void")
    if hand.get("boston"):
        said.append(f"Boston by {say.team(hand['boston'])}")
    if hand.get("forfeit"):
        said.append("forfeit")
    if hand.get("corrected"):
        said.append("corrected")
    if hand.get("source") == "paper":
        said.append("from the paper sheet")
    return "; ".join(said)


#: The columns of a hand on a sheet, after the match's own.
HAND_COLUMNS: Final = (
    "Hand",
    "Dealer",
    "Won by",
    "North\u2013South points",
    "East\u2013West points",
    "Notes",
)


def hand_rows(names: Names, sheet: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """A sheet's hands in words (``HAND_COLUMNS``), in the order they were played."""
    rows: list[tuple[str, ...]] = []
    for number, hand in enumerate(sheet["hands"], start=1):
        won = "" if hand.get("void") or not hand.get("winner") else names.team(sheet[hand["winner"]])
        points = [str((hand.get("points") or {}).get(side, "")) for side in SIDES]
        dealer = say.seat(hand["dealer"]) if hand.get("dealer") else ""
        rows.append((str(number), dealer, won, *points, _notes(hand)))
    return rows


def sheets(t: Mapping[str, Any]) -> Export:
    """One row a hand of every sheet (a sheet without a hand yet: one row saying so)."""
    names = Names(t)
    header = ("Match", "Table", "North\u2013South", "East\u2013West", *HAND_COLUMNS, "Sheet")
    rows: list[tuple[str, ...]] = []
    for sheet in t["sheets"]:
        match = (
            names.match(sheet["match"]),
            "" if sheet.get("table") is None else str(sheet["table"]),
            names.team(sheet["north_south"]),
            names.team(sheet["east_west"]),
        )
        status = say.sheet_status(sheet["status"])
        hands = hand_rows(names, sheet) or [("", "", "", "", "", "no hand yet")]
        rows.extend((*match, *hand, status) for hand in hands)
    return Export("Score sheets", "sheets", header, rows)


def _order(match: str) -> tuple[int, int]:
    if match in ("final", "third_place"):
        return (10_000, 0 if match == "final" else 1)
    stage, _, number = match.partition("-")
    return (int(stage[1:]) if stage[1:].isdigit() else 9_999, int(number) if number.isdigit() else 0)


def bracket(t: Mapping[str, Any]) -> Export:
    """One row a playoff match whose teams are known, in the bracket's order: both teams with their
    seeds, the table it is played at, the points and the winner."""
    names = Names(t)
    header = ("Match", "First seed", "First team", "Second seed", "Second team", "Table", "Points", "Winner")
    drawn = t.get("bracket") or {"matches": {}}
    seeds = (t.get("seeding") or {}).get("seeds") or []
    sheets = {s["match"]: s for s in t["sheets"]}
    rows: list[tuple[str, ...]] = []
    for match in sorted(drawn["matches"], key=_order):
        played = drawn["matches"][match]
        teams = list(played.get("teams") or [None, None])
        line: list[str] = [names.match(match)]
        for team in teams:
            line += [str(seeds.index(team) + 1) if team in seeds else "", names.team(team) or "a bye"]
        sheet = sheets.get(match)
        points = ""
        if sheet and sheet["hands"]:
            by_team = {sheet[side]: sheet["result"]["points"][side] for side in SIDES}
            points = "\u2013".join(str(by_team.get(team, "")) for team in teams)
        table = "" if not sheet or sheet.get("table") is None else str(sheet["table"])
        line += [table, points, names.team(played.get("winner"))]
        rows.append(tuple(line))
    return Export("Bracket", "bracket", header, rows)


EXPORTS: Final = {"standings": standings, "sheets": sheets, "bracket": bracket}


def tables(t: Mapping[str, Any], which: Iterable[str] = EXPORTS) -> list[Export]:
    return [EXPORTS[name](t) for name in which]


def export(tournaments: Tournaments, tournament_id: UUID, name: str) -> tuple[Export, int]:
    """The table ``name`` of the tournament now, and the tournament's version it was drawn at."""
    t = overview(tournaments, tournament_id)
    return EXPORTS[name](t), int(t["version"])
