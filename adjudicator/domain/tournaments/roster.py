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
from adjudicator.domain.tournaments import singles
from adjudicator.domain.tournaments.events import (
    PlayerRegistered,
    SingleRegistered,
    SinglesPaired,
    TeamRegistered,
    TeamReinstated,
    TeamWithdrawn,
)
from adjudicator.domain.tournaments.sheets import Citations, Side

#: What enters the field: a team, a single, or two singles paired.
Entry = TeamRegistered | SingleRegistered | SinglesPaired


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
    #: The association's record (``adjudicator.domain.people``) of a registered player or single.
    person_of: dict[str, str] = field(default_factory=dict)
    #: Each team's players' records, where the registration linked them (plain names stay unlinked).
    people_of_team: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    #: In a final, the qualifier each team went on from (``going_on``).
    qualified_in: dict[str, str] = field(default_factory=dict)
    #: Singles not yet paired, in order of registration (Detroit II.c).
    unpaired: list[str] = field(default_factory=list)

    def register_player(self, event: PlayerRegistered | SingleRegistered) -> None:
        if event.player in self.players:
            raise IllegalEvent(f"player {event.player!r} is already registered", "player")
        self.players[event.player] = {"player": event.player, "name": event.name}
        if event.person is not None:
            self.person_of[event.player] = event.person

    def enter(
        self,
        fmt: TournamentFormat,
        event: PlayerRegistered | TeamRegistered | SingleRegistered | SinglesPaired,
        *,
        play_began: bool,
    ) -> None:
        """A player, a team, a single, or two singles paired, entered."""
        match event:
            case PlayerRegistered():
                self.register_player(event)
            case TeamRegistered():
                self.register_team(fmt, event, play_began=play_began)
            case SingleRegistered():
                self.register_single(fmt, event, play_began=play_began)
            case SinglesPaired():
                self.pair_singles(fmt, event, play_began=play_began)

    def register_single(self, fmt: TournamentFormat, event: SingleRegistered, *, play_began: bool) -> None:
        """A single entered, waiting to be paired (Detroit II.c); refused where the row takes none."""
        singles.may_enter_single(fmt.ruleset)
        if play_began:
            raise IllegalEvent(
                f"registration closed when play began ({'; '.join(str(c) for c in fmt.cite('rounds'))})",
                "player",
            )
        self.register_player(event)
        self.unpaired.append(event.player)

    def pair_singles(self, fmt: TournamentFormat, event: SinglesPaired, *, play_began: bool) -> list[str]:
        """Two singles made a team, registered as any team is; the two players paired."""
        singles.may_enter_single(fmt.ruleset)
        two = singles.pair(self.unpaired, event.players)
        team = TeamRegistered(event.team, event.number, event.name, tuple(two))
        self.register_team(fmt, team, play_began=play_began, paired=True)
        self.unpaired = [p for p in self.unpaired if p not in two]
        return two

    def register_team(
        self, fmt: TournamentFormat, event: TeamRegistered, *, play_began: bool, paired: bool = False
    ) -> None:
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
        players = self._players_of(fmt, event.players, paired)
        people = self._people_of(players, event.people)
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
        if any(p is not None for p in people):
            self.people_of_team[team] = people
        if event.qualified_in is not None:
            self.qualified_in[team] = event.qualified_in
        if fmt.registers_players or paired:
            for p in players:
                self.team_of_player[p] = team

    def _people_of(self, players: list[str], people: tuple[object, ...]) -> tuple[str | None, ...]:
        """The records of a team's players: the team's ``people`` if given, else each registered
        player's own link."""
        if not people:
            return tuple(self.person_of.get(p) for p in players)
        if len(people) != len(players) or not all(isinstance(p, str) and p for p in people):
            raise IllegalEvent("'people' names one player record for each of the team's players", "people")
        return tuple(str(p) for p in people)

    def _players_of(
        self, fmt: TournamentFormat, players: tuple[object, ...], paired: bool = False
    ) -> list[str]:
        named = [p for p in players if isinstance(p, str) and p]
        if len(named) != len(players) or len(set(named)) != len(named):
            raise IllegalEvent("players are distinct ids", "players")
        if fmt.registers_players and not paired:
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
