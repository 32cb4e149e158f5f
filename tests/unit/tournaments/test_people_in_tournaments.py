"""A tournament's registrations linked to the association's players: plain names still replay, a
team or player names its records, singles are paired (Detroit II.c), and a person's part in a
tournament is found through the links (``careers``)."""

from __future__ import annotations

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.careers import career
from adjudicator.simulation.tournaments import Director, run_detroit

CREATED = {"type": "tournament_created", "ruleset": "detroit"}


def test_a_log_of_plain_names_replays_as_before_with_nobody_linked() -> None:
    t = replay_tournament([CREATED, {"type": "team_registered", "team": "Aces", "players": ["Ann", "Al"]}])
    assert t.roster.teams["Aces"]["players"] == ["Ann", "Al"]
    assert t.roster.people_of_team == {} and career(t, {"p1"}) is None


def test_a_team_names_one_record_for_each_of_its_players() -> None:
    t = replay_tournament([CREATED])
    with pytest.raises(IllegalEvent) as refused:
        t.apply({"type": "team_registered", "team": "Aces", "players": ["Ann", "Al"], "people": ["p1"]})
    assert refused.value.field == "people" and "Aces" not in t.roster.teams
    t.apply({"type": "team_registered", "team": "Aces", "players": ["Ann", "Al"], "people": ["p1", "p2"]})
    assert t.roster.people_of_team["Aces"] == ("p1", "p2")


def test_a_paired_single_brings_its_record_to_the_team() -> None:
    t = replay_tournament(
        [
            CREATED,
            {"type": "single_registered", "player": "Ann", "person": "p1"},
            {"type": "single_registered", "player": "Bea"},
            {"type": "singles_paired", "team": "Pair 1"},
        ]
    )
    assert t.roster.teams["Pair 1"]["players"] == ["Ann", "Bea"]
    assert t.roster.people_of_team["Pair 1"] == ("p1", None)
    assert career(t, {"p1"})["teams"] == [{"team": "Pair 1", "name": None, "number": 1}]  # type: ignore[index]


def test_an_ontario_single_is_refused_in_words_citing_the_row() -> None:
    t = replay_tournament([{"type": "tournament_created", "ruleset": "ontario"}])
    with pytest.raises(IllegalEvent, match=r"doubles only.*\(A; SEASON, singles\)"):
        t.apply({"type": "single_registered", "player": "Sue"})
    assert t.roster.players == {}


def test_a_persons_career_lists_their_matches_hands_and_medals() -> None:
    t = run_detroit(8, seed=3, people={"D001": ["p1", "p2"]}).tournament
    part = career(t, {"p2"})
    assert part is not None and [team["team"] for team in part["teams"]] == ["D001"]
    preliminary = [m for m in part["matches"] if m["stage"] == "round"]
    assert len(preliminary) == 3 and all(len(m["hands"]) == 4 for m in preliminary)
    assert all(m["outcome"] in ("won", "lost") for m in part["matches"])
    won = {place for place, team in t.medals()["places"].items() if team == "D001"}
    assert {medal["place"] for medal in part["medals"]} == won


def test_a_forfeit_on_the_sheet_is_in_the_career_in_its_reason() -> None:
    director = Director(4)
    director.record(CREATED)
    for n, team in enumerate(("Aces", "Kings"), start=1):
        director.record(
            {
                "type": "team_registered",
                "team": team,
                "players": [f"{team} a", f"{team} b"],
                "people": [f"p{n}", f"q{n}"],
            }
        )
    director.seat_next_round()
    match = next(iter(director.tournament.sheets))
    director.record({"type": "hand_forfeited", "match": match, "team": "Aces", "reason": "left the table"})
    part = career(director.tournament, {"p1"})
    assert part is not None
    (played,) = part["matches"]
    assert played["rulings"][0]["detail"] == "left the table"
