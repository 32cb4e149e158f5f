"""Whole tournaments: the standings rebuilt from the event log alone equal the live ones."""

from __future__ import annotations

import json
from collections import Counter

from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.standings import compute_tallies
from adjudicator.simulation.tournaments import Director, run_detroit, run_ontario


def _same(director: Director) -> None:
    live = director.tournament
    rebuilt = replay_tournament(json.loads(json.dumps(director.log)))  # the log as it would be stored
    assert rebuilt.standings() == live.standings()
    assert rebuilt.tallies == live.tallies
    assert compute_tallies(live.format, live.sheets.values()) == live.tallies  # incremental == from scratch
    assert rebuilt.bracket() == live.bracket()
    assert rebuilt.medals() == live.medals()
    assert json.dumps(rebuilt.state(), sort_keys=True) == json.dumps(live.state(), sort_keys=True)


def test_a_128_team_detroit_tournament_rebuilds_from_its_log(detroit_128: Director) -> None:
    t = detroit_128.tournament
    _same(detroit_128)
    assert len(t.rounds) == 3
    assert all(len(r["tables"]) == 64 for r in t.rounds.values())
    assert t.seeding is not None and len(t.seeding["seeds"]) == 64  # 128 or more teams: top 64
    medals = t.medals()
    assert medals["complete"] and len(set(medals["places"].values())) == 3
    standings = t.standings()
    assert [row["team"] for row in standings["rows"][:64]] == t.seeding["seeds"]
    assert sum(row["played"] for row in standings["rows"]) == 128 * 3


def test_every_detroit_hand_on_a_sheet_is_a_real_adjudicated_hand(detroit_128: Director) -> None:
    hands = [e for e in detroit_128.log if e["type"] == "hand_scored"]
    assert len(hands) >= 192 * 4
    assert all(e["score"]["final"] for e in hands)
    points = Counter(sum(e["score"]["points"].values()) for e in hands if not e["score"]["void"])
    assert set(points) <= set(range(1, 15)) and len(points) > 3  # detroit scores 1 to 14 a hand


def test_no_two_detroit_teams_meet_twice_in_the_preliminary_rounds(detroit_128: Director) -> None:
    meetings = Counter(
        frozenset((t["north_south"], t["east_west"]))
        for r in detroit_128.tournament.rounds.values()
        for t in r["tables"]
    )
    assert max(meetings.values()) == 1


def test_a_40_player_ontario_day_rebuilds_from_its_log(ontario_40: Director) -> None:
    t = ontario_40.tournament
    _same(ontario_40)
    assert len(t.rounds) == 12
    played = Counter(
        p
        for r in t.rounds.values()
        for table in r["tables"]
        for s in ("north_south", "east_west")
        for p in table[s]
    )
    assert set(played.values()) == {12} and len(played) == 40
    players = t.standings()["players"]
    assert len(players) == 40 and all(p["played"] == 12 for p in players)
    assert sum(p["tournament_points"] for p in players) == 12 * 10 * 4  # 2 a player a game, ties split
    medals = t.medals()
    assert medals["complete"] and all(len(m) == 2 for m in medals["members"].values())


def test_an_odd_ontario_field_uses_the_floater_and_leaves_it_out_of_the_standings() -> None:
    director = run_ontario(34, seed=3, games=4)
    t = director.tournament
    _same(director)
    floater = next(team for team, reg in t.teams.items() if reg["floater"])
    assert floater not in {row["team"] for row in t.standings()["rows"]}
    assert t.teams[floater]["players"][0] in {
        p
        for r in t.rounds.values()
        for s in ("north_south", "east_west")
        for table in r["tables"]
        for p in table[s]
    }


def test_the_same_seed_gives_the_same_tournament() -> None:
    assert run_detroit(12, seed=9).log == run_detroit(12, seed=9).log
    assert run_detroit(12, seed=9).log != run_detroit(12, seed=10).log


def test_every_prefix_of_the_log_rebuilds_the_live_state() -> None:
    """Standings after each event, live, equal a replay of the log up to that event."""
    director = run_detroit(6, seed=2)
    live = replay_tournament([])
    for i, event in enumerate(director.log, start=1):
        live.apply(event)
        if i % 7 == 0 or i == len(director.log):
            assert replay_tournament(director.log[:i]).standings() == live.standings()
            assert replay_tournament(director.log[:i]).proposal() == live.proposal()
