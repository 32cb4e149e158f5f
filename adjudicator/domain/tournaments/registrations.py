"""The events of who plays: a tournament created (its day, start and field), players and teams
registered, a single and two singles paired, an entry admitted by an official, a team withdrawn or
reinstated, checked in, or absent from its playoff match. Part of the tournament's
vocabulary (``adjudicator.domain.tournaments.events``, which checks them and names them all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TournamentCreated:
    """``date``: the day it is played (ISO 8601, ``YYYY-MM-DD``); absent from tournaments created
    before the field existed, which read as undated. ``starts_at``: the scheduled start, a date and
    time with its offset (ISO 8601); a tournament that records it checks who may enter and until when
    (``adjudicator.domain.tournaments.entry``), one without it registers as tournaments always did.
    ``level``: the level of competition where the rulebook has several (Ontario's district games and
    provincial championships); ``places``: how many teams the field takes (Detroit XIV)."""

    ruleset: str
    name: str | None = None
    date: str | None = None
    games_per_session: int | None = None
    rounds: int | None = None
    starts_at: str | None = None
    level: str | None = None
    places: int | None = None
    #: A final's qualifiers: the tournaments its field went on from (``going_on``).
    qualifiers: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRegistered:
    """``person``: the association's record of the player (``adjudicator.domain.people``), if linked."""

    player: str
    name: str | None = None
    person: str | None = None


@dataclass(frozen=True, slots=True)
class TeamRegistered:
    """``centre``: the centre (club, district) the team enters for; ``declared``: each player's
    declared facts (birth date, residence, ...), by player, as the entry rules read them."""

    team: str
    number: int | None = None
    name: str | None = None
    players: tuple[object, ...] = ()
    floater: bool = False
    centre: str | None = None
    declared: Mapping[str, Any] | None = None
    #: The association's records of ``players``, in the same order (absent: plain names, as before).
    people: tuple[object, ...] = ()
    #: The qualifier this team went on from, in a final (``going_on``).
    qualified_in: str | None = None


@dataclass(frozen=True, slots=True)
class SingleRegistered:
    """A player entered alone, to be paired with another single (Detroit II.c)."""

    player: str
    name: str | None = None
    person: str | None = None


@dataclass(frozen=True, slots=True)
class SinglesPaired:
    """Two singles made a team: the ``players`` the official chose, else the first two unpaired in
    order of registration (Detroit II.c)."""

    team: str
    players: tuple[object, ...] = ()
    number: int | None = None
    name: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class EntryAdmitted:
    """An official admits a team the entry rules would refuse (interpretation: official-admits):
    recorded before the team's registration, with the reason."""

    team: str
    reason: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class TeamInDefault:
    """A team not present at the scheduled start where the rulebook requires it (Ontario A): out of
    play unless the Event Convenor's exception (``entry_admitted``) follows. The service records it."""

    team: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class TeamWithdrawn:
    team: str
    reason: str


@dataclass(frozen=True, slots=True)
class TeamReinstated:
    """A withdrawal undone (recorded in error, or the team came back): the team plays again from
    the next round proposed; the withdrawal stays in the log, corrected by this event."""

    team: str
    reason: str


@dataclass(frozen=True, slots=True)
class TeamCheckedIn:
    """A team present at the hall before play (informational: no rulebook ranks a team by it)."""

    team: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class TeamAbsent:
    """A playoff team not present to play its match: the official eliminates it (Detroit I)."""

    match: str
    team: str
    reason: str
    by: str | None = None
