"""Playoffs: the field seeded, the bracket played out, and the medals; a match called to a table."""

from __future__ import annotations

import re

from adjudicator.domain.cards import TEAMS
from adjudicator.domain.tournaments.playoffs import FINAL, THIRD_PLACE
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import names, step


@when("the official seeds the playoff as proposed")
def t_seed(tourney: TourneyContext) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": tourney.t.propose_seeding()["seeds"]})


@when(step("the official seeds the playoff with the top {n:d}"))
def t_seed_top(tourney: TourneyContext, n: int) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": tourney.t.propose_seeding(n)["seeds"]})


@when(step('the official seeds the playoff as "{seeds:Q}" because "{reason:Q}"'))
def t_seed_override(tourney: TourneyContext, seeds: str, reason: str) -> None:
    tourney.record(
        {"type": "playoff_seeded", "seeds": [tourney.team_id(s) for s in names(seeds)], "reason": reason}
    )


@when(step('the official seeds the playoff as "{seeds:Q}" without a reason'))
def t_seed_no_reason(tourney: TourneyContext, seeds: str) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": [tourney.team_id(s) for s in names(seeds)]})


@when("every playoff match is won by the higher seed")
def t_higher_seed_wins(tourney: TourneyContext) -> None:
    fmt = tourney.t.format
    token = "NS 5 boston" if fmt.match_wins_needed else "NS 5"
    while True:
        waiting = [s for s in tourney.t.sheets.values() if s.stage == "playoff" and not s.decided]
        if not waiting:
            return
        for sheet in waiting:
            while not sheet.result(fmt)["over"]:
                tourney.score_match(sheet.match, token)
            tourney.sign(sheet.match)


@when(step('playoff match "{match:Q}" scores "{hands:Q}"'))
def t_playoff_scores(tourney: TourneyContext, match: str, hands: str) -> None:
    tourney.score_match(match, hands)


@when(step('the team of seed {seed:d} signs playoff match "{match:Q}"'))
def t_seed_signs(tourney: TourneyContext, seed: int, match: str) -> None:
    tourney.record({"type": "sheet_signed", "match": match, "team": tourney.seed_team(seed)})


@when(step('the official records that seed {seed:d} won playoff match "{match:Q}"\'s tie-break'))
def t_playoff_tiebreak(tourney: TourneyContext, seed: int, match: str) -> None:
    sheet = tourney.t.sheets[match]
    winner = tourney.seed_team(seed)
    loser = next(str(sheet.sides[s]) for s in TEAMS if sheet.sides[s] != winner)
    tourney.record(
        {"type": "tiebreak_decided", "match": match, "teams": [winner, loser], "reason": "playoff hand"}
    )


@then(step("the playoff field is {n:d} teams"))
def t_field(tourney: TourneyContext, n: int) -> None:
    assert tourney.t.propose_seeding()["size"] == n, tourney.t.propose_seeding()["size"]


@then(step('the playoff seeds are "{seeds:Q}"'))
def t_seeds(tourney: TourneyContext, seeds: str) -> None:
    tourney.no_refusal()
    assert tourney.t.seeding is not None and tourney.t.seeding["seeds"] == names(seeds), tourney.t.seeding


@then(step('the first playoff round pairs seeds "{pairs:Q}"'))
def t_first_round(tourney: TourneyContext, pairs: str) -> None:
    tourney.no_refusal()
    bracket = tourney.t.bracket()
    assert bracket is not None
    seeds = tourney.t.seeding["seeds"] if tourney.t.seeding else []
    got = [
        " v ".join(str(seeds.index(team) + 1) for team in m["teams"])
        for m in bracket["matches"].values()
        if m["round"] == 1
    ]
    assert ", ".join(got) == pairs, got


@then(step("seed {seed:d} has a bye into round 2"))
def t_bye(tourney: TourneyContext, seed: int) -> None:
    bracket = tourney.t.bracket()
    assert bracket is not None
    team = tourney.seed_team(seed)
    assert not any(team in m["teams"] for m in bracket["matches"].values() if m["round"] == 1)
    assert bracket["byes"] == [team], bracket["byes"]


