"""A correction that gives a hand to the other team moves the hand's wins with it: a match won on
hands won (Texas best 3 of 5, Chicago first to 3) is tallied for the team that won the hand, as
many wins as the hand counted (a Chicago no-trump hand: two)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator.domain.tournaments import replay_tournament

Event = dict[str, Any]


def _log(ruleset: str, wins: int) -> tuple[list[Event], str]:
    log: list[Event] = [{"type": "tournament_created", "ruleset": ruleset, "name": "Corrected"}]
    log += [
        {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"p{n}a", f"p{n}b"]}
        for n in (1, 2)
    ]
    t = replay_tournament(log)
    while t.draws_needed():
        draw = t.random_draw(t.draws_needed()[0], random.Random(1))
        log.append(draw)
        t = replay_tournament(log)
    proposal = t.proposal()
    log.append({"type": "seating_confirmed", "round": proposal["round"], "tables": proposal["tables"]})
    match = next(iter(replay_tournament(log).sheets))
    won = {"north_south": wins, "east_west": 0}
    score = {
        "final": True,
        "void": False,
        "winner": "north_south",
        "points": {"north_south": 2, "east_west": 0},
    }
    log.append(
        {"type": "hand_scored", "match": match, "hand": f"{match}/1", "score": score | {"hand_wins": won}}
    )
    return log, match


@pytest.mark.parametrize(("ruleset", "wins"), [("texas", 1), ("chicago", 2)])
def test_a_hand_given_to_the_other_team_takes_its_wins_along(ruleset: str, wins: int) -> None:
    log, match = _log(ruleset, wins)
    correction = {
        "type": "sheet_corrected",
        "match": match,
        "hand": f"{match}/1",
        "score": {"winner": "east_west", "points": {"north_south": 0, "east_west": 2}},
        "reason": "the set was scored to the bidders",
    }
    result = replay_tournament([*log, correction]).sheets[match].result(replay_tournament(log).format)
    assert result["tally"] == {"north_south": 0, "east_west": wins}
    assert result["hands_won"] == {"north_south": 0, "east_west": 1}
