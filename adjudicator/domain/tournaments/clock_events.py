"""The events of the delay clock: a side of a match put on the clock by the desk, and taken off it
when it sits down (``adjudicator.domain.tournaments.delay_clock`` rules on them). Part of the
tournament's vocabulary (``adjudicator.domain.tournaments.events``, which checks them and names them
all); the time each happened is the log's own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.domain.cards import Team


@dataclass(frozen=True, slots=True)
class ClockStarted:
    """A side not ready at its table put on the clock (Cardtel Play 17; Chicago, Delay of game),
    named by its team or one of its players. ``since``: when the waiting team called for the clock
    (a date and time with its offset), where the desk records it after the call; else the clock runs
    from when this event is recorded."""

    match: str
    team: str | None = None
    player: str | None = None
    since: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class ClockStopped:
    """The side on the clock sat down: the clock stops (what it cost is a ``delay_of_game``)."""

    match: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class OnTheClock:
    """One side of a match on the clock: started by the event ``at`` (running from ``since`` if it
    said so, else from when that event was recorded), after ``prior`` minutes already charged to it in
    this match (Cardtel's clock only); ``named``: the side as the desk named it."""

    match: str
    team: Team
    at: int
    prior: int
    named: tuple[tuple[str, str], ...]
    since: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match, "team": self.team, "event": self.at, "prior_minutes": self.prior}
