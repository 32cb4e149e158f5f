"""Standings and tie-breakers per rulebook, from the signed sheets of the preliminary rounds.

A signed sheet contributes a ``Tally`` to each counted team (Bid Whist) or player (Bid Euchre); the
standings sort teams by the format's keys (MATRIX.md "standings" / "tie-break" rows), then by a
recorded tie-break playoff, and name the playoff still needed where every key is equal. Floater,
withdrawn and odd-team results are left out (Detroit I Preliminary Rounds, Ontario A).

``contribution`` is what the live tournament adds or takes back as sheets change; ``compute_tallies``
folds every sheet from scratch, so a test can hold the two equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from adjudicator.domain.cards import TEAMS, other_team
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.sheets import Sheet


@dataclass
class Tally:
    """What a team or player has from the counted sheets so far."""

    played: int = 0
    won: int = 0
    tied: int = 0
    lost: int = 0
    points: int = 0
    against: int = 0
    hands_won: int = 0
    hands_played: int = 0
    bostons: int = 0
    tournament_points: int = 0

    def add(self, other: Tally, sign: int = 1) -> None:
        for name in TALLIED:  # not ``asdict``: it deep-copies, and standings add every team's tally
            setattr(self, name, getattr(self, name) + sign * getattr(other, name))

    def is_empty(self) -> bool:
        return not any(getattr(self, name) for name in TALLIED)


TALLIED = tuple(f.name for f in fields(Tally))


def contribution(fmt: TournamentFormat, sheet: Sheet) -> dict[str, Tally]:
    """What one sheet gives each counted unit: nothing until it is signed, nothing for the playoffs."""
    if sheet.stage != "round" or not sheet.signed:
        return {}
    result = sheet.result(fmt)
    out: dict[str, Tally] = {}
    for side in TEAMS:
        opponent = other_team(side)
        winner = result["winner"]
        tally = Tally(
            played=1,
            won=int(winner == side),
            tied=int(winner is None),
            lost=int(winner == opponent),
            points=result["points"][side],
            against=result["points"][opponent],
            hands_won=result["hands_won"][side],
            hands_played=result["hands"],
            bostons=result["bostons"][side],
        )
        if fmt.match_points is not None:
            win, tie, loss = fmt.match_points
            tally.tournament_points = win if winner == side else loss if winner == opponent else tie
        units = sheet.sides[side]
        for unit in (units,) if isinstance(units, str) else units:
            if unit not in sheet.uncounted:
                out[unit] = replace(tally)
    return out


def compute_tallies(fmt: TournamentFormat, sheets: Iterable[Sheet]) -> dict[str, Tally]:
    """Every sheet folded from scratch: the rebuild the live tallies must equal."""
    tallies: dict[str, Tally] = {}
    for sheet in sheets:
        for unit, tally in contribution(fmt, sheet).items():
            tallies.setdefault(unit, Tally()).add(tally)
    return {unit: t for unit, t in tallies.items() if not t.is_empty()}


def key_value(key: str, tally: Tally) -> Fraction | int:
    """One standing key. Texas's winning percentage is hands won over hands played (with five rounds
    for everyone, a percentage of rounds would never break a tie on rounds won)."""
    if key in ("rounds_won", "games_won"):
        return tally.won
    if key == "total_points":
        return tally.points
    if key == "winning_percentage":
        return Fraction(tally.hands_won, tally.hands_played) if tally.hands_played else Fraction(0)
    if key == "bostons":
        return tally.bostons
    if key == "hands_won":
        return tally.hands_won
    if key == "tournament_points":
        return tally.tournament_points
    if key == "point_differential":
        return tally.points - tally.against
    raise KeyError(key)


def _json(value: Fraction | int) -> float | int:
    return round(float(value), 4) if isinstance(value, Fraction) else value


def team_total(
    fmt: TournamentFormat, team: str, reg: Mapping[str, Any], tallies: Mapping[str, Tally]
) -> Tally:
    """A team's tally: its own (Bid Whist), or its two players' added up (Bid Euchre, Ontario D.2)."""
    tally = Tally()
    for unit in (reg.get("players") or []) if fmt.registers_players else [team]:
        if unit in tallies:
            tally.add(tallies[unit])
    return tally


def team_keys(fmt: TournamentFormat, tally: Tally) -> tuple[Fraction | int, ...]:
    """The team's standing keys, in the format's order: a team's own record, never another team's
    (no rulebook breaks a tie on head-to-head or opponents' records: MATRIX.md "standings")."""
    return tuple(key_value(k, tally) for k in fmt.standings)


def playoff_order(members: Iterable[str], tiebreaks: Sequence[Sequence[str]]) -> list[str] | None:
    """The order the latest recorded tie-break playoff covering every one of ``members`` put them in."""
    group = set(members)
    return next((list(d) for d in reversed(tiebreaks) if group <= set(d)), None)


def standing_record(
    fmt: TournamentFormat, team: str, reg: Mapping[str, Any], keys: Sequence[Fraction | int], tally: Tally
) -> dict[str, Any]:
    """One team's row of the standings table but its rank: what its own record decides (its rank
    is its place among the others, ``standing_row``)."""
    row: dict[str, Any] = {"team": team, "number": reg.get("number"), "name": reg.get("name")}
    row.update({k: _json(v) for k, v in zip(fmt.standings, keys, strict=True)})
    row.update(
        {
            "played": tally.played,
            "won": tally.won,
            "tied": tally.tied,
            "lost": tally.lost,
            "points": tally.points,
            "hands_won": tally.hands_won,
            "bostons": tally.bostons,
        }
    )
    return row


def standing_row(rank: int, record: Mapping[str, Any]) -> dict[str, Any]:
    """A row of the standings table: the rank, then the record."""
    return {"rank": rank, **record}


def tie_entry(fmt: TournamentFormat, teams: Sequence[str], rank: int) -> dict[str, Any]:
    """A group level on every key that no recorded playoff has ordered (``teams`` by number)."""
    return {
        "teams": list(teams),
        "rank": rank,
        "playoff": fmt.tiebreak_playoff,
        "citations": fmt.cite_data("tiebreak_playoff"),
    }


def table(
    fmt: TournamentFormat,
    rows: list[dict[str, Any]],
    ties: list[dict[str, Any]],
    tallies: Mapping[str, Tally],
    teams: Mapping[str, Mapping[str, Any]],
) -> dict[str, Any]:
    """The standings as answered: ``rows`` in order, ``ties`` by rank and, where players are
    registered (Ontario), each player's own points."""
    result: dict[str, Any] = {
        "basis": list(fmt.standings),
        "rows": rows,
        "ties": sorted(ties, key=lambda tie: tie["rank"]),
        "citations": fmt.cite_data("standings"),
    }
    if fmt.registers_players:
        players = [
            {
                "player": p,
                "team": row["team"],
                "tournament_points": tallies[p].tournament_points,
                "point_differential": tallies[p].points - tallies[p].against,
                "played": tallies[p].played,
            }
            for row in rows
            for p in teams[row["team"]].get("players") or []
            if p in tallies
        ]
        players.sort(key=lambda r: (-r["tournament_points"], -r["point_differential"], r["player"]))
        result["players"] = players
    return result


def standings(
    fmt: TournamentFormat,
    tallies: Mapping[str, Tally],
    teams: Mapping[str, Mapping[str, Any]],
    tiebreaks: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """The ranked table, computed afresh. ``teams``: the counted teams (id -> registration, with
    ``number``, ``name``, ``players``); ``tiebreaks``: the recorded tie-break playoffs, each an ordered
    list of teams. ``adjudicator.domain.tournaments.ranking`` keeps the same table as tallies move.

    Rows tied on every key share a rank unless a recorded playoff orders them; each such group is
    listed under ``ties`` with the playoff its rulebook names.
    """
    totals = {team: team_total(fmt, team, reg, tallies) for team, reg in teams.items()}
    keys = {team: team_keys(fmt, totals[team]) for team in teams}
    groups: dict[tuple[Fraction | int, ...], list[str]] = {}
    for team in teams:
        groups.setdefault(keys[team], []).append(team)
    decided: dict[str, int] = {}
    tied: list[list[str]] = []
    for members in groups.values():
        if len(members) < 2:
            continue
        order = playoff_order(members, tiebreaks)
        if order is not None:
            for team in members:
                decided[team] = order.index(team)
        else:
            tied.append(sorted(members, key=lambda t: teams[t].get("number", 0)))

    def sort_key(team: str) -> tuple[Any, ...]:
        return (tuple(-v for v in keys[team]), decided.get(team, 0), teams[team].get("number", 0), team)

    ordered = sorted(teams, key=sort_key)
    rows: list[dict[str, Any]] = []
    rank, previous = 0, None
    for i, team in enumerate(ordered):
        if sort_key(team)[:2] != previous:
            rank, previous = i + 1, sort_key(team)[:2]
        rows.append(standing_row(rank, standing_record(fmt, team, teams[team], keys[team], totals[team])))
    rank_of = {row["team"]: row["rank"] for row in rows}
    ties = [tie_entry(fmt, members, rank_of[members[0]]) for members in tied]
    return table(fmt, rows, ties, tallies, teams)


def day_standings(
    fmt: TournamentFormat,
    sheets: Iterable[Sheet],
    counted: Mapping[str, Mapping[str, Any]],
    tiebreaks: Sequence[Sequence[str]],
) -> list[dict[str, Any]]:
    """The standings at the end of each day: Ontario D.2 adds partners' tournament points "at the end
    of day 1 (12 games) and again at the end of day 2 (24 games)". Each day's table counts the signed
    games of that day and the days before; ``complete`` once every one of them is signed."""
    per_day = fmt.games_per_day
    if per_day is None:
        return []
    rounds = [s for s in sheets if s.stage == "round"]
    days = []
    for day in range(1, fmt.days + 1):
        last = day * per_day
        mine = [s for s in rounds if s.round <= last]
        signed = {s.round for s in mine if s.signed}
        complete = signed >= set(range(1, last + 1)) and all(s.signed for s in mine)
        table = standings(fmt, compute_tallies(fmt, mine), counted, tiebreaks)
        days.append(
            {
                "day": day,
                "games": last,
                "complete": complete,
                "standings": table,
                "citations": fmt.cite_data("days"),
            }
        )
    return days
