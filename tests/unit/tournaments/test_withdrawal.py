"""A withdrawn team is out of every later round's proposal (the rotation moves on without it, its
opponent paired with another team left alone, or given a bye), the proposal confirms as it is, and a
withdrawal is undone by its correcting event (``team_reinstated``), after which the team is proposed
and ranked again."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.movement import SeatedTable, without
from tests.unit.tournaments.test_tournament_replay import SIGNED, refuse

WITHDRAWN = {"type": "team_withdrawn", "team": "B", "reason": "a player fell ill"}


def seated_teams(tables: list[SeatedTable] | None) -> set[Any]:
    assert tables is not None
    return {side for t in tables for side in (t["north_south"], t["east_west"]) if side is not None}


def test_a_withdrawn_team_is_out_of_the_next_proposal_and_the_proposal_confirms() -> None:
    t = replay_tournament([*SIGNED, WITHDRAWN])
    proposal = t.proposal()
    assert seated_teams(proposal["tables"]) == {"A", "C", "D"}
    t.apply({"type": "seating_confirmed", "round": 2, "tables": proposal["tables"]})
    assert t.version == len(SIGNED) + 2


def test_a_reinstated_team_is_proposed_and_ranked_again() -> None:
    back = {"type": "team_reinstated", "team": "B", "reason": "withdrawn by mistake"}
    t = replay_tournament([*SIGNED, WITHDRAWN, back])
    assert seated_teams(t.proposal()["tables"]) == {"A", "B", "C", "D"}
    assert "B" in {r["team"] for r in t.standings()["rows"]}
    assert next(team for team in t.state()["teams"] if team["team"] == "B")["withdrawn"] is None


def test_only_a_withdrawn_team_is_reinstated() -> None:
    refuse(SIGNED, {"type": "team_reinstated", "team": "B", "reason": "x"}, "has not withdrawn", "team")


def test_the_opponents_left_alone_are_paired_and_an_odd_one_has_a_bye() -> None:
    tables: list[SeatedTable] = [
        {"table": 1, "north_south": "A", "east_west": "B", "uncounted": []},
        {"table": 2, "north_south": "C", "east_west": "D", "uncounted": []},
        {"table": 3, "north_south": "E", "east_west": "F", "uncounted": []},
        {"table": 4, "north_south": "G", "east_west": None, "uncounted": []},
    ]
    paired = without(tables, lambda team: team in ("B", "C", "E", "F"))
    assert paired == [
        {"table": 1, "north_south": "A", "east_west": "D", "uncounted": []},
        {"table": 4, "north_south": "G", "east_west": None, "uncounted": []},
    ]
