"""Entering a tournament (SEASON.md, issue 32): a tournament with its start time, teams registered with
their players' declared facts at a moment, an official's admission, and the refusals that cite a row.

A player's facts are written ``Ann: born 1975-05-16, Senior Olympics 2026-05-01, lives in Ontario,
title district gold 2025``, players separated by ``;``. A moment is a date and time with its offset
(``2026-05-16T10:15-04:00``), the tournament's clock when an event is recorded.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.going_on import qualifying_golds
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import Event, names, step
from adjudicator.simulation.tournaments import run_ontario

#: The facts a phrase declares: its opening words, and the fact's name.
PHRASES = {
    "born ": "birth_date",
    "Senior Olympics ": "senior_olympics_registered",
    "lives in ": "residence",
    "title ": "title",
}
#: Players who may play at any Detroit tournament of 2026 (over 50, registered in January).
ELIGIBLE = "born 1950-03-01, Senior Olympics 2026-01-15"


def players_of(text: str) -> tuple[list[str], dict[str, dict[str, str]]]:
    """``Ann: born 1975-05-16; Al`` -> the players and each one's declared facts."""
    players: list[str] = []
    declared: dict[str, dict[str, str]] = {}
    for part in (p.strip() for p in text.split(";") if p.strip()):
        name, _, facts = part.partition(":")
        players.append(name.strip())
        for phrase in names(facts):
            fact = next(f for opening, f in PHRASES.items() if phrase.startswith(opening))
            declared.setdefault(name.strip(), {})[fact] = phrase.split(" ", 2 if fact == "residence" else 1)[
                -1
            ]
            if fact == "senior_olympics_registered":
                declared[name.strip()][fact] = phrase.removeprefix("Senior Olympics ")
    return players, declared


def _create(tourney: TourneyContext, ruleset: str, start: str, **more: Any) -> None:
    tourney.record({"type": "tournament_created", "ruleset": ruleset, "starts_at": start, **more}, setup=True)


def register(
    tourney: TourneyContext, team: str, players: str, at: str | None, centre: str | None = None
) -> None:
    """Record ``team``'s registration with its players' facts, at the moment ``at`` (None: any)."""
    named, declared = players_of(players)
    if tourney.t.format.registers_players:
        for p in named:
            if p not in tourney.t.roster.players:
                tourney.record({"type": "player_registered", "player": p}, setup=True)
    event: Event = {"type": "team_registered", "team": team, "players": named}
    if declared:
        event["declared"] = declared
    if centre is not None:
        event["centre"] = centre
    tourney.record(event, now=datetime.fromisoformat(at) if at else None)


@given(step('a {ruleset:Ruleset} tournament starting at "{start:Q}"'))
def t_starting(tourney: TourneyContext, ruleset: str, start: str) -> None:
    _create(tourney, ruleset, start)


@given(step('a {ruleset:Ruleset} tournament of {places:d} places starting at "{start:Q}"'))
def t_places(tourney: TourneyContext, ruleset: str, places: int, start: str) -> None:
    _create(tourney, ruleset, start, places=places)


@given(step('an ontario "{level:Q}" tournament starting at "{start:Q}"'))
@given(step('an ontario "{level:Q}" tournament of {places:d} places starting at "{start:Q}"'))
def t_level(tourney: TourneyContext, level: str, start: str, places: int | None = None) -> None:
    more: dict[str, Any] = {"places": places} if places else {}
    _create(tourney, "ontario", start, level={"district games": "district"}.get(level, "provincial"), **more)


@given(step('the teams "{teams:Q}" of eligible players'))
def t_eligible_teams(tourney: TourneyContext, teams: str) -> None:
    """``A of Eastside, B of Westside``: each team of two eligible players, entered for its centre."""
    for n, entry in enumerate(names(teams), start=1):
        team, _, centre = entry.partition(" of ")
        register(tourney, team, f"{team}1: {ELIGIBLE}; {team}2: {ELIGIBLE}", None, centre or None)
        tourney.no_refusal()
        assert n


@when(step('"{team:Q}" registers with "{players:Q}"'))
def t_register(tourney: TourneyContext, team: str, players: str) -> None:
    register(tourney, team, players, None)


@when(step('"{team:Q}" registers at "{at:Q}" with "{players:Q}"'))
def t_register_at(tourney: TourneyContext, team: str, at: str, players: str) -> None:
    register(tourney, team, players, at)


@when(step('"{team:Q}" of "{centre:Q}" registers with "{players:Q}"'))
def t_register_of(tourney: TourneyContext, team: str, centre: str, players: str) -> None:
    register(tourney, team, players, None, centre)


@when(step('"{team:Q}" of "{centre:Q}" registers with eligible players'))
def t_register_centre(tourney: TourneyContext, team: str, centre: str) -> None:
    register(tourney, team, f"{team}1: {ELIGIBLE}; {team}2: {ELIGIBLE}", None, centre)


