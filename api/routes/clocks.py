"""The delay clock's routes: a side of a match put on the clock, the clock stopped (the side sat down)
or charged as it runs, and the clocks running now (``adjudicator.service.delay_clocks``).

Each write records tournament events at the version ``If-Match`` names and answers as every route
that records tournament events does; what the rulebook or the table refuses (no clock in the
rulebook, a team not at that table, a clock already running, none to stop) is a 422 in words.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response

from adjudicator.service import delay_clocks
from adjudicator.service.authority import tournament_guard
from adjudicator.wire.schemas.clocks import ClocksSchema, ClockStartSchema, ClockStopSchema
from api.auth import author, who
from api.declare import OFFICIAL, Routes
from api.declare.resources import MATCH, TOURNAMENT, TOURNAMENT_RECORDED
from api.request import if_match, versioned
from api.routes.tournaments import recorded, tournament_body, tournaments

blueprint = Blueprint("clocks", __name__)
CLOCK_ROUTES = Routes(blueprint, TOURNAMENT, "/tournaments/<uuid:tournament_id>")
START, STOP, CLOCKS = ClockStartSchema(), ClockStopSchema(), ClocksSchema()


@CLOCK_ROUTES.read(
    "/clocks",
    "listClocks",
    "The delay clocks running now, each with its words for the hall",
    ClocksSchema,
    description=(
        "Each side on the delay clock now (Cardtel Play 17; Chicago, Delay of game): when it was "
        "started, its minutes, and what it costs so far in words."
    ),
)
def list_clocks(tournament_id: UUID) -> Response:
    return versioned(CLOCKS, delay_clocks.clocks_answer(tournaments(), tournament_id))


@CLOCK_ROUTES.record(
    "/matches/<match>/clock",
    "startClock",
    "Put a side of a match on the delay clock (clock_started)",
    ClockStartSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    extra=[MATCH],
    description=(
        "A team not ready at its table put on the clock, from now (Cardtel Play 17; Chicago, Delay "
        "of game). Refused where the rulebook runs no clock, for a team not at that match, on a "
        "finished match, or while a clock runs there."
    ),
)
def start_clock(tournament_id: UUID, match: str) -> Response:
    data = tournament_body(START.load, tournament_id)
    guard = tournament_guard(who(), str(tournament_id), match=match)
    return recorded(
        delay_clocks.start_clock(
            tournaments(), tournament_id, match, **data, if_match=if_match(), author=author(), guard=guard
        )
    )


def _stop(tournament_id: UUID, match: str, charge_only: bool) -> Response:
    tournament_body(STOP.load, tournament_id)
    guard = tournament_guard(who(), str(tournament_id), match=match)
    return recorded(
        delay_clocks.stop_clock(tournaments(), tournament_id, match, charge_only, if_match(), author(), guard)
    )


@CLOCK_ROUTES.record(
    "/matches/<match>/clock/stop",
    "stopClock",
    "Stop a match's delay clock, charging the minutes it ran (delay_of_game, clock_stopped)",
    ClockStopSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    extra=[MATCH],
    description=(
        "The side sat down: records a `delay_of_game` with the minutes the clock ran (once they reach "
        "the rulebook's first step; Cardtel charges only the steps not charged yet, Chicago forfeits "
        "the hand from 5 minutes), then `clock_stopped`. Refused if no clock runs at that match."
    ),
)
def stop_clock(tournament_id: UUID, match: str) -> Response:
    return _stop(tournament_id, match, charge_only=False)


@CLOCK_ROUTES.record(
    "/matches/<match>/clock/charge",
    "chargeClock",
    "Charge a running delay clock's steps reached so far, and let it run (delay_of_game)",
    ClockStopSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    extra=[MATCH],
    description=(
        "Cardtel's chart charged as the clock runs: a `delay_of_game` with the minutes so far, each step "
        "charged once. Refused before the first step, with no clock running, and where the rulebook "
        "forfeits the hand once (Chicago: stop the clock instead)."
    ),
)
def charge_clock(tournament_id: UUID, match: str) -> Response:
    return _stop(tournament_id, match, charge_only=True)
