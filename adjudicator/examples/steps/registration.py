"""Registration: tournaments started with their teams, pairs or floater, and teams withdrawn."""

from __future__ import annotations

import re

from adjudicator.examples.registry import given, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import Event, names, step
from adjudicator.simulation.tournaments import Director, whist_hand


def _register(ctx: TourneyContext, ruleset: str, teams: list[tuple[str, list[str]]]) -> None:
    ctx.record({"type": "tournament_created", "ruleset": ruleset}, setup=True)
    for number, (team, players) in enumerate(teams, start=1):
        if ctx.t.format.registers_players:
            for p in players:
                ctx.record({"type": "player_registered", "player": p}, setup=True)
        event: Event = {"type": "team_registered", "team": team, "number": number}
        if players:
            event["players"] = players
        ctx.record(event, setup=True)


def _parse_teams(text: str) -> list[tuple[str, list[str]]]:
    """``Aces (Ann, Al), Kings`` -> [("Aces", ["Ann", "Al"]), ("Kings", [])]."""
    out: list[tuple[str, list[str]]] = []
    for match in re.finditer(r"\s*([^,(]+?)\s*(?:\(([^)]*)\))?\s*(?:,|$)", text):
        if match.group(1):
            out.append((match.group(1), names(match.group(2) or "")))
    return out


@given(step('a {ruleset:Ruleset} tournament with the teams "{teams:Q}"'))
def t_tournament_with_teams(tourney: TourneyContext, ruleset: str, teams: str) -> None:
    _register(tourney, ruleset, _parse_teams(teams))


@given(step("a {ruleset:Ruleset} tournament with {n:d} teams"))
def t_tournament_with_n_teams(tourney: TourneyContext, ruleset: str, n: int) -> None:
    _register(tourney, ruleset, [(f"T{i}", []) for i in range(1, n + 1)])


@given(step("a {ruleset:Ruleset} tournament with {n:d} teams whose preliminary rounds are played"))
def t_tournament_played(tourney: TourneyContext, ruleset: str, n: int) -> None:
    director = Director(seed=n)
    director.record({"type": "tournament_created", "ruleset": ruleset})
    for i in range(1, n + 1):
        director.record({"type": "team_registered", "team": f"T{i}", "number": i})
    scorer = whist_hand(ruleset, seed=7)
    for _ in range(director.tournament.max_rounds or 3):
        director.seat_next_round()
        director.play_round(scorer)
    director.settle_ties(n)
    tourney.t, tourney.log, tourney.director = director.tournament, director.log, director


@given(step('an ontario tournament with the pairs "{pairs:Q}"'))
def t_ontario_pairs(tourney: TourneyContext, pairs: str) -> None:
    _register(tourney, "ontario", _parse_teams(pairs))


@given(step('an ontario tournament in sessions of {n:d} games with the pairs "{pairs:Q}"'))
def t_ontario_sessions(tourney: TourneyContext, n: int, pairs: str) -> None:
    tourney.record({"type": "tournament_created", "ruleset": "ontario", "games_per_session": n}, setup=True)
    for number, (team, players) in enumerate(_parse_teams(pairs), start=1):
        for p in players:
            tourney.record({"type": "player_registered", "player": p}, setup=True)
        tourney.record(
            {"type": "team_registered", "team": team, "number": number, "players": players}, setup=True
        )


@given(step('the floater pair "{pair:Q}"'))
def t_floater(tourney: TourneyContext, pair: str) -> None:
    ((team, players),) = _parse_teams(pair)
    for p in players:
        tourney.record({"type": "player_registered", "player": p}, setup=True)
    tourney.record({"type": "team_registered", "team": team, "players": players, "floater": True}, setup=True)


@when(step('"{team:Q}" withdraws because "{reason:Q}"'))
def t_withdraw(tourney: TourneyContext, team: str, reason: str) -> None:
    tourney.record({"type": "team_withdrawn", "team": team, "reason": reason})