@then(step("the final is seeds {a:d} v {b:d} and the third-place match seeds {c:d} v {d:d}"))
def t_final_four(tourney: TourneyContext, a: int, b: int, c: int, d: int) -> None:
    tourney.no_refusal()
    bracket = tourney.t.bracket()
    assert bracket is not None
    s = tourney.seed_team
    assert bracket["matches"]["final"]["teams"] == [s(a), s(b)], bracket["matches"]["final"]
    assert bracket["matches"]["third_place"]["teams"] == [s(c), s(d)], bracket["matches"]["third_place"]


@then(step('the medals go "{text:Q}"'))
def t_medals(tourney: TourneyContext, text: str) -> None:
    tourney.no_refusal()
    places = tourney.t.medals()["places"]
    expected = {}
    for part in names(text):
        place, who = (x.strip() for x in part.split(":"))
        expected[place] = tourney.team_id(who)
    assert {k: places.get(k) for k in expected} == expected, places


@then(step('seed {seed:d} wins playoff match "{match:Q}"'))
def t_seed_wins(tourney: TourneyContext, seed: int, match: str) -> None:
    tourney.no_refusal()
    sheet = tourney.t.sheets[match]
    result = sheet.result(tourney.t.format)
    assert result["winner"] is not None and sheet.sides[result["winner"]] == tourney.seed_team(seed), result


@when(step('the official eliminates seed {seed:d} from playoff match "{match:Q}" because "{reason:Q}"'))
def t_absent(tourney: TourneyContext, seed: int, match: str, reason: str) -> None:
    team = tourney.seed_team(seed)
    tourney.record({"type": "team_absent", "match": match, "team": team, "reason": reason, "by": "official"})


@when(step('the official eliminates "{team:Q}" from table {table:d}\'s match because "{reason:Q}"'))
def t_absent_round(tourney: TourneyContext, team: str, table: int, reason: str) -> None:
    match = tourney.sheet_id(table)
    tourney.record({"type": "team_absent", "match": match, "team": tourney.team_id(team), "reason": reason})


@then(step('playoff match "{match:Q}" is decided by the absence of seed {seed:d}'))
def t_decided_by_absence(tourney: TourneyContext, match: str, seed: int) -> None:
    tourney.no_refusal()
    sheet = tourney.t.sheets[match]
    data = sheet.to_dict(tourney.t.format)
    assert data["status"] == "eliminated", data["status"]
    assert data["result"]["decided_by"] == "absent", data["result"]
    assert sheet.sides[data["stoppage"]["team"]] == tourney.seed_team(seed), data["stoppage"]


@then(step('playoff match "{match:Q}" cites "{document:Q}" section "{section:Q}"'))
def t_playoff_match_cites(tourney: TourneyContext, match: str, document: str, section: str) -> None:
    citations = tourney.t.sheets[match].result(tourney.t.format)["citations"]
    assert {"document": document, "section": section} in citations, citations


def _match(tourney: TourneyContext, said: str) -> str:
    """A match as a step names it: "the final", "the third-place match", "playoff match "P1-2"", or
    "table 2's match" (the current round's)."""
    said = said.strip()
    if said in ("the final", "the third-place match"):
        return FINAL if said == "the final" else THIRD_PLACE
    table = re.fullmatch(r"table (\d+)'s match", said)
    if table:
        return tourney.sheet_id(int(table[1]))
    return said.removeprefix("playoff match ").strip('"')


@when(step("the director calls {match} to table {table:d}"))
def t_call(tourney: TourneyContext, match: str, table: int) -> None:
    tourney.record({"type": "match_called", "match": _match(tourney, match), "table": table})


@when(step('the director calls {match} to table {table:d} because "{reason:Q}"'))
def t_call_because(tourney: TourneyContext, match: str, table: int, reason: str) -> None:
    event = {"type": "match_called", "match": _match(tourney, match), "table": table, "reason": reason}
    tourney.record(event)


@then(step("{match} is played at table {table:d}"))
def t_played_at(tourney: TourneyContext, match: str, table: int) -> None:
    tourney.no_refusal()
    sheet = tourney.t.sheets[_match(tourney, match)]
    assert sheet.table == table, sheet.table


@then(step("{match} is played at no table yet"))
def t_at_no_table(tourney: TourneyContext, match: str) -> None:
    assert tourney.t.sheets[_match(tourney, match)].table is None
