"""The delay clock: a team not ready at its table, put on the clock by the desk, and what it costs.

Cardtel (Play 17): the waiting team asks an official to put the missing team "on the clock"; the
waiting team then gains 3 points at 3, 7, 12 and 18 minutes, 12 at most, each step standing for the
next hand of the sheet (MATRIX.md, interpretation: cardtel-clock). Chicago (Delay of game): a team not
ready 5 minutes after sitting down forfeits that hand. The other rulebooks leave a late team to the
director, so they have no clock: starting one is refused, naming that.

``clock_started`` puts one side of a match on the clock, ``clock_stopped`` takes it off (the team sat
down). The time is the log's: the service reads when the clock started from that event's recorded
time and charges what it ran as a ``delay_of_game`` with the minutes (``charges``), which the sheet
rules as before (Cardtel: only the steps not charged yet). On Cardtel's clock the minutes of one team
add up over its match: a clock started again goes on from the most minutes already charged to it
(as a later report of the same delay does), so that stopping and starting never resets the chart.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from adjudicator.domain.cards import Team, other_team
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.moments import moment
from adjudicator.domain.rulebooks import TournamentFormat, get_ruleset
from adjudicator.domain.tournaments.clock_events import ClockStarted, ClockStopped, OnTheClock
from adjudicator.domain.tournaments.events import EventData
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.scoring import Scorekeeper, named_side
from adjudicator.domain.tournaments.sheets import Sheet


def record(
    fmt: TournamentFormat,
    roster: Roster,
    scores: Scorekeeper,
    event: ClockStarted | ClockStopped,
    at: int,
    now: datetime | None,
) -> None:
    """Start or stop a clock (``start``, ``stop``); ``now``: the moment a new event is recorded
    (None on replay), which a clock's ``since`` may not be after."""
    if isinstance(event, ClockStarted):
        _check_since(event.since, now)
        start(fmt, roster, scores, scores.clocks, event, at)
    else:
        stop(scores, scores.clocks, event)


def _check_since(since: str | None, now: datetime | None) -> None:
    if since is None:
        return
    called = moment(since)
    if called is None:
        raise IllegalEvent("since is a date and time with its offset: 2026-06-01T14:05-04:00", "since")
    if now is not None and called > now:
        raise IllegalEvent("a clock cannot have started later than now", "since")


def start(
    fmt: TournamentFormat,
    roster: Roster,
    scores: Scorekeeper,
    clocks: dict[str, OnTheClock],
    event: ClockStarted,
    at: int,
) -> None:
    """Put a side of a match on the clock, or refuse: no clock in the rulebook, a team not at that
    table, a match finished, a clock already running there."""
    if fmt.delay == "director":
        raise IllegalEvent(
            f"the {get_ruleset(fmt.ruleset).title} run no delay clock: a late team is for the director "
            "to rule (a forfeited hand)",
            "type",
        )
    sheet = scores.sheet(event.match)
    late = named_side(roster, sheet, event.team, event.player)
    sheet.check_open(fmt, "a clock is started")
    running = clocks.get(sheet.match)
    if running is not None:
        raise IllegalEvent(
            f"{side_name(sheet, running.team, team_names(roster))} is already on the clock at "
            f"{where(sheet)}: stop that clock first",
            "match",
        )
    named = tuple((k, v) for k, v in (("team", event.team), ("player", event.player)) if v is not None)
    prior = _charged_minutes(fmt, sheet, late)
    clocks[sheet.match] = OnTheClock(sheet.match, late, at, prior, named, event.since)


def stop(scores: Scorekeeper, clocks: dict[str, OnTheClock], event: ClockStopped) -> None:
    """Take the match's side off the clock, or refuse if no clock runs there."""
    sheet = scores.sheet(event.match)
    if sheet.match not in clocks:
        raise IllegalEvent(f"no team is on the clock at {where(sheet)}", "match")
    del clocks[sheet.match]


def _charged_minutes(fmt: TournamentFormat, sheet: Sheet, late: Team) -> int:
    if fmt.delay != "clock":
        return 0
    return max(
        (r["minutes"] for r in sheet.rulings if r["kind"] == "delay_of_game" and r["team"] == late), default=0
    )


