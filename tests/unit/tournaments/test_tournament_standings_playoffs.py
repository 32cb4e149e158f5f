"""Standings keys and ties per rulebook; brackets, byes, the Final Four and the medals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.domain.tournaments.formats import FORMATS
from adjudicator.domain.tournaments.playoffs import (
    FINAL,
    THIRD_PLACE,
    bracket,
    medals,
    propose_seeds,
    seed_order,
)
from adjudicator.domain.tournaments.standings import Tally, key_value, standings


def teams(*names: str) -> dict[str, dict[str, object]]:
    return {n: {"team": n, "number": i, "players": []} for i, n in enumerate(names, start=1)}


def test_texas_winning_percentage_is_hands_won_over_hands_played() -> None:
    assert key_value("winning_percentage", Tally(hands_won=3, hands_played=5)) == Fraction(3, 5)
    assert key_value("winning_percentage", Tally()) == 0


def test_detroit_ranks_by_rounds_won_then_points_and_shares_a_rank_on_a_full_tie() -> None:
    tallies = {
        "A": Tally(played=3, won=2, points=30),
        "B": Tally(played=3, won=3, points=10),
        "C": Tally(played=3, won=2, points=30),
        "D": Tally(played=3, won=2, points=31),
    }
    table = standings(FORMATS["detroit"], tallies, teams("A", "B", "C", "D"))
    assert [(r["rank"], r["team"]) for r in table["rows"]] == [(1, "B"), (2, "D"), (3, "A"), (3, "C")]
    (tie,) = table["ties"]
    assert tie["teams"] == ["A", "C"] and "single game" in tie["playoff"] and tie["rank"] == 3
    decided = standings(FORMATS["detroit"], tallies, teams("A", "B", "C", "D"), [["C", "A"]])
    assert [(r["rank"], r["team"]) for r in decided["rows"]] == [(1, "B"), (2, "D"), (3, "C"), (4, "A")]
    assert decided["ties"] == []


def test_a_playoff_over_fewer_teams_than_the_tie_leaves_it_open() -> None:
    tallies = {t: Tally(played=1, won=1, points=5) for t in "ABC"}
    table = standings(FORMATS["detroit"], tallies, teams("A", "B", "C"), [["B", "A"]])
    assert table["ties"][0]["teams"] == ["A", "B", "C"]


def test_ontario_sums_partners_and_lists_players() -> None:
    regs = {"A": {"number": 1, "players": ["a1", "a2"]}, "B": {"number": 2, "players": ["b1", "b2"]}}
    tallies = {
        "a1": Tally(played=2, tournament_points=4, points=40, against=20),
        "a2": Tally(played=2, tournament_points=2, points=30, against=30),
        "b1": Tally(played=2, tournament_points=4, points=50, against=20),
        "b2": Tally(played=2, tournament_points=2, points=25, against=30),
    }
    table = standings(FORMATS["ontario"], tallies, regs)
    assert [(r["team"], r["tournament_points"], r["point_differential"]) for r in table["rows"]] == [
        ("B", 6, 25),
        ("A", 6, 20),
    ]
    assert table["ties"] == []
    assert [p["player"] for p in table["players"]] == ["b1", "a1", "a2", "b2"]


def test_seed_order_keeps_the_top_two_apart_until_the_final() -> None:
    order = seed_order(16)
    assert [order[i : i + 2] for i in range(0, 16, 2)] == [
        [1, 16],
        [8, 9],
        [4, 13],
        [5, 12],
        [2, 15],
        [7, 10],
        [3, 14],
        [6, 11],
    ]
    assert 1 in order[:8] and 2 in order[8:]
    assert sorted(seed_order(64)) == list(range(1, 65))


def _play_out(seeds: list[str], upset: str | None = None) -> dict[str, object]:
    winners: dict[str, str | None] = {}
    losers: dict[str, str | None] = {}
    while True:
        state = bracket(seeds, winners, losers)
        open_matches = {m: v for m, v in state["matches"].items() if m not in winners}
        if not open_matches:
            return state
        for mid, match in open_matches.items():
            a, b = match["teams"]
            win, lose = (b, a) if upset in (a, b) and b == upset else (a, b)
            winners[mid], losers[mid] = win, lose


@pytest.mark.parametrize("size", [2, 4, 7, 8, 16, 32, 64])
def test_a_bracket_plays_down_to_four_places(size: int) -> None:
    seeds = [f"S{i}" for i in range(1, size + 1)]
    state = _play_out(seeds)
    places = state["places"]
    assert places["1"] == "S1" and places["2"] == "S2"
    if size >= 4:
        assert places["3"] == "S3" and places["4"] == "S4"
        assert state["matches"][THIRD_PLACE]["teams"] == ["S3", "S4"]
    assert state["matches"][FINAL]["teams"] == ["S1", "S2"]
    assert state["byes"] == (["S1"] if size == 7 else [])


def test_an_upset_advances_the_lower_seed() -> None:
    seeds = [f"S{i}" for i in range(1, 9)]
    state = _play_out(seeds, upset="S8")
    assert state["places"]["1"] == "S8"


def test_medals_name_the_places_as_the_rulebook_does() -> None:
    places = {"1": "A", "2": "B", "3": "C", "4": "D"}
    assert medals(FORMATS["detroit"], places)["places"] == {"gold": "A", "silver": "B", "bronze": "C"}
    assert medals(FORMATS["texas"], places)["places"] == {"1st": "A", "2nd": "B", "3rd": "C", "4th": "D"}
    assert not medals(FORMATS["texas"], {"1": "A"})["complete"]


def test_a_tie_across_the_cut_holds_the_seeding_for_its_playoff() -> None:
    tallies = {f"T{i}": Tally(played=3, won=3 if i < 8 else 1, points=10) for i in range(1, 11)}
    table = standings(FORMATS["texas"], tallies, teams(*tallies))
    proposal = propose_seeds(FORMATS["texas"], table, 10)
    assert proposal["size"] == 8 and proposal["waiting_for"][0]["teams"] == ["T8", "T9", "T10"]
    assert proposal["pairings"][0] == [proposal["seeds"][0], proposal["seeds"][7]]
