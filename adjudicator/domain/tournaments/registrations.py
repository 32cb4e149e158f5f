"""The events that enter a tournament's field: a player, a team, a single, two singles paired (their
vocabulary is ``adjudicator.domain.tournaments.events``'s, where every event is parsed)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayerRegistered:
    """``person``: the association's record of the player (``adjudicator.domain.people``), if linked."""

    player: str
    name: str | None = None
    person: str | None = None


@dataclass(frozen=True, slots=True)
class TeamRegistered:
    team: str
    number: int | None = None
    name: str | None = None
    players: tuple[object, ...] = ()
    floater: bool = False
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
