"""Rounds and who sat where: the tournament's schedule, its recorded draws and seated rounds.

A round is seated by an event naming every table: ``seating_confirmed`` (the rulebook's proposal,
``adjudicator.domain.tournaments.proposal``) or ``seating_overridden`` (the director's own, with a reason).
Either way the tables are checked here against the roster: a team seated once a round, except the
odd team's second, uncounted game (Detroit I Preliminary Rounds); a withdrawn team not at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, TypedDict

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.moments import moment
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import DrawPurpose, TournamentCreated
from adjudicator.domain.tournaments.formats import get_format
from adjudicator.domain.tournaments.movement import SeatedTable, TableSide
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.sheets import Citations


@dataclass(frozen=True, slots=True)
class Schedule:
    """What ``tournament_created`` fixed: the rulebook, and the rounds and sessions it is played in."""

    fmt: TournamentFormat
    name: str | None
    max_rounds: int | None
    games_per_session: int | None
    date: str | None = None
    qualifiers: tuple[str, ...] = ()
    starts_at: datetime | None = None  # entries are checked only where the start is recorded
    level: str | None = None
    places: int | None = None

    @classmethod
    def of(cls, event: TournamentCreated) -> Schedule:
        """The schedule a ``tournament_created`` event sets: the rulebook's, unless it says otherwise."""
        fmt = get_format(event.ruleset)
        for name, value in (("rounds", event.rounds), ("games_per_session", event.games_per_session)):
            if value is not None and value < 1:
                raise IllegalEvent(f"'{name}' is at least 1", name)
        levels = fmt.entry.levels
        if event.level is not None and event.level not in levels:
            raise IllegalEvent(f"a {fmt.ruleset} tournament's level is one of {', '.join(levels)}", "level")
        if event.places is not None and event.places < 2:
            raise IllegalEvent("a field has at least 2 places", "places")
        return cls(
            fmt,
            event.name,
            event.rounds if event.rounds is not None else fmt.rounds,
            event.games_per_session if event.games_per_session is not None else fmt.games_per_session,
            event.date,
            tuple(str(q) for q in event.qualifiers),
            moment(event.starts_at) if event.starts_at is not None else None,
            event.level if event.level is not None else next(iter(levels)),
            event.places,
        )

    def recorded_start(self) -> str | None:
        """The scheduled start as recorded, a date and time with its offset (None: not recorded)."""
        return None if self.starts_at is None else self.starts_at.isoformat()

    def times(self) -> dict[str, str | None]:
        """When the tournament is played, as its state says it: its ``date`` and its ``starts_at``."""
        return {"date": self.date, "starts_at": self.recorded_start()}

    def session_first(self, rnd: int) -> bool:
        """Whether ``rnd`` starts a session, seated afresh rather than moved on from the round before."""
        gps = self.games_per_session
        return rnd == 1 or (self.fmt.movement == "progressive" and gps is not None and (rnd - 1) % gps == 0)


class DrawRecord(TypedDict):
    purpose: DrawPurpose
    round: int
    outcome: list[str]
    by: str | None
    citations: Citations


class Round(TypedDict):
    """A seated round: its tables, and whether the proposal was ``confirmed`` or ``overridden``."""

    round: int
    tables: list[SeatedTable]
    how: Literal["confirmed", "overridden"]
    reason: str | None
    citations: Citations


@dataclass
class Seating:
    """The recorded draws and seated rounds; round n + 1 is the next to seat once n is."""

    draws: dict[tuple[DrawPurpose, int], DrawRecord] = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def seat(self, schedule: Schedule, rnd: int, tables: list[SeatedTable], reason: str | None) -> None:
        self.rounds[rnd] = {
            "round": rnd,
            "tables": tables,
            "how": "confirmed" if reason is None else "overridden",
            "reason": reason,
            "citations": schedule.fmt.cite_data("movement" if rnd > 1 else "first_pairing"),
        }

    def check_round(self, schedule: Schedule, rnd: int, *, unsigned: list[str], playoff_begun: bool) -> None:
        """Refuse to seat ``rnd`` out of turn, past the last round, or before the last one is signed."""
        fmt = schedule.fmt
        if rnd != self.next_round:
            raise IllegalEvent(f"the next round to seat is {self.next_round}, not {rnd}", "round")
        if schedule.max_rounds is not None and rnd > schedule.max_rounds:
            raise IllegalEvent(
                f"{fmt.ruleset} plays {schedule.max_rounds} rounds "
                f"({'; '.join(str(c) for c in fmt.cite('rounds'))})",
                "round",
            )
        if playoff_begun:
            raise IllegalEvent("the playoff has begun: no more preliminary rounds", "round")
        if unsigned:
            raise IllegalEvent(
                f"round {rnd - 1} is not finished: {unsigned[0]}'s sheet is not signed", "round"
            )


