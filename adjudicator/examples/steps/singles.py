"""Singles: players entered alone and paired by the official or in order of registration (Detroit
II.c), and refused where a rulebook enters teams or doubles only (SEASON.md, row "singles")."""

from __future__ import annotations

from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import Event, names, step


@when(step('the single "{player:Q}" registers'))
@when(step('the singles "{players:Q}" register'))
def w_single(tourney: TourneyContext, player: str = "", players: str = "") -> None:
    for name in names(players) if players else [player]:
        tourney.record({"type": "single_registered", "player": name, "name": name})


@when(step('the official pairs "{a:Q}" with "{b:Q}" as the team "{team:Q}"'))
@when(step('the singles left unpaired are paired as the team "{team:Q}"'))
def w_pair(tourney: TourneyContext, team: str, a: str = "", b: str = "") -> None:
    event: Event = {"type": "singles_paired", "team": team, "name": team}
    if a:
        event["players"] = [a, b]
    tourney.record(event)


@then(step('the team "{team:Q}" is "{players:Q}"'))
def t_team_is(tourney: TourneyContext, team: str, players: str) -> None:
    assert tourney.t.roster.teams[team]["players"] == names(players), tourney.t.roster.teams[team]


@then(step('the singles waiting for a partner are "{players:Q}"'))
@then(step("no single waits for a partner"))
def t_waiting(tourney: TourneyContext, players: str = "") -> None:
    assert tourney.t.roster.unpaired == names(players), tourney.t.roster.unpaired