def minutes_on(clock: OnTheClock, seconds: float) -> int:
    """The whole minutes the side has been on the clock, ``seconds`` after it was started."""
    return clock.prior + max(0, int(seconds // 60))


def charges(
    fmt: TournamentFormat, sheet: Sheet, clock: OnTheClock, minutes: int, *, stopping: bool
) -> list[EventData]:
    """What the desk records when it stops the clock (``stopping``) or charges it as it runs: the
    ``delay_of_game`` with the minutes once they reach the rulebook's first step and the match still
    takes hands, then ``clock_stopped`` when stopping. Chicago's forfeit is charged once, by stopping."""
    if not stopping and fmt.delay != "clock":
        raise IllegalEvent(
            f"the {get_ruleset(fmt.ruleset).title} forfeit the hand once: stop the clock to charge it",
            "match",
        )
    events: list[EventData] = []
    if minutes >= first_step(fmt) and not sheet.signed and not sheet.result(fmt)["over"]:
        events.append(
            {"type": "delay_of_game", "match": clock.match, "minutes": minutes, **dict(clock.named)}
        )
    if stopping:
        events.append({"type": "clock_stopped", "match": clock.match})
    elif not events:
        raise IllegalEvent(f"nothing to charge yet: the first step is at {first_step(fmt)} minutes", "match")
    return events


def first_step(fmt: TournamentFormat) -> int:
    """The minute from which the clock costs the late team anything."""
    return fmt.delay_chart[0][0] if fmt.delay == "clock" else fmt.forfeit_after_minutes


def _reached(fmt: TournamentFormat, minutes: int) -> tuple[int, int | None]:
    """The points the chart gives the waiting team at ``minutes`` (capped) and the next step's minute."""
    total, following = 0, None
    for at, points in fmt.delay_chart:
        if total + points > fmt.delay_cap:
            break
        if at > minutes:
            following = at
            break
        total += points
    return total, following


def reading(fmt: TournamentFormat, late: str, waiting: str, minutes: int, shown: str = "") -> str:
    """The clock in words for the hall, ``minutes`` on it (written as ``shown``, if given): "Kings
    late 4 min: 3 points to Aces so far, next step at 7 min"."""
    said = shown or str(minutes)
    if fmt.delay == "forfeit_hand":
        lead = f"{late} not ready {said} min after sitting down"
        if minutes >= fmt.forfeit_after_minutes:
            return f"{lead}: they forfeit the hand to {waiting}"
        return f"{lead}: at {fmt.forfeit_after_minutes} min they forfeit the hand to {waiting}"
    points, following = _reached(fmt, minutes)
    if following is None:
        return f"{late} late {said} min: {points} points to {waiting}, the most the clock gives"
    so_far = f"{points} points to {waiting} so far, next" if points else f"nothing to {waiting} yet, first"
    return f"{late} late {said} min: {so_far} step at {following} min"


#: What ``readings`` writes where the page puts the minutes on the clock.
MINUTES = "{m}"


def readings(fmt: TournamentFormat, late: str, waiting: str) -> list[str]:
    """The clock's words at each whole minute from 0 until they stop changing, the minutes written
    ``MINUTES`` for the page to fill in as it counts on (the last one holds from then on)."""
    last = fmt.delay_chart[-1][0] if fmt.delay == "clock" else fmt.forfeit_after_minutes
    return [reading(fmt, late, waiting, m, MINUTES) for m in range(last + 1)]


def team_names(roster: Roster) -> dict[str, str]:
    """Each team's name as people say it: its registered name, else the id it was entered by."""
    return {team: reg.get("name") or team for team, reg in roster.teams.items()}


def side_name(sheet: Sheet, team: Team, names: Mapping[str, str] | None = None) -> str:
    """A side as people say it: its team's name (else its id), or its two players."""
    side = sheet.sides[team]
    return (names or {}).get(side) or side if isinstance(side, str) else " & ".join(side)


def where(sheet: Sheet) -> str:
    return f"table {sheet.table}" if sheet.table is not None else sheet.match


def shown(
    fmt: TournamentFormat, sheet: Sheet, clock: OnTheClock, minutes: int, names: Mapping[str, str]
) -> dict[str, Any]:
    """A running clock as the desk, the table and the board draw it, ``minutes`` on it now: the
    sides (late and waiting, a team by its ``names`` entry), its words now and at each minute, and
    from when it costs anything."""
    late = side_name(sheet, clock.team, names)
    waiting = side_name(sheet, other_team(clock.team), names)
    return {
        **clock.to_dict(),
        "table": sheet.table,
        "waiting": other_team(clock.team),
        "late_side": sheet.sides[clock.team],
        "waiting_side": sheet.sides[other_team(clock.team)],
        "minutes": minutes,
        "said": reading(fmt, late, waiting, minutes),
        "readings": readings(fmt, late, waiting),
        "first_step": first_step(fmt),
        "charges_as_it_runs": fmt.delay == "clock",
        "citations": fmt.cite_data("delay"),
    }
