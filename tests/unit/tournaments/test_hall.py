"""A team's check-in and the board's setting, recorded as tournament events; a tournament's date.

No rulebook of MATRIX.md ranks or seats a team by its check-in: it is informational, and the
proposal names the teams in play not yet checked in once check-in is in use."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import replay_tournament

FIELD: list[dict[str, Any]] = [
    {"type": "tournament_created", "ruleset": "detroit", "name": "Hall", "date": "2026-11-24"},
    *(
        {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"a{n}", f"b{n}"]}
        for n in (1, 2, 3, 4)
    ),
]


def test_a_tournament_created_with_a_date_keeps_it_and_one_without_reads_undated() -> None:
    assert replay_tournament(FIELD).state()["date"] == "2026-11-24"
    assert replay_tournament([{"type": "tournament_created", "ruleset": "texas"}]).state()["date"] is None


@pytest.mark.parametrize("date", ["24/11/2026", "2026-02-30", "2026-1-5", "tomorrow"])
def test_a_date_that_is_not_a_day_is_refused(date: str) -> None:
    with pytest.raises(IllegalEvent, match="YYYY-MM-DD"):
        replay_tournament([{"type": "tournament_created", "ruleset": "texas", "date": date}])


def test_the_proposal_names_the_teams_not_checked_in_once_check_in_began() -> None:
    t = replay_tournament(FIELD)
    assert t.proposal()["not_checked_in"] == [] and t.state()["checked_in"] == []
    t.apply({"type": "team_checked_in", "team": "T3", "by": "Chief"})
    t.apply({"type": "team_withdrawn", "team": "T2", "reason": "illness"})
    assert t.state()["checked_in"] == ["T3"]
    assert t.proposal()["not_checked_in"] == ["T1", "T4"]
    assert t.proposal()["tables"] is not None or t.proposal()["needs"]  # the seating itself is unchanged


@pytest.mark.parametrize(
    ("team", "reason"),
    [("T9", "unknown team"), ("T3", "already checked in"), ("T2", "has withdrawn")],
)
def test_a_check_in_of_no_team_of_the_field_is_refused(team: str, reason: str) -> None:
    t = replay_tournament(
        [
            *FIELD,
            {"type": "team_checked_in", "team": "T3"},
            {"type": "team_withdrawn", "team": "T2", "reason": "x"},
        ]
    )
    before = t.version
    with pytest.raises(IllegalEvent, match=reason):
        t.apply({"type": "team_checked_in", "team": team})
    assert t.version == before and t.state()["checked_in"] == ["T3"]


def test_the_board_is_made_public_and_private_again_by_an_event_each() -> None:
    t = replay_tournament(FIELD)
    assert t.state()["board_public"] is False
    with pytest.raises(IllegalEvent, match="already not public"):
        t.apply({"type": "board_public", "public": False})
    t.apply({"type": "board_public", "public": True, "by": "Chief"})
    assert t.state()["board_public"] is True
    t.apply({"type": "board_public", "public": False})
    assert t.state()["board_public"] is False
