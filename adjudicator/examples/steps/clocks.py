"""The delay clock at a table: a team put on the clock by the desk, charged and stopped after so many
minutes, and the clock's words. The minutes stand for the time the log would give (the service reads
them from when ``clock_started`` was recorded); what they cost is decided by the same
``delay_clock.charges`` the service calls."""

from __future__ import annotations

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import delay_clock
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import step


@when(step('the desk puts "{team:Q}" on the clock at table {table:d}'))
def t_clock_started(tourney: TourneyContext, team: str, table: int) -> None:
    tourney.record({"type": "clock_started", "match": tourney.sheet_id(table), "team": team})


def _charge(tourney: TourneyContext, table: int, minutes: int, *, stopping: bool) -> None:
    match = tourney.sheet_id(table)
    clock = tourney.t.scores.clocks.get(match)
    if clock is None:  # nothing running: the stop itself is what the tournament refuses
        tourney.record({"type": "clock_stopped", "match": match})
        return
    sheet = tourney.t.sheets[match]
    try:
        events = delay_clock.charges(
            tourney.t.format, sheet, clock, delay_clock.minutes_on(clock, minutes * 60), stopping=stopping
        )
    except IllegalEvent as error:
        assert tourney.refused is None, f"refused after another refusal: {tourney.refused}"
        tourney.refused = error
        return
    for event in events:
        tourney.record(event)


@when(step("the desk stops the clock at table {table:d} after {minutes:d} minutes"))
def t_clock_stopped(tourney: TourneyContext, table: int, minutes: int) -> None:
    _charge(tourney, table, minutes, stopping=True)


@when(step("the desk charges the clock at table {table:d} after {minutes:d} minutes"))
def t_clock_charged(tourney: TourneyContext, table: int, minutes: int) -> None:
    _charge(tourney, table, minutes, stopping=False)


@then(step("no team is on the clock at table {table:d}"))
def t_no_clock(tourney: TourneyContext, table: int) -> None:
    tourney.no_refusal()
    assert tourney.sheet_id(table) not in tourney.t.scores.clocks, tourney.t.scores.clocks


@then(step('the clock at table {table:d} says "{text:Q}" after {minutes:d} minutes'))
def t_clock_says(tourney: TourneyContext, table: int, text: str, minutes: int) -> None:
    tourney.no_refusal()
    match = tourney.sheet_id(table)
    clock = tourney.t.scores.clocks[match]
    names = delay_clock.team_names(tourney.t.roster)
    shown = delay_clock.shown(
        tourney.t.format, tourney.t.sheets[match], clock, delay_clock.minutes_on(clock, minutes * 60), names
    )
    assert shown["said"] == text, shown["said"]
