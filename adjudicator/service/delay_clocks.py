"""The use cases of the delay clock: put a side of a match on the clock, stop it when the side sits
down, charge it as it runs, and read the clocks running now.

The clock's time is the log's: it started when its ``clock_started`` was recorded, and stopping or
charging it decides, on the version the events go to, the minutes it ran and what they cost
(``adjudicator.domain.tournaments.delay_clock.charges``: a ``delay_of_game`` with the minutes, which
the sheet rules on as a typed report, then ``clock_stopped``). Each write goes through
``tournaments.append_events`` (so at the version ``If-Match`` names, all or none).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import delay_clock
from adjudicator.domain.tournaments.clock_events import OnTheClock
from adjudicator.service.credentials import Author
from adjudicator.service.ports import Tournaments
from adjudicator.service.tournaments import Guard, IfMatch, append_events
from adjudicator.service.views import TournamentView


def start_clock(
    tournaments: Tournaments,
    tournament_id: UUID,
    match: str,
    team: str | None = None,
    player: str | None = None,
    since: str | None = None,
    by: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
    guard: Guard = None,
) -> dict[str, Any]:
    """Put the side ``team`` (or ``player``'s) of ``match`` on the clock (``clock_started``), from
    now or from ``since``, when the waiting team called for it."""
    event: dict[str, Any] = {"type": "clock_started", "match": match}
    named = (("team", team), ("player", player), ("since", since), ("by", by))
    event.update((k, v) for k, v in named if v is not None)
    return append_events(tournaments, tournament_id, [event], if_match, author, guard)


def stop_clock(
    tournaments: Tournaments,
    tournament_id: UUID,
    match: str,
    charge_only: bool = False,
    if_match: IfMatch = None,
    author: Author | None = None,
    guard: Guard = None,
) -> dict[str, Any]:
    """Stop ``match``'s clock, charging the minutes it ran; ``charge_only``: charge them and let it run
    (Cardtel's clock, whose steps are charged once each)."""

    def decided(view: TournamentView) -> list[dict[str, Any]]:
        t = view.tournament
        clock = t.scores.clocks.get(match)
        if clock is None:
            sheet = t.scores.sheet(match)
            raise IllegalEvent(f"no team is on the clock at {delay_clock.where(sheet)}", "match")
        minutes = _minutes(view, clock, datetime.now(UTC))
        return delay_clock.charges(t.format, t.scores.sheet(match), clock, minutes, stopping=not charge_only)

    return append_events(tournaments, tournament_id, decided, if_match, author, guard)


def running_clocks(tournaments: Tournaments, tournament_id: UUID) -> list[dict[str, Any]]:
    """The clocks running now, each as the pages draw it, with when it started (``started_at``)."""
    return tournaments.read(tournament_id, lambda view: clocks_of(view, datetime.now(UTC)))


def clocks_answer(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    """The clocks running now, with the tournament's version they were read at."""

    def read(view: TournamentView) -> dict[str, Any]:
        return {"version": view.version, "clocks": clocks_of(view, datetime.now(UTC))}

    return tournaments.read(tournament_id, read)


def clocks_of(view: TournamentView, now: datetime) -> list[dict[str, Any]]:
    t = view.tournament
    names = delay_clock.team_names(t.roster)
    return [
        {
            **delay_clock.shown(t.format, t.scores.sheet(match), clock, _minutes(view, clock, now), names),
            "started_at": _started(view, clock),
            "read_at": now.isoformat(),
        }
        for match, clock in t.scores.clocks.items()
        if not t.scores.sheet(match).decided  # a match signed meanwhile keeps no hall waiting
    ]


def _started(view: TournamentView, clock: OnTheClock) -> str:
    """When the clock started running: when the waiting team called for it, if the desk said so,
    else when its ``clock_started`` was recorded."""
    return clock.since or str(view.aggregate.log[clock.at - 1]["recorded_at"])


def _minutes(view: TournamentView, clock: OnTheClock, now: datetime) -> int:
    started = datetime.fromisoformat(_started(view, clock))
    return delay_clock.minutes_on(clock, (now - started).total_seconds())
