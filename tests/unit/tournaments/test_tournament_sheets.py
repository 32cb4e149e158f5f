"""Score sheets: hand scores in, forfeits for delay of game, match totals out (reusing match_result)."""

from __future__ import annotations

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.formats import FORMATS
from adjudicator.domain.tournaments.sheets import Line, Sheet, forfeit_score, normalise_score


def sheet() -> Sheet:
    return Sheet("R1-T1", "round", 1, 1, {"north_south": "A", "east_west": "B"})


@pytest.mark.parametrize(
    ("minutes", "hands", "points"),
    [(0, 0, 0), (2, 0, 0), (3, 1, 3), (6, 1, 3), (7, 2, 6), (12, 3, 9), (18, 4, 12), (60, 4, 12)],
)
def test_cardtel_clock_chart(minutes: int, hands: int, points: int) -> None:
    fmt = FORMATS["cardtel"]
    forfeits = sheet().delay_forfeits(fmt, "east_west", minutes)
    assert len(forfeits) == hands
    assert sum(f["points"]["north_south"] for f in forfeits) == points
    assert all(f["winner"] == "north_south" and f["points"]["east_west"] == 0 for f in forfeits)


def test_cardtel_clock_counts_only_new_steps_and_never_more_hands_than_the_sheet_has_left() -> None:
    fmt = FORMATS["cardtel"]
    s = sheet()
    s.clock["east_west"] = 2
    assert len(s.delay_forfeits(fmt, "east_west", 12)) == 1
    s.clock["east_west"] = 0
    s.lines = [Line(f"h{i}", forfeit_score("east_west", 1), "hand") for i in range(3)]
    assert len(s.delay_forfeits(fmt, "east_west", 18)) == 1


def test_chicago_forfeits_the_hand_at_five_minutes_and_the_others_refer_to_the_director() -> None:
    assert sheet().delay_forfeits(FORMATS["chicago"], "north_south", 4) == []
    (hand,) = sheet().delay_forfeits(FORMATS["chicago"], "north_south", 5)
    assert hand["winner"] == "east_west" and hand["hand_wins"]["east_west"] == 1
    assert sheet().delay_forfeits(FORMATS["detroit"], "north_south", 30) == []
    assert sheet().delay_forfeits(FORMATS["texas"], "north_south", 30) == []


def test_a_sheet_tallies_points_hands_won_and_bostons() -> None:
    s = sheet()
    boston = {**forfeit_score("north_south", 7), "boston": "north_south"}
    s.lines = [
        Line("a", boston, "hand"),
        Line("b", forfeit_score("east_west", 4), "hand"),
        Line("c", forfeit_score("north_south", 2), "hand"),
        Line("d", forfeit_score("north_south", 1), "hand"),
    ]
    result = s.result(FORMATS["cardtel"])
    assert result["over"] and result["winner"] == "north_south"
    assert result["points"] == {"north_south": 10, "east_west": 4}
    assert result["hands_won"] == {"north_south": 3, "east_west": 1}
    assert result["bostons"] == {"north_south": 1, "east_west": 0}


def test_a_void_hand_is_on_the_sheet_but_does_not_count() -> None:
    s = sheet()
    void = normalise_score(
        FORMATS["detroit"],
        {"final": True, "void": True, "winner": None, "points": {"north_south": 0, "east_west": 0}},
    )
    s.lines = [Line("v", void, "hand")] + [
        Line(f"h{i}", forfeit_score("east_west", 2), "hand") for i in range(3)
    ]
    assert not s.result(FORMATS["detroit"])["over"]


def test_euchre_hands_score_both_sides_and_the_game_goes_to_more_points() -> None:
    fmt = FORMATS["ontario"]
    s = sheet()
    scores = [
        normalise_score(fmt, {"points": {"north_south": ns, "east_west": ew}})
        for ns, ew in [(5, 3), (-4, 4), (4, 4), (2, 6), (6, 2), (3, 5), (8, 0), (-12, 0)]
    ]
    s.lines = [Line(f"h{i}", score, "hand") for i, score in enumerate(scores)]
    result = s.result(fmt)
    assert result["over"] and result["points"] == {"north_south": 12, "east_west": 24}
    assert result["winner"] == "east_west"


@pytest.mark.parametrize(
    ("score", "field"),
    [
        ({"final": True, "winner": "north_south"}, "score/points"),
        ({"final": True, "winner": "up", "points": {"north_south": 1, "east_west": 0}}, "score/winner"),
        ({"final": True, "winner": None, "points": {"north_south": 1, "east_west": 0}}, "score/winner"),
        ({"winner": "north_south", "points": {"north_south": 1, "east_west": 0}}, "score/final"),
        (
            {
                "final": True,
                "winner": "north_south",
                "points": {"north_south": 1, "east_west": 0},
                "boston": "x",
            },
            "score/boston",
        ),
    ],
)
def test_a_score_that_is_not_a_final_hand_is_refused(score: dict[str, object], field: str) -> None:
    with pytest.raises(IllegalEvent) as refused:
        normalise_score(FORMATS["detroit"], score)
    assert refused.value.field == field
