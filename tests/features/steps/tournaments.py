"""Step definitions for the tournament features (issue 5): features/<ruleset>/tournament.feature.

Kept apart from ``conftest.py`` (the hand-level steps) and imported there with ``import *``. Every step
text here starts with words the hand steps never use, and the few shared shapes ("... cites ...") are
pinned to this module's own nouns, so the two step sets cannot match the same line.

Every recorded event goes through the live ``Tournament``; a refused event must leave its state exactly
as it was, and the standings checks also rebuild the tournament from its log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import parse
import pytest
from pytest_bdd import given, parsers, then, when

from adjudicator import IllegalEvent, adjudicate, get_ruleset
from adjudicator.cards import TEAMS
from adjudicator.simulate import scripted_hand
from adjudicator.tournaments import Tournament, replay_tournament
from adjudicator.tournaments.simulate import Director, whist_hand
from adjudicator.tournaments.standings import compute_tallies

Event = dict[str, Any]


@parse.with_pattern(r"detroit|texas|chicago|cardtel|ontario")
def _t_ruleset(text: str) -> str:
    return text


@parse.with_pattern(r"north|east|south|west")
def _t_seat(text: str) -> str:
    return text


@parse.with_pattern(r"[^\"]*")
def _t_quoted(text: str) -> str:
    return text


@parse.with_pattern(
    r"proposed seating|standings|playoff field|bracket|medals|delay ruling|dispute|correction"
)
def _t_cited(text: str) -> str:
    return text


@parse.with_pattern(r"match|sheet")
def _t_record(text: str) -> str:
    return text


T_TYPES: dict[str, Callable[[str], str]] = {
    "TRuleset": _t_ruleset,
    "TSeat": _t_seat,
    "TQ": _t_quoted,
    "Cited": _t_cited,
    "Record": _t_record,
}


def tstep(text: str) -> parsers.parse:
    return parsers.parse(text, extra_types=T_TYPES)


def names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


# ----------------------------------------------------------------------------- the tournament


@dataclass
class TourneyContext:
    """The tournament a scenario runs: the live state, its log, and the last refused event."""

    t: Tournament = field(default_factory=Tournament)
    log: list[Event] = field(default_factory=list)
    refused: IllegalEvent | None = None
    director: Director | None = None
    hands: int = 0

    @property
    def ruleset(self) -> str:
        return self.t.format.ruleset

    def record(self, event: Event, *, setup: bool = False) -> None:
        before = json.dumps(self.t.state(), sort_keys=True, default=str) if self.t.fmt and not setup else None
        try:
            self.t.apply(event)
        except IllegalEvent as error:
            if setup:
                raise AssertionError(f"a Given event was refused: {error.message}: {event}") from None
            assert self.refused is None, f"{event} refused ({error}) after another refusal: {self.refused}"
            after = json.dumps(self.t.state(), sort_keys=True, default=str) if self.t.fmt else None
            assert before == after, "a refused event changed the tournament"
            self.refused = error
            return
        self.log.append(event)

    def sheet_id(self, table: int, rnd: int | None = None) -> str:
        rnd = rnd if rnd is not None else self.t.next_round - 1
        return f"R{rnd}-T{table}"

    def seed_team(self, seed: int) -> str:
        """The team seeded ``seed``: in the bracket once seeded, in the proposal before."""
        seeds = self.t.seeding["seeds"] if self.t.seeding else self.t.propose_seeding()["seeds"]
        return str(seeds[seed - 1])

    def team_id(self, text: str) -> str:
        match = re.fullmatch(r"seed (\d+)", text)
        return self.seed_team(int(match.group(1))) if match else text


@pytest.fixture
def tourney() -> TourneyContext:
    return TourneyContext()


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


# ----------------------------------------------------------------------------- notation


def _hand_score(ctx: TourneyContext, token: str) -> dict[str, Any]:
    """``NS 5``, ``EW 4 boston``, ``NS 3 no trump`` (Bid Whist); ``5:3`` or ``-4:4`` (Bid Euchre)."""
    token = token.strip()
    if ctx.t.format.game == "Bid Euchre":
        ns, ew = (int(x) for x in token.split(":"))
        return {"points": {"north_south": ns, "east_west": ew}}
    words = token.split()
    side = {"NS": "north_south", "EW": "east_west"}[words[0]]
    points = int(words[1]) if len(words) > 1 and words[1].lstrip("-").isdigit() else 0
    rest = " ".join(words[2:] if len(words) > 1 and words[1].lstrip("-").isdigit() else words[1:])
    boston = "boston" in rest
    double = get_ruleset(ctx.ruleset).double_hand_wins and (boston or "no trump" in rest)
    return {
        "final": True,
        "void": False,
        "winner": side,
        "points": {t: points if t == side else 0 for t in TEAMS},
        "hand_wins": {t: (2 if double else 1) if t == side else 0 for t in TEAMS},
        "boston": side if boston else None,
    }


def _score_match(ctx: TourneyContext, match: str, hands: str) -> None:
    for token in names(hands):
        ctx.hands += 1
        ctx.record(
            {"type": "hand_scored", "match": match, "hand": f"h{ctx.hands}", "score": _hand_score(ctx, token)}
        )


def _sign(ctx: TourneyContext, match: str) -> None:
    sheet = ctx.t.sheets[match]
    for side in TEAMS:
        event: Event = {"type": "sheet_signed", "match": match}
        value = sheet.sides[side]
        if isinstance(value, str):
            event["team"] = value
            players = ctx.t.teams[value]["players"]
            if players:
                event["player"] = players[0]
        else:
            event["player"] = value[0]
        ctx.record(event)


def _side(text: str) -> str | list[str]:
    parts = text.split()
    return parts if len(parts) > 1 else text.strip()


def _tables(text: str) -> list[dict[str, Any]]:
    """``1: A v B, 2: C v D, 3: E bye, 4: E v C (C uncounted)``; Bid Euchre sides are two players."""
    tables = []
    for chunk in re.split(r",\s*(?=\d+:)", text.strip()):
        number, rest = chunk.split(":", 1)
        uncounted = re.findall(r"\((\S+) uncounted\)", rest)
        rest = re.sub(r"\(.*?\)", "", rest).strip()
        if rest.endswith(" bye"):
            ns, ew = rest[: -len(" bye")], None
        else:
            ns, ew = (s.strip() for s in rest.split(" v "))
        tables.append(
            {
                "table": int(number),
                "north_south": _side(ns),
                "east_west": _side(ew) if ew else None,
                "uncounted": uncounted,
            }
        )
    return tables


def _show(tables: list[dict[str, Any]] | None) -> str:
    if tables is None:
        return "no proposal"

    def side(value: Any) -> str:
        return " ".join(value) if isinstance(value, list) else str(value)

    out = []
    for t in sorted(tables, key=lambda t: int(t["table"])):
        text = f"{t['table']}: {side(t['north_south'])}"
        text += f" v {side(t['east_west'])}" if t["east_west"] is not None else " bye"
        text += "".join(f" ({u} uncounted)" for u in t.get("uncounted") or [])
        out.append(text)
    return ", ".join(out)


def _cites(citations: list[dict[str, str]], document: str, section: str) -> None:
    assert {"document": document, "section": section} in citations, citations


# ----------------------------------------------------------------------------- given


@given(tstep('a {ruleset:TRuleset} tournament with the teams "{teams:TQ}"'))
def t_tournament_with_teams(tourney: TourneyContext, ruleset: str, teams: str) -> None:
    _register(tourney, ruleset, _parse_teams(teams))


@given(tstep("a {ruleset:TRuleset} tournament with {n:d} teams"))
def t_tournament_with_n_teams(tourney: TourneyContext, ruleset: str, n: int) -> None:
    _register(tourney, ruleset, [(f"T{i}", []) for i in range(1, n + 1)])


@given(tstep("a {ruleset:TRuleset} tournament with {n:d} teams whose preliminary rounds are played"))
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


@given(tstep('an ontario tournament with the pairs "{pairs:TQ}"'))
def t_ontario_pairs(tourney: TourneyContext, pairs: str) -> None:
    _register(tourney, "ontario", _parse_teams(pairs))


@given(tstep('an ontario tournament in sessions of {n:d} games with the pairs "{pairs:TQ}"'))
def t_ontario_sessions(tourney: TourneyContext, n: int, pairs: str) -> None:
    tourney.record({"type": "tournament_created", "ruleset": "ontario", "games_per_session": n}, setup=True)
    for number, (team, players) in enumerate(_parse_teams(pairs), start=1):
        for p in players:
            tourney.record({"type": "player_registered", "player": p}, setup=True)
        tourney.record(
            {"type": "team_registered", "team": team, "number": number, "players": players}, setup=True
        )


@given(tstep('the floater pair "{pair:TQ}"'))
def t_floater(tourney: TourneyContext, pair: str) -> None:
    ((team, players),) = _parse_teams(pair)
    for p in players:
        tourney.record({"type": "player_registered", "player": p}, setup=True)
    tourney.record({"type": "team_registered", "team": team, "players": players, "floater": True}, setup=True)


# ----------------------------------------------------------------------------- when: draws and seating


@given(tstep('the official draws the first pairing "{order:TQ}"'))
@when(tstep('the official draws the first pairing "{order:TQ}"'))
def t_draw_first(tourney: TourneyContext, order: str) -> None:
    tourney.record(
        {
            "type": "draw",
            "purpose": "first_pairing",
            "round": tourney.t.next_round,
            "outcome": names(order),
            "by": "official",
        }
    )


@given(tstep('the official draws the session\'s starting order "{order:TQ}"'))
@when(tstep('the official draws the session\'s starting order "{order:TQ}"'))
def t_draw_session(tourney: TourneyContext, order: str) -> None:
    tourney.record(
        {
            "type": "draw",
            "purpose": "session_start",
            "round": tourney.t.next_round,
            "outcome": names(order),
            "by": "official",
        }
    )


@given(tstep('the official draws "{team:TQ}" to play the odd team'))
@when(tstep('the official draws "{team:TQ}" to play the odd team'))
def t_draw_odd(tourney: TourneyContext, team: str) -> None:
    tourney.record(
        {
            "type": "draw",
            "purpose": "odd_opponent",
            "round": tourney.t.next_round,
            "outcome": [team],
            "by": "official",
        }
    )


@given("the official confirms the proposed seating")
@when("the official confirms the proposed seating")
def t_confirm(tourney: TourneyContext) -> None:
    proposal = tourney.t.proposal()
    tables = proposal["tables"] if proposal["tables"] is not None else []
    tourney.record({"type": "seating_confirmed", "round": proposal["round"], "tables": tables})


@when(tstep('the official seats round {rnd:d} as "{tables:TQ}" because "{reason:TQ}"'))
def t_override(tourney: TourneyContext, rnd: int, tables: str, reason: str) -> None:
    tourney.record({"type": "seating_overridden", "round": rnd, "tables": _tables(tables), "reason": reason})


@when(tstep('the official records the seating "{tables:TQ}" for round {rnd:d} without a reason'))
def t_confirm_other(tourney: TourneyContext, tables: str, rnd: int) -> None:
    tourney.record({"type": "seating_confirmed", "round": rnd, "tables": _tables(tables)})


# ----------------------------------------------------------------------------- when: hands and sheets


@when(
    tstep(
        'table {table:d} plays a hand: {seat:TSeat} bids "{bid:TQ}" '
        "and the bidding team takes {books:d} books"
    )
)
def t_real_hand(tourney: TourneyContext, table: int, seat: str, bid: str, books: int) -> None:
    events = scripted_hand(books, bidder=seat, dealer="west", bid=bid)  # type: ignore[arg-type]
    score = adjudicate(tourney.ruleset, "west", events).score
    tourney.hands += 1
    tourney.record(
        {
            "type": "hand_scored",
            "match": tourney.sheet_id(table),
            "hand": f"hand-{tourney.hands}",
            "score": {k: score[k] for k in ("final", "void", "winner", "points", "hand_wins", "boston")},
        }
    )


@given(tstep('table {table:d} scores "{hands:TQ}"'))
@when(tstep('table {table:d} scores "{hands:TQ}"'))
def t_table_scores(tourney: TourneyContext, table: int, hands: str) -> None:
    _score_match(tourney, tourney.sheet_id(table), hands)


@given(tstep('table {table:d} scores "{hands:TQ}" and signs'))
@when(tstep('table {table:d} scores "{hands:TQ}" and signs'))
def t_table_scores_signs(tourney: TourneyContext, table: int, hands: str) -> None:
    _score_match(tourney, tourney.sheet_id(table), hands)
    _sign(tourney, tourney.sheet_id(table))


@given(tstep('every table of round {rnd:d} scores "{hands:TQ}" and signs'))
@when(tstep('every table of round {rnd:d} scores "{hands:TQ}" and signs'))
def t_round_scores(tourney: TourneyContext, rnd: int, hands: str) -> None:
    for sheet in list(tourney.t.sheets.values()):
        if sheet.stage == "round" and sheet.round == rnd:
            _score_match(tourney, sheet.match, hands)
            _sign(tourney, sheet.match)


@given(tstep("round {rnd:d} is played:"))
@when(tstep("round {rnd:d} is played:"))
def t_round_played(tourney: TourneyContext, rnd: int, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        match = tourney.sheet_id(int(cells["table"]), rnd)
        _score_match(tourney, match, cells["hands"])
        _sign(tourney, match)


@when(tstep("table {table:d} signs its sheet"))
def t_table_signs(tourney: TourneyContext, table: int) -> None:
    _sign(tourney, tourney.sheet_id(table))


@when(tstep('"{player:TQ}" signs table {table:d}\'s sheet for "{team:TQ}"'))
def t_player_signs(tourney: TourneyContext, player: str, table: int, team: str) -> None:
    event: Event = {"type": "sheet_signed", "match": tourney.sheet_id(table), "player": player}
    if not tourney.t.format.registers_players:
        event["team"] = team
    tourney.record(event)


@when(tstep('"{team:TQ}" signs table {table:d}\'s sheet'))
def t_team_signs(tourney: TourneyContext, team: str, table: int) -> None:
    tourney.record({"type": "sheet_signed", "match": tourney.sheet_id(table), "team": team})


@when(tstep('the official corrects hand {n:d} of table {table:d} to "{hand:TQ}" because "{reason:TQ}"'))
def t_correct(tourney: TourneyContext, n: int, table: int, hand: str, reason: str) -> None:
    sheet = tourney.t.sheets[tourney.sheet_id(table)]
    tourney.record(
        {
            "type": "sheet_corrected",
            "match": sheet.match,
            "hand": sheet.lines[n - 1].hand,
            "score": _hand_score(tourney, hand),
            "reason": reason,
            "by": "official",
        }
    )


@when(tstep('"{team:TQ}" is {minutes:d} minutes late at table {table:d}'))
def t_late(tourney: TourneyContext, team: str, minutes: int, table: int) -> None:
    tourney.record(
        {"type": "delay_of_game", "match": tourney.sheet_id(table), "team": team, "minutes": minutes}
    )


@when(tstep('the official forfeits a hand of table {table:d} against "{team:TQ}" because "{reason:TQ}"'))
def t_forfeit(tourney: TourneyContext, table: int, team: str, reason: str) -> None:
    tourney.record(
        {
            "type": "hand_forfeited",
            "match": tourney.sheet_id(table),
            "team": team,
            "reason": reason,
            "by": "official",
        }
    )


@when(
    tstep(
        '"{team:TQ}" files dispute "{dispute:TQ}" on table {table:d}\'s sheet '
        "with {form} form and a ${fee:d} fee"
    )
)
def t_dispute(tourney: TourneyContext, team: str, dispute: str, table: int, form: str, fee: int) -> None:
    assert form in ("a complete", "an incomplete"), form
    tourney.record(
        {
            "type": "dispute_filed",
            "dispute": dispute,
            "match": tourney.sheet_id(table),
            "team": team,
            "form_complete": form == "a complete",
            "fee": fee,
        }
    )


@when(tstep('the official {verdict} dispute "{dispute:TQ}" because "{reason:TQ}"'))
def t_rule_dispute(tourney: TourneyContext, verdict: str, dispute: str, reason: str) -> None:
    assert verdict in ("upholds", "denies"), verdict
    tourney.record(
        {"type": "dispute_ruled", "dispute": dispute, "upheld": verdict == "upholds", "reason": reason}
    )


@when(
    tstep(
        'the official upholds dispute "{dispute:TQ}", correcting hand {n:d} of table {table:d} to '
        '"{hand:TQ}" because "{reason:TQ}"'
    )
)
def t_uphold_correcting(
    tourney: TourneyContext, dispute: str, n: int, table: int, hand: str, reason: str
) -> None:
    sheet = tourney.t.sheets[tourney.sheet_id(table)]
    tourney.record(
        {
            "type": "dispute_ruled",
            "dispute": dispute,
            "upheld": True,
            "reason": reason,
            "hand": sheet.lines[n - 1].hand,
            "score": _hand_score(tourney, hand),
        }
    )


@when(tstep('"{team:TQ}" withdraws because "{reason:TQ}"'))
def t_withdraw(tourney: TourneyContext, team: str, reason: str) -> None:
    tourney.record({"type": "team_withdrawn", "team": team, "reason": reason})


# ----------------------------------------------------------------------------- when: standings and playoffs


@when(tstep('the official records that "{teams:TQ}" won the tie-break playoff'))
def t_tiebreak(tourney: TourneyContext, teams: str) -> None:
    tourney.record(
        {
            "type": "tiebreak_decided",
            "teams": [tourney.team_id(t) for t in names(teams)],
            "reason": "playoff hand",
        }
    )


@when("the official seeds the playoff as proposed")
def t_seed(tourney: TourneyContext) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": tourney.t.propose_seeding()["seeds"]})


@when(tstep("the official seeds the playoff with the top {n:d}"))
def t_seed_top(tourney: TourneyContext, n: int) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": tourney.t.propose_seeding(n)["seeds"]})


@when(tstep('the official seeds the playoff as "{seeds:TQ}" because "{reason:TQ}"'))
def t_seed_override(tourney: TourneyContext, seeds: str, reason: str) -> None:
    tourney.record(
        {"type": "playoff_seeded", "seeds": [tourney.team_id(s) for s in names(seeds)], "reason": reason}
    )


@when(tstep('the official seeds the playoff as "{seeds:TQ}" without a reason'))
def t_seed_no_reason(tourney: TourneyContext, seeds: str) -> None:
    tourney.record({"type": "playoff_seeded", "seeds": [tourney.team_id(s) for s in names(seeds)]})


@when("every playoff match is won by the higher seed")
def t_higher_seed_wins(tourney: TourneyContext) -> None:
    fmt = tourney.t.format
    token = "NS 5 boston" if fmt.match_wins_needed else "NS 5"
    while True:
        waiting = [s for s in tourney.t.sheets.values() if s.stage == "playoff" and not s.signed]
        if not waiting:
            return
        for sheet in waiting:
            while not sheet.result(fmt)["over"]:
                _score_match(tourney, sheet.match, token)
            _sign(tourney, sheet.match)


@when(tstep('playoff match "{match:TQ}" scores "{hands:TQ}"'))
def t_playoff_scores(tourney: TourneyContext, match: str, hands: str) -> None:
    _score_match(tourney, match, hands)


@when(tstep('the team of seed {seed:d} signs playoff match "{match:TQ}"'))
def t_seed_signs(tourney: TourneyContext, seed: int, match: str) -> None:
    tourney.record({"type": "sheet_signed", "match": match, "team": tourney.seed_team(seed)})


@when(tstep('the official records that seed {seed:d} won playoff match "{match:TQ}"\'s tie-break'))
def t_playoff_tiebreak(tourney: TourneyContext, seed: int, match: str) -> None:
    sheet = tourney.t.sheets[match]
    winner = tourney.seed_team(seed)
    loser = next(str(sheet.sides[s]) for s in TEAMS if sheet.sides[s] != winner)
    tourney.record(
        {"type": "tiebreak_decided", "match": match, "teams": [winner, loser], "reason": "playoff hand"}
    )


# ----------------------------------------------------------------------------- then


@then(tstep('the tournament refuses it: "{text:TQ}"'))
def t_refused(tourney: TourneyContext, text: str) -> None:
    assert tourney.refused is not None, "nothing was refused"
    assert text in tourney.refused.message, tourney.refused.message
    tourney.refused = None


def _no_refusal(ctx: TourneyContext) -> None:
    assert ctx.refused is None, f"an event was refused: {ctx.refused}"


@then(tstep("the proposal waits for the {purpose} draw"))
def t_waits(tourney: TourneyContext, purpose: str) -> None:
    _no_refusal(tourney)
    proposal = tourney.t.proposal()
    assert proposal["tables"] is None and proposal["needs"][:1] == [purpose.replace(" ", "_")], proposal


@then(tstep('the proposed seating for round {rnd:d} is "{tables:TQ}"'))
def t_proposed(tourney: TourneyContext, rnd: int, tables: str) -> None:
    _no_refusal(tourney)
    proposal = tourney.t.proposal()
    assert proposal["round"] == rnd, proposal
    assert _show(proposal["tables"]) == _show(_tables(tables)), _show(proposal["tables"])


@then(tstep('the proposal says "{text:TQ}"'))
def t_proposal_says(tourney: TourneyContext, text: str) -> None:
    assert text in tourney.t.proposal()["detail"], tourney.t.proposal()["detail"]


@then("replaying the log proposes the same seating")
def t_replay_same(tourney: TourneyContext) -> None:
    assert replay_tournament(tourney.log).proposal() == tourney.t.proposal()


@then(tstep('table {table:d} of round {rnd:d} seats "{a:TQ}" against "{b:TQ}"'))
def t_seats(tourney: TourneyContext, table: int, rnd: int, a: str, b: str) -> None:
    _no_refusal(tourney)
    sheet = tourney.t.sheets[tourney.sheet_id(table, rnd)]
    assert (sheet.sides["north_south"], sheet.sides["east_west"]) == (_t(a), _t(b)), sheet.sides


def _t(text: str) -> Any:
    side = _side(text)
    return tuple(side) if isinstance(side, list) else side


@then(tstep("table {table:d}'s match is still going"))
def t_going(tourney: TourneyContext, table: int) -> None:
    _no_refusal(tourney)
    assert not tourney.t.sheets[tourney.sheet_id(table)].result(tourney.t.format)["over"]


@then(tstep('"{team:TQ}" wins table {table:d}\'s match'))
def t_wins(tourney: TourneyContext, team: str, table: int) -> None:
    _no_refusal(tourney)
    sheet = tourney.t.sheets[tourney.sheet_id(table)]
    result = sheet.result(tourney.t.format)
    assert result["over"] and result["winner"] is not None, result
    assert sheet.sides[result["winner"]] == _t(team), result


@then(tstep("table {table:d}'s match is tied"))
def t_tied(tourney: TourneyContext, table: int) -> None:
    result = tourney.t.sheets[tourney.sheet_id(table)].result(tourney.t.format)
    assert result["over"] and result["winner"] is None, result


@then(tstep('table {table:d}\'s {what:Record} cites "{document:TQ}" section "{section:TQ}"'))
def t_table_cites(tourney: TourneyContext, table: int, what: str, document: str, section: str) -> None:
    data = tourney.t.sheets[tourney.sheet_id(table)].to_dict(tourney.t.format)
    _cites(data["result"]["citations"] if what == "match" else data["citations"], document, section)


def _totals(ctx: TourneyContext, table: int) -> tuple[Any, dict[str, Any]]:
    sheet = ctx.t.sheets[ctx.sheet_id(table)]
    return sheet, sheet.result(ctx.t.format)


@then(tstep('table {table:d}\'s sheet gives "{a:TQ}" {p:d} points and "{b:TQ}" {q:d}'))
def t_sheet_points(tourney: TourneyContext, table: int, a: str, p: int, b: str, q: int) -> None:
    _no_refusal(tourney)
    sheet, result = _totals(tourney, table)
    got = {sheet.sides[s]: result["points"][s] for s in TEAMS}
    assert got == {_t(a): p, _t(b): q}, got


@then(tstep('table {table:d}\'s sheet totals "{team:TQ}" {p:d} points, {h:d} hands won and {b:d} Bostons'))
def t_sheet_totals(tourney: TourneyContext, table: int, team: str, p: int, h: int, b: int) -> None:
    _no_refusal(tourney)
    sheet, result = _totals(tourney, table)
    side = next(s for s in TEAMS if sheet.sides[s] == _t(team))
    assert (result["points"][side], result["hands_won"][side], result["bostons"][side]) == (p, h, b), result


@then(tstep("table {table:d}'s sheet is signed and final"))
def t_final(tourney: TourneyContext, table: int) -> None:
    _no_refusal(tourney)
    assert tourney.t.sheets[tourney.sheet_id(table)].status(tourney.t.format) == "signed"


@then(tstep("table {table:d}'s sheet has {n:d} hand"))
@then(tstep("table {table:d}'s sheet has {n:d} hands"))
def t_sheet_hands(tourney: TourneyContext, table: int, n: int) -> None:
    _no_refusal(tourney)
    assert len(tourney.t.sheets[tourney.sheet_id(table)].lines) == n


def _delay(ctx: TourneyContext) -> dict[str, Any]:
    rulings = [r for s in ctx.t.sheets.values() for r in s.rulings if r["kind"] == "delay_of_game"]
    assert rulings, "no delay of game was recorded"
    return rulings[-1]


@then(tstep('the delay ruling says "{text:TQ}"'))
def t_delay_says(tourney: TourneyContext, text: str) -> None:
    _no_refusal(tourney)
    assert text in _delay(tourney)["detail"], _delay(tourney)["detail"]


def _dispute(ctx: TourneyContext, dispute: str | None = None) -> dict[str, Any]:
    found = [d for s in ctx.t.sheets.values() for d in s.disputes.values() if dispute in (None, d["dispute"])]
    assert found, "no such dispute"
    return found[-1]


@then(tstep('dispute "{dispute:TQ}" is {status}'))
def t_dispute_status(tourney: TourneyContext, dispute: str, status: str) -> None:
    _no_refusal(tourney)
    assert _dispute(tourney, dispute)["status"] == status.replace(" ", "_"), _dispute(tourney, dispute)


@then(tstep('dispute "{dispute:TQ}" refunds ${fee:d}'))
def t_dispute_refund(tourney: TourneyContext, dispute: str, fee: int) -> None:
    assert _dispute(tourney, dispute)["refund"] == fee, _dispute(tourney, dispute)


@then(tstep('the {what:Cited} cites "{document:TQ}" section "{section:TQ}"'))
@then(tstep('the {what:Cited} cite "{document:TQ}" section "{section:TQ}"'))
def t_cites(tourney: TourneyContext, what: str, document: str, section: str) -> None:
    _no_refusal(tourney)
    t = tourney.t
    if what == "proposed seating":
        citations = t.proposal()["citations"]
    elif what == "standings":
        citations = t.standings()["citations"] + [
            c for tie in t.standings()["ties"] for c in tie["citations"]
        ]
    elif what == "playoff field":
        citations = t.propose_seeding()["citations"]
    elif what == "bracket":
        bracket = t.bracket()
        citations = bracket["citations"] if bracket else t.propose_seeding()["citations"]
    elif what == "medals":
        citations = t.medals()["citations"]
    elif what == "delay ruling":
        citations = _delay(tourney)["citations"]
    elif what == "dispute":
        citations = _dispute(tourney)["citations"]
    else:
        citations = [c for s in t.sheets.values() for corr in s.corrections for c in corr["citations"]]
    _cites(citations, document, section)


def _standings(ctx: TourneyContext) -> dict[str, Any]:
    _no_refusal(ctx)
    return ctx.t.standings()


@then("the standings are:")
def t_standings_table(tourney: TourneyContext, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    got = _standings(tourney)["rows"]
    table = [[str(row.get(col) if col != "team" else row["team"]) for col in header] for row in got]
    players = _standings(tourney).get("players", [])
    if "player" in header:
        table = [[str(row.get(col)) for col in header] for row in players]
    assert table[: len(rows)] == rows, table


@then(tstep('the standings read "{order:TQ}"'))
def t_standings_read(tourney: TourneyContext, order: str) -> None:
    rows = _standings(tourney)["rows"]
    parts: list[str] = []
    for i, row in enumerate(rows):
        if i and rows[i - 1]["rank"] == row["rank"]:
            parts[-1] += f" = {row['team']}"
        else:
            parts.append(row["team"])
    expected = ", ".join(" = ".join(sorted(g.split(" = "))) for g in names(order))
    got = ", ".join(" = ".join(sorted(g.split(" = "))) for g in parts)
    assert got == expected, got


@then(tstep('the standings name the playoff "{text:TQ}" for "{teams:TQ}"'))
def t_standings_playoff(tourney: TourneyContext, text: str, teams: str) -> None:
    ties = _standings(tourney)["ties"]
    assert any(t["playoff"] == text and sorted(t["teams"]) == sorted(names(teams)) for t in ties), ties


@then("the standings name no playoff")
def t_no_playoff(tourney: TourneyContext) -> None:
    assert _standings(tourney)["ties"] == []


@then("the standings are rebuilt from the log alone")
def t_rebuilt(tourney: TourneyContext) -> None:
    live = _standings(tourney)
    again = replay_tournament(tourney.log)
    assert again.standings() == live
    assert compute_tallies(tourney.t.format, again.sheets.values()) == tourney.t.tallies


@then(tstep('player "{player:TQ}" has {tp:d} tournament points and a point differential of {pd:d}'))
def t_player_points(tourney: TourneyContext, player: str, tp: int, pd: int) -> None:
    rows = {r["player"]: r for r in _standings(tourney)["players"]}
    assert (rows[player]["tournament_points"], rows[player]["point_differential"]) == (tp, pd), rows.get(
        player
    )


@then(tstep('player "{player:TQ}" is not in the standings'))
def t_player_absent(tourney: TourneyContext, player: str) -> None:
    assert player not in {r["player"] for r in _standings(tourney)["players"]}


@then(tstep('team "{team:TQ}" is not in the standings'))
def t_team_absent(tourney: TourneyContext, team: str) -> None:
    assert team not in {r["team"] for r in _standings(tourney)["rows"]}


@then(tstep("the playoff field is {n:d} teams"))
def t_field(tourney: TourneyContext, n: int) -> None:
    assert tourney.t.propose_seeding()["size"] == n, tourney.t.propose_seeding()["size"]


@then(tstep('the playoff seeds are "{seeds:TQ}"'))
def t_seeds(tourney: TourneyContext, seeds: str) -> None:
    _no_refusal(tourney)
    assert tourney.t.seeding is not None and tourney.t.seeding["seeds"] == names(seeds), tourney.t.seeding


@then(tstep('the first playoff round pairs seeds "{pairs:TQ}"'))
def t_first_round(tourney: TourneyContext, pairs: str) -> None:
    _no_refusal(tourney)
    bracket = tourney.t.bracket()
    assert bracket is not None
    seeds = tourney.t.seeding["seeds"] if tourney.t.seeding else []
    got = [
        " v ".join(str(seeds.index(team) + 1) for team in m["teams"])
        for m in bracket["matches"].values()
        if m["round"] == 1
    ]
    assert ", ".join(got) == pairs, got


@then(tstep("seed {seed:d} has a bye into round 2"))
def t_bye(tourney: TourneyContext, seed: int) -> None:
    bracket = tourney.t.bracket()
    assert bracket is not None
    team = tourney.seed_team(seed)
    assert not any(team in m["teams"] for m in bracket["matches"].values() if m["round"] == 1)
    assert bracket["byes"] == [team], bracket["byes"]


@then(tstep("the final is seeds {a:d} v {b:d} and the third-place match seeds {c:d} v {d:d}"))
def t_final_four(tourney: TourneyContext, a: int, b: int, c: int, d: int) -> None:
    _no_refusal(tourney)
    bracket = tourney.t.bracket()
    assert bracket is not None
    s = tourney.seed_team
    assert bracket["matches"]["final"]["teams"] == [s(a), s(b)], bracket["matches"]["final"]
    assert bracket["matches"]["third_place"]["teams"] == [s(c), s(d)], bracket["matches"]["third_place"]


@then(tstep('the medals go "{text:TQ}"'))
def t_medals(tourney: TourneyContext, text: str) -> None:
    _no_refusal(tourney)
    places = tourney.t.medals()["places"]
    expected = {}
    for part in names(text):
        place, who = (x.strip() for x in part.split(":"))
        expected[place] = tourney.team_id(who)
    assert {k: places.get(k) for k in expected} == expected, places


@then(tstep('seed {seed:d} wins playoff match "{match:TQ}"'))
def t_seed_wins(tourney: TourneyContext, seed: int, match: str) -> None:
    _no_refusal(tourney)
    sheet = tourney.t.sheets[match]
    result = sheet.result(tourney.t.format)
    assert result["winner"] is not None and sheet.sides[result["winner"]] == tourney.seed_team(seed), result


def _proposed_seat(ctx: TourneyContext, player: str) -> tuple[int, str, list[str]]:
    tables = ctx.t.proposal()["tables"]
    assert tables is not None, ctx.t.proposal()["detail"]
    for t in tables:
        for side in TEAMS:
            if player in (t[side] or []):
                return int(t["table"]), side, list(t[side])
    raise AssertionError(f"{player} is not seated in the proposal")


@then(tstep('in the proposal "{player:TQ}" sits at table {table:d}'))
def t_sits(tourney: TourneyContext, player: str, table: int) -> None:
    _no_refusal(tourney)
    assert _proposed_seat(tourney, player)[0] == table, _proposed_seat(tourney, player)


@then(tstep('in the proposal "{player:TQ}" sits at table {table:d} partnered with "{partner:TQ}"'))
def t_sits_with(tourney: TourneyContext, player: str, table: int, partner: str) -> None:
    _no_refusal(tourney)
    seat = _proposed_seat(tourney, player)
    assert seat[0] == table and partner in seat[2], seat


@then(tstep('in the proposal "{a:TQ}" and "{b:TQ}" stay at table {table:d} as opponents'))
def t_opponents(tourney: TourneyContext, a: str, b: str, table: int) -> None:
    _no_refusal(tourney)
    first, second = _proposed_seat(tourney, a), _proposed_seat(tourney, b)
    assert first[0] == second[0] == table and first[1] != second[1], (first, second)


@then(tstep('"{team:TQ}" has {n:d} tournament points'))
def t_team_tp(tourney: TourneyContext, team: str, n: int) -> None:
    rows = {r["team"]: r for r in _standings(tourney)["rows"]}
    assert rows[team]["tournament_points"] == n, rows[team]


#: What ``from steps_tournament import *`` brings: the step fixtures and the scenario's tournament.
__all__ = [name for name in dir() if name.startswith("pytestbdd_")] + ["tourney"]
