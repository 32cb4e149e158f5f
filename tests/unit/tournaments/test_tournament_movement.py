"""Rotation rules as pure functions: nobody is lost, nobody sits twice, nobody meets twice too soon."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.domain.tournaments import movement


def _meetings(rounds: list[list[dict[str, Any]]]) -> Counter[frozenset[str]]:
    return Counter(frozenset((t["north_south"], t["east_west"])) for r in rounds for t in r if t["east_west"])


@given(st.integers(min_value=5, max_value=30))
def test_texas_five_rounds_never_repeat_a_meeting(tables: int) -> None:
    teams = [f"T{i}" for i in range(1, 2 * tables + 1)]
    rounds = [movement.by_number(teams)]
    for rnd in range(2, 6):
        rounds.append(movement.texas(rounds[-1], rnd))
    assert max(_meetings(rounds).values()) == 1
    for r in rounds:
        assert sorted(s for t in r for s in (t["north_south"], t["east_west"])) == sorted(teams)
    # even-numbered teams move in rounds 2-3 only, odd-numbered teams in rounds 4-5 only
    where = [{t[s]: t["table"] for t in r for s in ("north_south", "east_west")} for r in rounds]
    assert all(where[0][t] == where[2][t] for t in teams[::2]) and all(
        where[2][t] == where[4][t] for t in teams[1::2]
    )


@given(st.integers(min_value=3, max_value=40))
def test_stay_and_move_three_rounds_never_repeat_a_meeting(tables: int) -> None:
    first, odd = movement.pair_off([f"T{i}" for i in range(2 * tables)])
    assert odd is None
    rounds = [first]
    for _ in range(2):
        rounds.append(movement.stay_and_move(rounds[-1], include_odd=False))
    assert max(_meetings(rounds).values()) == 1
    assert all(r[i]["north_south"] == first[i]["north_south"] for r in rounds for i in range(tables))


def test_pair_off_leaves_the_last_drawn_team_odd() -> None:
    tables, odd = movement.pair_off(["C", "A", "E", "B", "D"])
    assert odd == "D" and [(t["north_south"], t["east_west"]) for t in tables] == [("C", "A"), ("E", "B")]


def test_a_bye_passes_along_with_the_moving_side() -> None:
    tables, odd = movement.pair_off(["A", "B", "C", "D", "E"])
    assert odd is not None
    seating = [*tables, movement.odd_table(3, odd, None)]
    byes = []
    for _ in range(3):
        seating = movement.stay_and_move(seating, include_odd=True)
        byes.append(next(t["north_south"] for t in seating if t["east_west"] is None))
    assert len(set(byes)) == 3


@given(
    st.integers(min_value=5, max_value=15),
    st.lists(st.sampled_from(["north_south", "east_west", None]), min_size=15, max_size=15),
    st.booleans(),
)
def test_progressive_keeps_four_at_every_table_and_splits_partners(
    tables: int, results: list[str | None], first: bool
) -> None:
    players = [f"p{i}" for i in range(4 * tables)]
    seating = [
        {
            "table": i + 1,
            "north_south": players[4 * i : 4 * i + 2],
            "east_west": players[4 * i + 2 : 4 * i + 4],
        }
        for i in range(tables)
    ]
    winners = {i + 1: results[i] for i in range(tables)}
    after = movement.progressive(seating, winners, first_of_session=first)
    seated = [p for t in after for s in ("north_south", "east_west") for p in t[s]]
    assert sorted(seated) == sorted(players)
    before = {frozenset(t[s]) for t in seating for s in ("north_south", "east_west")}
    assert not any(frozenset(t[s]) in before for t in after for s in ("north_south", "east_west"))
    if first:  # the two-and-one move: nobody meets a partner of the first game at all
        for t in after:
            table = set(t["north_south"]) | set(t["east_west"])
            assert not any(len(table & pair) == 2 for pair in before)
