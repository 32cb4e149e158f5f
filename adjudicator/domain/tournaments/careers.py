"""What one person did in one tournament: the teams they played for, their matches with the hands
and rulings on each sheet, and the medals their teams won (a player's history, across tournaments,
is these put together by ``adjudicator.service.players``).

A person is known to a tournament by the records its registrations link (``person`` on a player or
single, ``people`` on a team): ``records`` is every record that is one person (the registry follows
merges), so a player registered under a record later merged is still found.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from adjudicator.domain.cards import TEAMS, Team
from adjudicator.domain.tournaments.replay import Tournament
from adjudicator.domain.tournaments.sheets import Sheet


def career(tournament: Tournament, records: Collection[str]) -> dict[str, Any] | None:
    """The person's part in ``tournament`` (None: they were not registered in it)."""
    reckoned = Careers(tournament)
    return reckoned.part(reckoned.teams_of(records), _single(tournament, records))


def linked(tournament: Tournament) -> set[str]:
    """Every record of the registry the tournament's registrations link."""
    roster = tournament.roster
    found = set(roster.person_of.values())
    for people in roster.people_of_team.values():
        found.update(p for p in people if p is not None)
    return found


def careers(tournament: Tournament) -> dict[str, dict[str, Any]]:
    """Each linked record's part in ``tournament``, reckoned once for all of them (the read models keep
    them, so that a history is one read): each sheet's sides are indexed by team, so a record's
    matches cost what it played, not the whole field."""
    reckoned, found = Careers(tournament), {}
    for record in sorted(linked(tournament)):
        part = reckoned.part(reckoned.teams_of([record]), _single(tournament, [record]))
        if part is not None:
            found[record] = part
    return found


def _single(tournament: Tournament, records: Collection[str]) -> bool:
    roster = tournament.roster
    return any(roster.person_of.get(p) in records for p in roster.unpaired)


class Careers:
    """One tournament's matches by team and side, each said once, and its medals."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.sheets = list(tournament.scores.sheets.values())
        self.sides: dict[str, list[tuple[int, int]]] = {}
        for i, sheet in enumerate(self.sheets):
            for j, side in enumerate(TEAMS):
                for team in _teams_on(tournament, sheet.sides[side]):
                    self.sides.setdefault(team, []).append((i, j))
        self.said: dict[tuple[int, int], dict[str, Any]] = {}
        self.results: dict[int, Mapping[str, Any]] = {}
        self.places = tournament.medals()["places"]
        self.teams: dict[str, set[str]] = {}  # each linked record's teams
        roster = tournament.roster
        for team, people in roster.people_of_team.items():
            for person in people:
                if person is not None:
                    self.teams.setdefault(person, set()).add(team)
        for player, person in roster.person_of.items():
            if player in roster.team_of_player:
                self.teams.setdefault(person, set()).add(roster.team_of_player[player])

    def teams_of(self, records: Collection[str]) -> list[str]:
        """The teams the records' person played for, by number: linked on the team, or through a
        player."""
        found = {team for record in records for team in self.teams.get(record, ())}
        return sorted(found, key=lambda team: self.tournament.roster.teams[team]["number"])

    def _said(self, at: tuple[int, int]) -> dict[str, Any]:
        if at not in self.said:
            sheet = self.sheets[at[0]]
            if at[0] not in self.results:
                self.results[at[0]] = sheet.result(self.tournament.format)
            self.said[at] = _match(self.tournament, sheet, TEAMS[at[1]], self.results[at[0]])
        return self.said[at]

    def part(self, teams: list[str], single: bool) -> dict[str, Any] | None:
        """The part of a person who played for ``teams`` (or waits as a ``single``)."""
        if not teams and not single:
            return None
        t, roster = self.tournament, self.tournament.roster
        played = sorted({at for team in teams for at in self.sides.get(team, [])})
        return {
            "ruleset": t.format.ruleset,
            "name": t.name,
            "date": t._created().date,
            "teams": [
                {"team": team, "name": roster.teams[team]["name"], "number": roster.teams[team]["number"]}
                for team in teams
            ],
            "unpaired": single,
            "matches": [self._said(at) for at in played],
            "medals": [
                {"place": place, "team": team} for place, team in self.places.items() if team in teams
            ],
        }


def _teams_on(tournament: Tournament, side: object) -> set[str]:
    """The teams a sheet's side is: the team, or the teams of its two players (Bid Euchre)."""
    if isinstance(side, str):
        return {side}
    team_of = tournament.roster.team_of_player
    return {team_of[str(p)] for p in side if str(p) in team_of}  # type: ignore[attr-defined]


def _ruling(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet's ruling in words: a forfeit says its reason, the others their detail."""
    return {"kind": ruling["kind"], "detail": ruling.get("detail") or ruling.get("reason") or ""}


def _match(tournament: Tournament, sheet: Sheet, side: Team, result: Mapping[str, Any]) -> dict[str, Any]:
    other: Team = TEAMS[1] if side == TEAMS[0] else TEAMS[0]
    winner = result.get("winner")
    return {
        "match": sheet.match,
        "stage": sheet.stage,
        "round": sheet.round,
        "side": side,
        "opponents": _named(tournament, sheet.sides[other]),
        "outcome": "open"
        if not result["over"]
        else "won"
        if winner == side
        else "tied"
        if winner is None
        else "lost",
        "points": {"for": result["tally"][side], "against": result["tally"][other]},
        "hands": [line.hand for line in sheet.lines if line.source == "hand"],
        "rulings": [_ruling(r) for r in sheet.rulings]
        + [
            {"kind": "dispute", "detail": d["text"] or d["detail"], "status": d["status"]}
            for d in sheet.disputes.values()
        ],
    }


def _named(tournament: Tournament, side: object) -> str:
    """A side as people read it: the team's name (else its id), or the two players' names."""
    roster = tournament.roster
    if isinstance(side, str):
        return roster.teams[side]["name"] or side if side in roster.teams else side
    players = [str(p) for p in side] if isinstance(side, list | tuple) else []
    names = [(roster.players[p]["name"] if p in roster.players else None) or p for p in players]
    return " and ".join(names)