@when(step('the official admits "{team:Q}" because "{reason:Q}"'))
def t_admit(tourney: TourneyContext, team: str, reason: str) -> None:
    tourney.record({"type": "entry_admitted", "team": team, "reason": reason, "by": "the official"})


@when(step('"{team:Q}" checks in at "{at:Q}"'))
def t_check_in(tourney: TourneyContext, team: str, at: str) -> None:
    tourney.record({"type": "team_checked_in", "team": team}, now=datetime.fromisoformat(at))


@when(step('the start has passed at "{at:Q}"'))
def t_start_passed(tourney: TourneyContext, at: str) -> None:
    """What the service records before the next event after the start: the defaults it has made."""
    for event in tourney.t.entries.due(
        tourney.t.schedule, tourney.t.roster, tourney.t.hall, datetime.fromisoformat(at)
    ):
        tourney.record(event, now=datetime.fromisoformat(at))


@when(step('the official reinstates "{team:Q}" because "{reason:Q}"'))
def t_reinstate(tourney: TourneyContext, team: str, reason: str) -> None:
    tourney.record({"type": "team_reinstated", "team": team, "reason": reason})


@then(step('"{team:Q}" is in default: "{text:Q}"'))
def t_in_default(tourney: TourneyContext, team: str, text: str) -> None:
    tourney.no_refusal()
    withdrawn = tourney.t.roster.teams[team]["withdrawn"]
    assert withdrawn is not None and text in withdrawn["reason"], withdrawn
    assert team not in tourney.t.roster.pairing_pool(tourney.t.format)


@then(step('the teams in play are "{teams:Q}"'))
def t_in_play(tourney: TourneyContext, teams: str) -> None:
    tourney.no_refusal()
    assert tourney.t.roster.pairing_pool(tourney.t.format) == names(teams)


@given(step('the ontario district games "{name:Q}" played to their medals, each player linked to a record'))
def t_district(tourney: TourneyContext, name: str) -> None:
    log = run_ontario(8, seed=3).log
    linked = [{**e, "person": f"rec-{e['player']}"} if e["type"] == "player_registered" else e for e in log]
    tourney.qualifiers.append((name, replay_tournament([{**linked[0], "name": name}, *linked[1:]])))


def register_people(tourney: TourneyContext, team: str, people: dict[str, str]) -> None:
    """``team`` registered with players linked to ``people`` (player -> record), each qualified as the
    service finds it: the district whose gold medal, recorded here, the player's record won."""
    golds = {p: name for name, played in tourney.qualifiers for p in qualifying_golds(played)}
    for player, person in people.items():
        tourney.record({"type": "player_registered", "player": player, "person": person}, setup=True)
    event: Event = {"type": "team_registered", "team": team, "players": list(people)}
    found = {p: {"district_gold": golds[r]} for p, r in people.items() if r in golds}
    if found:
        event["declared"] = found
    tourney.record(event)


@when(step('the gold medal pair of "{name:Q}" registers as "{team:Q}" declaring no title'))
def t_gold_pair(tourney: TourneyContext, name: str, team: str) -> None:
    played = dict(tourney.qualifiers)[name]
    gold = played.medals()["places"]["gold"]
    register_people(tourney, team, {f"{team} {p}": f"rec-{p}" for p in played.roster.teams[gold]["players"]})


@when(step('"{team:Q}" registers players linked to records that won no gold medal, declaring no title'))
def t_no_gold(tourney: TourneyContext, team: str) -> None:
    register_people(tourney, team, {f"{team} {n}": f"rec-{team}-{n}" for n in (1, 2)})


@then(step('"{team:Q}" is qualified by the gold medal of "{name:Q}"'))
def t_qualified_by(tourney: TourneyContext, team: str, name: str) -> None:
    tourney.no_refusal()
    assert team in tourney.t.roster.teams
    registered = [e for e in tourney.log if e.get("type") == "team_registered" and e.get("team") == team][-1]
    assert {f["district_gold"] for f in registered["declared"].values()} == {name}, registered


@then(step('"{team:Q}" is registered as team {number:d}'))
def t_registered(tourney: TourneyContext, team: str, number: int) -> None:
    tourney.no_refusal()
    registration = tourney.t.roster.teams.get(team)
    assert registration is not None and registration["withdrawn"] is None, registration
    assert registration["number"] == number, registration


@then(step('"{team:Q}" has given its place: "{text:Q}"'))
def t_displaced(tourney: TourneyContext, team: str, text: str) -> None:
    tourney.no_refusal()
    withdrawn = tourney.t.roster.teams[team]["withdrawn"]
    assert withdrawn is not None and text in withdrawn["reason"], withdrawn


@then(step('the entry is refused: "{text:Q}", citing "{document:Q}" section "{section:Q}"'))
def t_refused(tourney: TourneyContext, text: str, document: str, section: str) -> None:
    refused = tourney.refused
    assert refused is not None, "nothing was refused"
    assert {"document": document, "section": section} in [c.to_dict() for c in refused.citations], refused
    tourney.take_refusal(text)
