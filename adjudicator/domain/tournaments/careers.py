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


def teams_of(tournament: Tournament, records: Collection[str]) -> list[str]:
    """The teams the person played for, by number: linked on the team, or through a player."""
    roster = tournament.roster
    found = {team for team, people in roster.people_of_team.items() if set(people) & set(records)}
    for player, person in roster.person_of.items():
        if person in records and player in roster.team_of_player:
            found.add(roster.team_of_player[player])
    return sorted(found, key=lambda team: roster.teams[team]["number"])


def career(tournament: Tournament, records: Collection[str]) -> dict[str, Any] | None:
    """The person's part in ``tournament`` (None: they were not registered in it)."""
    roster = tournament.roster
    teams = teams_of(tournament, records)
    singles = [p for p in roster.unpaired if roster.person_of.get(p) in records]
    if not teams and not singles:
        return None
    fmt = tournament.format
    matches = [
        _match(tournament, sheet, side)
        for sheet in tournament.scores.sheets.values()
        for side in TEAMS
        if _plays(tournament, sheet.sides[side], teams)
    ]
    places = tournament.medals()["places"]
    return {
        "ruleset": fmt.ruleset,
        "name": tournament.name,
        "date": tournament._created().date,
        "teams": [
            {"team": t, "name": roster.teams[t]["name"], "number": roster.teams[t]["number"]} for t in teams
        ],
        "unpaired": bool(singles),
        "matches": matches,
        "medals": [{"place": place, "team": team} for place, team in places.items() if team in teams],
    }


def linked(tournament: Tournament) -> set[str]:
    """Every record of the registry the tournament's registrations link."""
    roster = tournament.roster
    found = set(roster.person_of.values())
    for people in roster.people_of_team.values():
        found.update(p for p in people if p is not None)
    return found


def careers(tournament: Tournament) -> dict[str, dict[str, Any]]:
    """Each linked record's part in ``tournament`` (the read models keep them: a history is then one
    read); records of the same teams share one reckoning."""
    found: dict[str, dict[str, Any]] = {}
    shared: dict[tuple[tuple[str, ...], bool], dict[str, Any] | None] = {}
    for record in sorted(linked(tournament)):
        roster = tournament.roster
        single = any(roster.person_of.get(p) == record for p in roster.unpaired)
        key = (tuple(teams_of(tournament, [record])), single)
        if key not in shared:
            shared[key] = career(tournament, [record])
        part = shared[key]
        if part is not None:
            found[record] = part
    return found


def _plays(tournament: Tournament, side: object, teams: list[str]) -> bool:
    if isinstance(side, str):
        return side in teams
    team_of = tournament.roster.team_of_player
    return any(team_of.get(str(p)) in teams for p in side)  # type: ignore[attr-defined]


def _ruling(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet's ruling in words: a forfeit says its reason, the others their detail."""
    return {"kind": ruling["kind"], "detail": ruling.get("detail") or ruling.get("reason") or ""}


def _match(tournament: Tournament, sheet: Sheet, side: Team) -> dict[str, Any]:
    fmt = tournament.format
    result = sheet.result(fmt)
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
