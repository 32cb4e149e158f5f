"""Who goes on: qualifiers played to their results, and a final made from them (SEASON.md, row "who
goes on")."""

from __future__ import annotations

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.going_on import final_field
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import names, step
from adjudicator.simulation.tournaments import run_detroit, run_ontario


@given(step('the {ruleset:Ruleset} qualifiers "{called:Q}" played to their medals'))
def g_qualifiers(tourney: TourneyContext, ruleset: str, called: str) -> None:
    for n, name in enumerate(names(called), start=1):
        if ruleset == "detroit":
            played = run_detroit(8, seed=n, name=name).tournament
        elif ruleset == "ontario":
            played = run_ontario(12, seed=n).tournament
        else:
            played = replay_tournament([{"type": "tournament_created", "ruleset": ruleset, "name": name}])
        tourney.qualifiers.append((name, played))


@given(step('the detroit qualifier "{name:Q}" whose playoff is not played yet'))
def g_undecided(tourney: TourneyContext, name: str) -> None:
    created = {"type": "tournament_created", "ruleset": "detroit", "name": name}
    tourney.qualifiers.append((name, replay_tournament([created])))


@when(step("the official makes a {ruleset:Ruleset} final from them"))
@when(step("the official makes an {ruleset:Ruleset} final from them"))
def w_final(tourney: TourneyContext, ruleset: str) -> None:
    tourney.record({"type": "tournament_created", "ruleset": ruleset, "name": "Final"}, setup=True)
    try:
        field = final_field(ruleset, tourney.qualifiers)
    except IllegalEvent as error:
        tourney.refused = error
        return
    for event in field:
        tourney.record(event)


@then(step('the final\'s field is the Final Four of "{first:Q}", then of "{second:Q}"'))
def t_final_fours(tourney: TourneyContext, first: str, second: str) -> None:
    expected = []
    for name in (first, second):
        played = dict(tourney.qualifiers)[name]
        bracket = played.bracket()
        assert bracket is not None
        expected += [(bracket["places"][str(n)], name) for n in range(1, 5)]
    teams = tourney.t.roster.teams
    got = [(reg["name"], tourney.t.roster.qualified_in[team]) for team, reg in teams.items()]
    assert got == expected, got


@then(step("the final's field is each district's gold medal pair"))
def t_golds(tourney: TourneyContext) -> None:
    expected = [(played.medals()["places"]["gold"], name) for name, played in tourney.qualifiers]
    teams = tourney.t.roster.teams
    got = [(reg["name"], tourney.t.roster.qualified_in[team]) for team, reg in teams.items()]
    assert got == expected, got
    assert all(len(reg["players"]) == 2 for reg in teams.values())


@then(step("the final has no team"))
def t_empty(tourney: TourneyContext) -> None:
    assert tourney.t.roster.teams == {}
