"""Score sheets: hands scored and signed at each table, corrections, delays, forfeits and disputes."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.adjudication import adjudicate
from adjudicator.domain.cards import TEAMS
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import Event, names, sheet_side, step
from adjudicator.simulation.hands import scripted_hand


@when(
    step(
        'table {table:d} plays a hand: {seat:Seat} bids "{bid:Q}" and the bidding team takes {books:d} books'
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


@given(step('table {table:d} scores "{hands:Q}"'))
@when(step('table {table:d} scores "{hands:Q}"'))
def t_table_scores(tourney: TourneyContext, table: int, hands: str) -> None:
    tourney.score_match(tourney.sheet_id(table), hands)


@given(step('table {table:d} scores "{hands:Q}" and signs'))
@when(step('table {table:d} scores "{hands:Q}" and signs'))
def t_table_scores_signs(tourney: TourneyContext, table: int, hands: str) -> None:
    tourney.score_match(tourney.sheet_id(table), hands)
    tourney.sign(tourney.sheet_id(table))


@given(step('every table of round {rnd:d} scores "{hands:Q}" and signs'))
@when(step('every table of round {rnd:d} scores "{hands:Q}" and signs'))
def t_round_scores(tourney: TourneyContext, rnd: int, hands: str) -> None:
    for sheet in list(tourney.t.sheets.values()):
        if sheet.stage == "round" and sheet.round == rnd:
            tourney.score_match(sheet.match, hands)
            tourney.sign(sheet.match)


@given(step("round {rnd:d} is played:"))
@when(step("round {rnd:d} is played:"))
def t_round_played(tourney: TourneyContext, rnd: int, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        match = tourney.sheet_id(int(cells["table"]), rnd)
        tourney.score_match(match, cells["hands"])
        tourney.sign(match)


@when(step("table {table:d} signs its sheet"))
def t_table_signs(tourney: TourneyContext, table: int) -> None:
    tourney.sign(tourney.sheet_id(table))


@when(step('"{player:Q}" signs table {table:d}\'s sheet for "{team:Q}"'))
def t_player_signs(tourney: TourneyContext, player: str, table: int, team: str) -> None:
    event: Event = {"type": "sheet_signed", "match": tourney.sheet_id(table), "player": player}
    if not tourney.t.format.registers_players:
        event["team"] = team
    tourney.record(event)


@when(step('"{team:Q}" signs table {table:d}\'s sheet'))
def t_team_signs(tourney: TourneyContext, team: str, table: int) -> None:
    tourney.record({"type": "sheet_signed", "match": tourney.sheet_id(table), "team": team})


@when(step('the official corrects hand {n:d} of table {table:d} to "{hand:Q}" because "{reason:Q}"'))
def t_correct(tourney: TourneyContext, n: int, table: int, hand: str, reason: str) -> None:
    _correct(tourney, n, table, tourney.hand_score(hand), reason)


@when(
    step(
        'the official corrects hand {n:d} of table {table:d} to "{hand:Q}", saying only who won it and the '
        'points, because "{reason:Q}"'
    )
)
def t_correct_winner(tourney: TourneyContext, n: int, table: int, hand: str, reason: str) -> None:
    """A correction as a director writes it: the hands it counts in a match follow from who won it."""
    score = tourney.hand_score(hand)
    _correct(tourney, n, table, {"winner": score["winner"], "points": score["points"]}, reason)


def _correct(tourney: TourneyContext, n: int, table: int, score: dict[str, object], reason: str) -> None:
    sheet = tourney.t.sheets[tourney.sheet_id(table)]
    tourney.record(
        {
            "type": "sheet_corrected",
            "match": sheet.match,
            "hand": sheet.lines[n - 1].hand,
            "score": score,
            "reason": reason,
            "by": "official",
        }
    )


@when(step('"{team:Q}" is {minutes:d} minutes late at table {table:d}'))
def t_late(tourney: TourneyContext, team: str, minutes: int, table: int) -> None:
    tourney.record(
        {"type": "delay_of_game", "match": tourney.sheet_id(table), "team": team, "minutes": minutes}
    )


@when(step('the official forfeits a hand of table {table:d} against "{team:Q}" because "{reason:Q}"'))
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
    step(
        '"{team:Q}" files dispute "{dispute:Q}" on table {table:d}\'s sheet '
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


@when(step('the official {verdict} dispute "{dispute:Q}" because "{reason:Q}"'))
def t_rule_dispute(tourney: TourneyContext, verdict: str, dispute: str, reason: str) -> None:
    assert verdict in ("upholds", "denies"), verdict
    tourney.record(
        {"type": "dispute_ruled", "dispute": dispute, "upheld": verdict == "upholds", "reason": reason}
    )


@when(
    step(
        'the official upholds dispute "{dispute:Q}", correcting hand {n:d} of table {table:d} to '
        '"{hand:Q}" because "{reason:Q}"'
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
            "score": tourney.hand_score(hand),
        }
    )


def _totals(ctx: TourneyContext, table: int) -> tuple[Any, dict[str, Any]]:
    sheet = ctx.t.sheets[ctx.sheet_id(table)]
    return sheet, sheet.result(ctx.t.format)


@then(step('table {table:d}\'s sheet totals "{team:Q}" {p:d} points, {h:d} hands won and {b:d} Bostons'))
def t_sheet_totals(tourney: TourneyContext, table: int, team: str, p: int, h: int, b: int) -> None:
    tourney.no_refusal()
    sheet, result = _totals(tourney, table)
    side = next(s for s in TEAMS if sheet.sides[s] == sheet_side(team))
    assert (result["points"][side], result["hands_won"][side], result["bostons"][side]) == (p, h, b), result


@then(step("table {table:d}'s sheet is signed and final"))
def t_final(tourney: TourneyContext, table: int) -> None:
    tourney.no_refusal()
    assert tourney.t.sheets[tourney.sheet_id(table)].status(tourney.t.format) == "signed"


@then(step("table {table:d}'s sheet has {n:d} hand"))
@then(step("table {table:d}'s sheet has {n:d} hands"))
def t_sheet_hands(tourney: TourneyContext, table: int, n: int) -> None:
    tourney.no_refusal()
    assert len(tourney.t.sheets[tourney.sheet_id(table)].lines) == n


@then(step('the delay ruling says "{text:Q}"'))
def t_delay_says(tourney: TourneyContext, text: str) -> None:
    tourney.no_refusal()
    assert text in tourney.delay()["detail"], tourney.delay()["detail"]


@then(step('dispute "{dispute:Q}" is {status}'))
def t_dispute_status(tourney: TourneyContext, dispute: str, status: str) -> None:
    tourney.no_refusal()
    assert tourney.dispute(dispute)["status"] == status.replace(" ", "_"), tourney.dispute(dispute)


@then(step('dispute "{dispute:Q}" refunds ${fee:d}'))
def t_dispute_refund(tourney: TourneyContext, dispute: str, fee: int) -> None:
    assert tourney.dispute(dispute)["refund"] == fee, tourney.dispute(dispute)


@when(step('the official stops table {table:d}\'s game at {minutes:d} minutes because "{reason:Q}"'))
def t_stop_game(tourney: TourneyContext, table: int, minutes: int, reason: str) -> None:
    match = tourney.sheet_id(table)
    tourney.record({"type": "game_stopped", "match": match, "minutes": minutes, "reason": reason})


@then(step("table {table:d}'s game is over after {hands:d} hands, stopped by the time limit"))
def t_stopped(tourney: TourneyContext, table: int, hands: int) -> None:
    tourney.no_refusal()
    result = tourney.t.sheets[tourney.sheet_id(table)].result(tourney.t.format)
    assert result["over"] and result["hands"] == hands, result
    assert result["decided_by"] == "time_limit", result


@when(step('table {table:d} scores "{hands:Q}" dealt by "{dealers:Q}"'))
def t_scores_dealt(tourney: TourneyContext, table: int, hands: str, dealers: str) -> None:
    """One hand per score, each with the seat that dealt it (the link from the hand store does this)."""
    for token, dealer in zip(names(hands), names(dealers), strict=True):
        tourney.hands += 1
        event: Event = {
            "type": "hand_scored",
            "match": tourney.sheet_id(table),
            "hand": f"h{tourney.hands}",
            "score": tourney.hand_score(token),
            "dealer": dealer,
        }
        tourney.record(event)


def _deal_rulings(tourney: TourneyContext, table: int) -> list[Any]:
    tourney.no_refusal()
    rulings = tourney.t.sheets[tourney.sheet_id(table)].rulings
    return [r for r in rulings if r["kind"] == "deal_out_of_turn"]


@then(step("table {table:d}'s sheet shows every seat dealt {n:d} hands and no hand dealt out of turn"))
def t_every_seat_dealt(tourney: TourneyContext, table: int, n: int) -> None:
    assert _deal_rulings(tourney, table) == []
    deal = tourney.t.sheets[tourney.sheet_id(table)].to_dict(tourney.t.format)["deal"]
    assert deal["dealt"] == {seat: n for seat in ("north", "east", "south", "west")}, deal
    assert deal["per_player"] == n, deal


@then(step("table {table:d}'s ruling: {dealer:Seat} dealt out of turn, {rightful:Seat}'s deal"))
def t_out_of_turn(tourney: TourneyContext, table: int, dealer: str, rightful: str) -> None:
    rulings = _deal_rulings(tourney, table)
    assert [(r["dealer"], r["rightful"]) for r in rulings] == [(dealer, rightful)], rulings


@then(step('the deal ruling says "{text:Q}"'))
def t_deal_says(tourney: TourneyContext, text: str) -> None:
    detail = next(r for s in tourney.t.sheets.values() for r in s.rulings if r["kind"] == "deal_out_of_turn")
    assert text in detail["detail"], detail["detail"]


@then(step('the deal ruling cites "{document:Q}" section "{section:Q}"'))
def t_deal_cites(tourney: TourneyContext, document: str, section: str) -> None:
    ruling = next(r for s in tourney.t.sheets.values() for r in s.rulings if r["kind"] == "deal_out_of_turn")
    assert {"document": document, "section": section} in ruling["citations"], ruling["citations"]


@then(step("table {table:d}'s next hand is {seat:Seat}'s deal"))
def t_next_deal(tourney: TourneyContext, table: int, seat: str) -> None:
    tourney.no_refusal()
    assert tourney.t.sheets[tourney.sheet_id(table)].next_dealer() == seat
