"""A match called to a table: a playoff match gets the table it is played at, a match moves to another,
and what cannot be (an unknown match, a finished one, a table that is not one, a table whose match is
still in progress) is refused in words, the tournament untouched."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.domain.tournaments import Tournament, replay_tournament
from tests.unit.tournaments.test_tournament_replay import PLAYED, SIGNED, _snapshot, refuse, win

Event = dict[str, Any]


def seeded() -> list[Event]:
    """Round 1 signed, the playoff seeded as the standings propose: two semi-finals, P1-1 and P1-2."""
    seeds = replay_tournament(SIGNED).propose_seeding()["seeds"]
    return [*SIGNED, {"type": "playoff_seeded", "seeds": seeds}]


def called(match: str, table: int, **more: Any) -> Event:
    return {"type": "match_called", "match": match, "table": table, **more}


def played(t: Tournament, match: str) -> list[Event]:
    """The match's four hands won by north-south, and both sides' signatures."""
    sheet = t.sheets[match]
    hands: list[Event] = [
        {"type": "hand_scored", "match": match, "hand": f"{match}/{n}", "score": win("north_south")}
        for n in range(1, 5)
    ]
    signed: list[Event] = [
        {"type": "sheet_signed", "match": match, "team": team, "player": str(team).lower() + "1"}
        for team in sheet.sides.values()
    ]
    return hands + signed


def test_a_playoff_match_has_no_table_until_the_director_calls_it_to_one() -> None:
    log = seeded()
    t = replay_tournament(log)
    assert {m: s.table for m, s in t.sheets.items() if s.stage == "playoff"} == {"P1-1": None, "P1-2": None}
    t.apply(called("P1-1", 1, reason="the feature table", by="director"))
    sheet = next(s for s in t.state()["sheets"] if s["match"] == "P1-1")
    assert (sheet["stage"], sheet["table"]) == ("playoff", 1)
    again = replay_tournament([*log, called("P1-1", 1, reason="the feature table", by="director")])
    assert _snapshot(again) == _snapshot(t)


def test_calling_a_match_again_moves_it_and_frees_its_table() -> None:
    log = [*seeded(), called("P1-1", 1), called("P1-1", 3, reason="the lights went out at table 1")]
    t = replay_tournament(log)
    assert t.sheets["P1-1"].table == 3
    t.apply(called("P1-2", 1))
    assert t.sheets["P1-2"].table == 1


def test_a_preliminary_match_moves_to_a_free_table_with_its_hands() -> None:
    t = replay_tournament(PLAYED)
    noted = len(t.journal)
    t.apply(called("R1-T2", 5, reason="the lights went out at table 2"))
    assert (t.sheets["R1-T2"].match, t.sheets["R1-T2"].table) == ("R1-T2", 5)
    # the hands already on its sheet are noted again, so that a reader keeping where each is played follows
    moved = t.journal.since(t.version - 1).hands
    assert len(t.journal) == noted + 1 and moved == {f"t2h{n}": "R1-T2" for n in range(1, 5)}
    assert _snapshot(replay_tournament([*PLAYED, called("R1-T2", 5)])) == _snapshot(t)


def test_a_table_freed_by_both_signatures_takes_the_next_match() -> None:
    log = [*seeded(), called("P1-1", 1)]
    log += played(replay_tournament(log), "P1-1")
    t = replay_tournament(log)
    assert t.sheets["P1-1"].signed
    t.apply(called("P1-2", 1))
    assert (t.sheets["P1-1"].table, t.sheets["P1-2"].table) == (1, 1)


def test_the_final_is_called_once_both_semi_finals_are_signed() -> None:
    log = seeded()
    for semi in ("P1-1", "P1-2"):
        log += played(replay_tournament(log), semi)
    t = replay_tournament(log)
    assert t.sheets["final"].table is None
    t.apply(called("final", 1))
    assert t.sheets["final"].table == 1


@pytest.mark.parametrize(
    ("before", "event", "text", "field"),
    [
        (seeded(), called("P9-9", 1), "unknown match 'P9-9'", "match"),
        (seeded(), called("R1-T1", 4), "R1-T1 is signed by both teams", "match"),
        (seeded(), called("P1-1", 0), "tables are numbered from 1, not 0", "table"),
        (seeded(), called("P1-1", -2), "tables are numbered from 1", "table"),
        ([*seeded(), called("P1-1", 1)], called("P1-1", 1), "P1-1 is already played at table 1", "table"),
        (
            [*seeded(), called("P1-1", 1)],
            called("P1-2", 1),
            "table 1 has P1-1 in progress, not signed by both teams",
            "table",
        ),
        (PLAYED, called("R1-T2", 1), "table 1 has R1-T1 in progress", "table"),
        (seeded(), {"type": "match_called", "match": "P1-1"}, "match_called needs 'table'", "table"),
        (seeded(), called("P1-1", True), "'table' must be a whole number", "table"),
    ],
    ids=[
        "an unknown match",
        "a signed match",
        "table 0",
        "a negative table",
        "the table it is at",
        "a table with a playoff match in progress",
        "a table with its round's match in progress",
        "no table",
        "a table that is not a number",
    ],
)
def test_a_call_that_cannot_be_is_refused_in_words_and_changes_nothing(
    before: list[Event], event: Event, text: str, field: str
) -> None:
    refuse(before, event, text, field)


def test_a_playoff_match_decided_by_an_absence_is_called_to_no_table() -> None:
    log = seeded()
    team = replay_tournament(log).sheets["P1-1"].sides["north_south"]
    log.append({"type": "team_absent", "match": "P1-1", "team": team, "reason": "not at the hall"})
    refuse(log, called("P1-1", 2), "P1-1 is decided by an absence", "match")