def read_tables(
    fmt: TournamentFormat, roster: Roster, rnd: int, raw: tuple[object, ...]
) -> list[SeatedTable]:
    """The tables a seating event names, checked against the roster, in table order."""
    tables: list[SeatedTable] = []
    numbers: set[int] = set()
    counts_first: dict[str, bool] = {}  # unit -> whether its first seat this round counts
    counted: set[str] = set()
    uncounted_seen: set[str] = set()

    def sit(value: object, uncounted: list[str], where: str) -> TableSide:
        side = _read_side(fmt, roster, value, where)
        for unit in [side] if isinstance(side, str) else side:
            counts = unit not in uncounted
            if counts_first.get(unit) == counts:
                raise IllegalEvent(
                    f"{unit!r} is already seated in round {rnd}: a second pairing "
                    "counts only as the odd team's game",
                    where,
                )
            counts_first[unit] = counts
            if counts:
                counted.add(unit)
        return side

    for i, entry in enumerate(raw):
        where = f"tables/{i}"
        number = entry.get("table") if isinstance(entry, Mapping) else None
        if not isinstance(entry, Mapping) or not isinstance(number, int) or number < 1:
            raise IllegalEvent("a table is {table: number, north_south, east_west}", where)
        if number in numbers:
            raise IllegalEvent(f"table {number} is seated twice", f"{where}/table")
        numbers.add(number)
        uncounted = entry.get("uncounted") or []
        if not isinstance(uncounted, list) or not all(isinstance(u, str) for u in uncounted):
            raise IllegalEvent("uncounted is a list of team ids", f"{where}/uncounted")
        north_south = sit(entry.get("north_south"), uncounted, f"{where}/north_south")
        east_west = None
        if entry.get("east_west") is not None:
            east_west = sit(entry.get("east_west"), uncounted, f"{where}/east_west")
        elif fmt.game == "Bid Euchre":
            raise IllegalEvent(
                "a Bid Euchre table seats two pairs: a floater fills an odd number", f"{where}/east_west"
            )
        for j, team in enumerate(uncounted):
            if team not in (north_south, east_west) or team in uncounted_seen:
                raise IllegalEvent(
                    "an uncounted team is one of the table's teams, once a round",
                    f"{where}/uncounted/{j}",
                )
            uncounted_seen.add(team)
        tables.append(
            {
                "table": number,
                "uncounted": list(uncounted),
                "north_south": north_south,
                "east_west": east_west,
            }
        )
    for team in uncounted_seen:
        if team not in counted:
            raise IllegalEvent(f"{team!r}'s only game of round {rnd} would not count", "tables")
    return sorted(tables, key=lambda t: t["table"])


def _read_side(fmt: TournamentFormat, roster: Roster, value: object, where: str) -> TableSide:
    if fmt.registers_players:
        if not isinstance(value, list) or len(value) != 2 or len(set(value)) != 2:
            raise IllegalEvent("a Bid Euchre side is two different players", where)
        for j, p in enumerate(value):
            team = roster.team_of_player.get(p) if isinstance(p, str) else None
            if team is None:
                raise IllegalEvent(f"unknown player {p!r}", f"{where}/{j}")
            if roster.withdrawn(team):
                raise IllegalEvent(f"{p!r}'s team has withdrawn", f"{where}/{j}")
        return list(value)
    team = roster.team(value, where)
    if roster.withdrawn(team):
        raise IllegalEvent(f"team {team!r} has withdrawn", where)
    return team


def check_partners(schedule: Schedule, roster: Roster, rnd: int, tables: list[SeatedTable]) -> None:
    """District partners play a session's first game together, and then split (Ontario C.2, C.3):
    not even the convenor's seating puts them apart in the first game or together after it."""
    first, team_of = schedule.session_first(rnd), roster.team_of_player
    for table in tables:
        for side in ("north_south", "east_west"):
            pair = table[side]
            if not isinstance(pair, list):
                continue
            together = team_of.get(pair[0]) == team_of.get(pair[1])
            if together != first:
                rule = "play the session's first game together" if first else "split after it"
                raise IllegalEvent(
                    f"{pair[0]} and {pair[1]} at table {table['table']}: district partners {rule} "
                    f"({'; '.join(str(c) for c in schedule.fmt.cite('split'))})",
                    "tables",
                )
