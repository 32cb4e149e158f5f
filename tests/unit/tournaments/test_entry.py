"""The entry rules' small functions (issue 32): age on the tournament's day across a birthday, the
15-minute close around time zones, the declared facts' form, and what a replay judges again."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks.detroit import ENTRY as DETROIT
from adjudicator.domain.rulebooks.entry import OPEN_ENTRY
from adjudicator.domain.rulebooks.ontario import ENTRY as ONTARIO
from adjudicator.domain.tournaments import Tournament, replay_tournament
from adjudicator.domain.tournaments.entry import age_on, closed, declared_facts

EDT = timezone(timedelta(hours=-4))
OLD = {"birth_date": "1950-01-01", "senior_olympics_registered": "2026-05-01"}


@pytest.mark.parametrize(
    ("born", "day", "age"),
    [
        (date(1976, 5, 16), date(2026, 5, 15), 49),  # the day before the birthday
        (date(1976, 5, 16), date(2026, 5, 16), 50),  # the birthday itself
        (date(1976, 5, 16), date(2026, 5, 17), 50),
        (date(1976, 12, 31), date(2026, 1, 1), 49),  # across the new year
        (date(1972, 2, 29), date(2027, 2, 28), 54),  # a leap-day birthday in a common year
        (date(1972, 2, 29), date(2027, 3, 1), 55),
    ],
)
def test_age_on_the_day_turns_on_the_birthday(born: date, day: date, age: int) -> None:
    assert age_on(born, day) == age


def test_detroit_closes_fifteen_minutes_after_the_start_whatever_zone_the_clock_reads() -> None:
    start = datetime(2026, 5, 16, 10, 0, tzinfo=EDT)
    assert closed(DETROIT, start, datetime(2026, 5, 16, 14, 15, tzinfo=UTC)) is None  # 10:15 in Detroit
    assert closed(DETROIT, start, datetime(2026, 5, 16, 14, 15, 1, tzinfo=UTC)) is not None
    assert closed(DETROIT, start, datetime(2026, 5, 16, 16, 10, tzinfo=timezone(timedelta(hours=2)))) is None
    said = closed(DETROIT, start, datetime(2026, 5, 16, 10, 16, tzinfo=EDT))
    assert said == "registration closed 15 minutes after the start at 10:00 on 16 May 2026"


def test_ontario_closes_at_the_start_and_the_silent_rulebooks_never_by_the_clock() -> None:
    start = datetime(2026, 5, 16, 10, 0, tzinfo=EDT)
    assert closed(ONTARIO, start, start) is None
    assert closed(ONTARIO, start, start + timedelta(seconds=1)) is not None
    assert closed(OPEN_ENTRY, start, start + timedelta(days=3)) is None


def test_declared_facts_are_checked_for_form() -> None:
    assert declared_facts({"Ann": {"birth_date": "1950-01-01"}}, ["Ann"]) == {
        "Ann": {"birth_date": "1950-01-01"}
    }
    for declared, field in (
        ({"Bob": {"birth_date": "1950-01-01"}}, "declared/Bob"),
        ({"Ann": {"birth_date": "1 Jan 1950"}}, "declared/Ann/birth_date"),
        ({"Ann": {"height": "tall"}}, "declared/Ann/height"),
        ({"Ann": "old"}, "declared/Ann"),
    ):
        with pytest.raises(IllegalEvent) as refused:
            declared_facts(declared, ["Ann"])
        assert refused.value.field == field


def _detroit(**more: object) -> Tournament:
    t = Tournament()
    t.apply(
        {"type": "tournament_created", "ruleset": "detroit", "starts_at": "2026-05-16T10:00-04:00", **more}
    )
    return t


def _team(team: str, born: str = "1950-01-01", centre: str | None = None) -> dict[str, object]:
    event: dict[str, object] = {
        "type": "team_registered",
        "team": team,
        "players": [f"{team}1", f"{team}2"],
        "declared": {f"{team}1": {**OLD, "birth_date": born}, f"{team}2": OLD},
    }
    return {**event, "centre": centre} if centre else event


def test_a_tournament_without_a_start_time_registers_as_before() -> None:
    t = Tournament()
    t.apply({"type": "tournament_created", "ruleset": "detroit"})
    t.apply({"type": "team_registered", "team": "Aces"}, now=datetime(2030, 1, 1, tzinfo=UTC))
    assert t.roster.teams["Aces"]["number"] == 1


def test_a_refusal_cites_its_section_and_an_admission_lets_the_entry_in() -> None:
    t = _detroit()
    with pytest.raises(IllegalEvent) as refused:
        t.apply(_team("Aces", born="1990-01-01"))
    assert str(refused.value.citations[0]) == "detroit-senior-olympics-bid-whist.txt II.a"
    t.apply({"type": "entry_admitted", "team": "Aces", "reason": "the committee's exception"})
    t.apply(_team("Aces", born="1990-01-01"))
    with pytest.raises(IllegalEvent, match="already admitted"):
        t.apply({"type": "entry_admitted", "team": "Aces", "reason": "twice"})


def test_the_close_is_judged_when_recorded_never_on_replay() -> None:
    t = _detroit()
    late = datetime(2026, 5, 16, 11, 0, tzinfo=EDT)
    with pytest.raises(IllegalEvent, match="registration closed"):
        t.apply(_team("Aces"), now=late)
    t.apply({"type": "entry_admitted", "team": "Aces", "reason": "late bus"}, now=late)
    t.apply(_team("Aces"), now=late)
    log = [
        {"type": "tournament_created", "ruleset": "detroit", "starts_at": "2026-05-16T10:00-04:00"},
        {"type": "entry_admitted", "team": "Aces", "reason": "late bus"},
        _team("Aces"),
    ]
    assert replay_tournament(log).roster.teams["Aces"]["withdrawn"] is None


def test_a_centres_first_team_takes_the_latest_further_place_and_the_replay_agrees() -> None:
    t = _detroit(places=3)
    events = [
        _team("A", centre="East"),
        _team("B", centre="East"),
        _team("C", centre="East"),
        _team("D", centre="West"),
    ]
    for event in events[:3]:
        t.apply(event)
    t.apply(events[3])
    assert t.roster.teams["C"]["withdrawn"] is not None  # the latest further team of East
    assert t.roster.teams["B"]["withdrawn"] is None
    assert t.roster.teams["C"]["withdrawn"]["citations"][0]["section"] == "XIV"
    assert "C" not in t.roster.counted() and "D" in t.roster.counted()
    again = replay_tournament(
        [
            {
                "type": "tournament_created",
                "ruleset": "detroit",
                "starts_at": "2026-05-16T10:00-04:00",
                "places": 3,
            },
            *events,
        ]
    )
    assert again.state()["teams"] == t.state()["teams"]


def test_start_time_and_level_are_checked_for_form() -> None:
    with pytest.raises(IllegalEvent) as refused:
        Tournament().apply(
            {"type": "tournament_created", "ruleset": "detroit", "starts_at": "2026-05-16T10:00"}
        )
    assert refused.value.field == "starts_at"
    with pytest.raises(IllegalEvent) as refused:
        Tournament().apply({"type": "tournament_created", "ruleset": "detroit", "level": "provincial"})
    assert refused.value.field == "level"
