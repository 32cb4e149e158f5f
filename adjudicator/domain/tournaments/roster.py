"""Who plays: registered players, teams (a floater among them), and teams that withdraw.

Bid Whist registers teams; Bid Euchre (Ontario A) registers players and pairs them into teams, and a
floater team makes up an odd number of pairs and fills in for a team that defaults. Registration
closes when play begins, except for a floater.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import (
    PlayerRegistered,
    TeamRegistered,
    TeamReinstated,
    TeamWithdrawn,
)
from adjudicator.domain.tournaments.sheets import Citations, Side


class PlayerRegistration(TypedDict):
    player: str
    name: str | None


class Withdrawal(TypedDict):
    reason: str
    at: int
    citations: Citations


class TeamRegistration(TypedDict):
    """A registered team; ``number`` orders it in the draws and the standings' ties."""

    team: str
    number: int
    name: str | None
    players: list[str]
    floater: bool
    withdrawn: Withdrawal | None


@dataclass
class Roster:
    """The registered players and teams, and which team each player plays for."""

    players: dict[str, PlayerRegistration] = field(default_factory=dict)
    teams: dict[str, TeamRegistration] = field(default_factory=dict)
    team_of_player: dict[str, str] = field(default_factory=dict)
    #: ``counted()`` kept as teams register and withdraw, for the ranking to read without a copy.
    in_standings: dict[str, TeamRegistration] = field(default_factory=dict)

    def register_player(self, event: PlayerRegistered) -> None:
        if event.player in self.players:
            raise IllegalEvent(f"player {event.player!r} is already registered", "player")
        self.players[event.player] = {"player": event.player, "name": event.name}

    def register_team(self, fmt: TournamentFormat, event: TeamRegistered, *, play_began: bool) -> None:
        team = event.team
        if team in self.teams:
            raise IllegalEvent(f"team {team!r} is already registered", "team")
        if play_began and not event.floater:
            cited = (*fmt.cite("rounds"), *fmt.entry.cite("closes"))
            raise IllegalEvent(
                "registration closed when play began; only a floater team joins later "
                f"({'; '.join(str(c) for c in cited)})",
                "team",
                citations=cited,
            )
        players = self._players_of(fmt, event.players)
        numbers = {t["number"] for t in self.teams.values()}
        number = event.number if event.number is not None else max(numbers, default=0) + 1
        if number in numbers:
            raise IllegalEvent(f"team number {number} is taken", "number")
        self.teams[team] = {
            "team": team,
            "number": number,
            "name": event.name,
            "players": players,
            "floater": event.floater,
            "withdrawn": None,
        }
        if not event.floater:
            self.in_standings[team] = self.teams[team]
        if fmt.registers_players:
            for p in players:
                self.team_of_player[p] = team

    def _players_of(self, fmt: TournamentFormat, players: tuple[object, ...]) -> list[str]:
        named = [p for p in players if isinstance(p, str) and p]
        if len(named) != len(players) or len(set(named)) != len(named):
            raise IllegalEvent("players are distinct ids", "players")
        if fmt.registers_players:
            if len(named) != 2:
                raise IllegalEvent("a team is two registered players (Bid Euchre doubles, A)", "players")
            for i, p in enumerate(named):
                if p not in self.players:
                    raise IllegalEvent(f"unknown player {p!r}: register the player first", f"players/{i}")
                if p in self.team_of_player:
                    raise IllegalEvent(
                        f"player {p!r} already plays for {self.team_of_player[p]!r}", f"players/{i}"
                    )
        return named

    def withdraw(self, fmt: TournamentFormat, event: TeamWithdrawn, at: int) -> None:
        team = self.team(event.team, "team")
        if self.teams[team]["withdrawn"] is not None:
            raise IllegalEvent(f"team {team!r} has already withdrawn", "team")
        self.stand_down(team, event.reason, at, fmt.cite_data("withdrawal"))

    def stand_down(self, team: str, reason: str, at: int, citations: Citations) -> None:
        """``team`` out of play from version ``at``: withdrawn, or its place given to another."""
        self.teams[team]["withdrawn"] = {"reason": reason, "at": at, "citations": citations}
        self.in_standings.pop(team, None)

    def reinstate(self, event: TeamReinstated) -> None:
        """A withdrawal undone: the team is in play and in the standings again."""
        team = self.team(event.team, "team")
        if self.teams[team]["withdrawn"] is None:
            raise IllegalEvent(f"team {team!r} has not withdrawn: there is nothing to undo", "team")
        self.teams[team]["withdrawn"] = None
        if not self.teams[team]["floater"]:
            self.in_standings[team] = self.teams[team]

    def team(self, team: object, where: str) -> str:
        """``team`` if it is registered; ``IllegalEvent`` at ``where`` otherwise."""
        if not isinstance(team, str) or team not in self.teams:
            raise IllegalEvent(f"unknown team {team!r}", where)
        return team

    def withdrawn(self, team: str) -> bool:
        return self.teams[team]["withdrawn"] is not None

    def members(self, side: Side) -> list[str]:
        """Who may sign for a side: the two players (Bid Euchre) or the team's registered players."""
        return list(side) if not isinstance(side, str) else list(self.teams[side]["players"])

    def placed_members(self, places: Mapping[str, str | None]) -> dict[str, list[str]]:
        """Each place's team's registered players: a medal each (Ontario E)."""
        return {name: list(self.teams[team]["players"]) for name, team in places.items() if team is not None}

    def counted(self) -> dict[str, TeamRegistration]:
        """Teams in the standings: not the floater (Ontario A), not withdrawn or eliminated."""
        return dict(self.in_standings)

    def in_play(self) -> list[str]:
        """Teams that have not withdrawn, by number."""
        return sorted(
            (t for t, reg in self.teams.items() if reg["withdrawn"] is None),
            key=lambda t: self.teams[t]["number"],
        )

    def pairing_pool(self, fmt: TournamentFormat) -> list[str]:
        """Teams that play: the counted ones, plus the floater when their number is odd (Ontario A)."""
        playing = self.in_play()
        pool = [t for t in playing if not self.teams[t]["floater"]]
        floaters = [t for t in playing if self.teams[t]["floater"]]
        if fmt.odd_team == "floater" and len(pool) % 2 and floaters:
            pool.append(floaters[0])
        return pool

    def spare_floaters(self, seated: set[str]) -> list[str]:
        """Players of a floater team still in play and not seated."""
        return [
            p
            for t in self.teams.values()
            if t["floater"] and t["withdrawn"] is None
            for p in t["players"]
            if p not in seated
        ]
