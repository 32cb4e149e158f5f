"""Who goes on (SEASON.md, row "who goes on"): a final's field made from its qualifiers' results."""

from __future__ import annotations

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.going_on import final_field, going_on
from adjudicator.simulation.tournaments import run_detroit, run_ontario


def test_detroits_final_four_go_on_with_their_players_records_and_where_they_qualified() -> None:
    east = run_detroit(8, seed=1, people={"D001": ["p1", "p2"]}, name="East").tournament
    west = run_detroit(8, seed=2, name="West").tournament
    field = final_field("detroit", [("q-east", east), ("q-west", west)])
    assert [e["qualified_in"] for e in field] == ["q-east"] * 4 + ["q-west"] * 4
    bracket = east.bracket()
    assert bracket is not None
    assert [e["name"] for e in field[:4]] == [bracket["places"][str(n)] for n in range(1, 5)]
    assert len({e["team"] for e in field}) == 8  # a team of the same id in both is told apart
    final = replay_tournament([{"type": "tournament_created", "ruleset": "detroit"}, *field])
    assert len(final.roster.teams) == 8
    linked = [e for e in field if "people" in e]
    assert linked == [] or linked[0]["people"] == ["p1", "p2"]


def test_ontarios_district_gold_medal_winners_go_on() -> None:
    district = run_ontario(12, seed=3).tournament
    (gold,) = going_on(district)
    assert gold == district.medals()["places"]["gold"]
    field = final_field("ontario", [("q1", district)])
    assert [e["type"] for e in field] == ["player_registered", "player_registered", "team_registered"]


@pytest.mark.parametrize("ruleset", ["texas", "chicago", "cardtel"])
def test_a_rulebook_that_names_no_final_refuses_one_citing_the_row(ruleset: str) -> None:
    with pytest.raises(IllegalEvent, match=r"name no final .*SEASON, who goes on: silent"):
        final_field(ruleset, [])


def test_a_qualifier_whose_final_four_are_not_decided_or_of_another_rulebook_is_refused() -> None:
    undecided = replay_tournament([{"type": "tournament_created", "ruleset": "detroit", "name": "North"}])
    with pytest.raises(IllegalEvent, match="Final Four of “North” are not decided yet") as refused:
        final_field("detroit", [("q1", undecided)])
    assert refused.value.field == "qualifiers/0"
    with pytest.raises(IllegalEvent, match="not the final's detroit"):
        final_field("detroit", [("q1", run_ontario(8, seed=1).tournament)])
    with pytest.raises(IllegalEvent, match="each once"):
        final_field("detroit", [("q1", undecided), ("q1", undecided)])
