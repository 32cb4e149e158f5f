"""Seating: the draws, the proposed seating, and the official's confirmations and overrides."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.domain.cards import TEAMS
from adjudicator.domain.tournaments import replay_tournament
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import names, sheet_side, side, step


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
                "north_south": side(ns),
                "east_west": side(ew) if ew else None,
                "uncounted": uncounted,
            }
        )
    return tables


def _show(tables: Sequence[Mapping[str, Any]] | None) -> str:
    if tables is None:
        return "no proposal"

    def shown(value: Any) -> str:
        return " ".join(value) if isinstance(value, list) else str(value)

    out = []
    for t in sorted(tables, key=lambda t: int(t["table"])):
        text = f"{t['table']}: {shown(t['north_south'])}"
        text += f" v {shown(t['east_west'])}" if t["east_west"] is not None else " bye"
        text += "".join(f" ({u} uncounted)" for u in t.get("uncounted") or [])
        out.append(text)
    return ", ".join(out)


def _draw(tourney: TourneyContext, purpose: str, outcome: list[str]) -> None:
    tourney.record(
        {
            "type": "draw",
            "purpose": purpose,
            "round": tourney.t.next_round,
            "outcome": outcome,
            "by": "official",
        }
    )


@given(step('the official draws the first pairing "{order:Q}"'))
@when(step('the official draws the first pairing "{order:Q}"'))
def t_draw_first(tourney: TourneyContext, order: str) -> None:
    _draw(tourney, "first_pairing", names(order))


@given(step('the official draws the session\'s starting order "{order:Q}"'))
@when(step('the official draws the session\'s starting order "{order:Q}"'))
def t_draw_session(tourney: TourneyContext, order: str) -> None:
    _draw(tourney, "session_start", names(order))


@given(step('the official draws "{team:Q}" to play the odd team'))
@when(step('the official draws "{team:Q}" to play the odd team'))
def t_draw_odd(tourney: TourneyContext, team: str) -> None:
    _draw(tourney, "odd_opponent", [team])


@given("the official confirms the proposed seating")
@when("the official confirms the proposed seating")
def t_confirm(tourney: TourneyContext) -> None:
    proposal = tourney.t.proposal()
    tables = proposal["tables"] if proposal["tables"] is not None else []
    tourney.record({"type": "seating_confirmed", "round": proposal["round"], "tables": tables})


@when(step('the official seats round {rnd:d} as "{tables:Q}" because "{reason:Q}"'))
def t_override(tourney: TourneyContext, rnd: int, tables: str, reason: str) -> None:
    tourney.record({"type": "seating_overridden", "round": rnd, "tables": _tables(tables), "reason": reason})


@when(step('the official records the seating "{tables:Q}" for round {rnd:d} without a reason'))
def t_confirm_other(tourney: TourneyContext, tables: str, rnd: int) -> None:
    tourney.record({"type": "seating_confirmed", "round": rnd, "tables": _tables(tables)})


@then(step("the proposal waits for the {purpose} draw"))
def t_waits(tourney: TourneyContext, purpose: str) -> None:
    tourney.no_refusal()
    proposal = tourney.t.proposal()
    assert proposal["tables"] is None and proposal["needs"][:1] == [purpose.replace(" ", "_")], proposal


@then(step('the proposed seating for round {rnd:d} is "{tables:Q}"'))
def t_proposed(tourney: TourneyContext, rnd: int, tables: str) -> None:
    tourney.no_refusal()
    proposal = tourney.t.proposal()
    assert proposal["round"] == rnd, proposal
    assert _show(proposal["tables"]) == _show(_tables(tables)), _show(proposal["tables"])


@then(step('the proposal says "{text:Q}"'))
def t_proposal_says(tourney: TourneyContext, text: str) -> None:
    assert text in tourney.t.proposal()["detail"], tourney.t.proposal()["detail"]


@then("replaying the log proposes the same seating")
def t_replay_same(tourney: TourneyContext) -> None:
    assert replay_tournament(tourney.log).proposal() == tourney.t.proposal()


@then(step('table {table:d} of round {rnd:d} seats "{a:Q}" against "{b:Q}"'))
def t_seats(tourney: TourneyContext, table: int, rnd: int, a: str, b: str) -> None:
    tourney.no_refusal()
    sheet = tourney.t.sheets[tourney.sheet_id(table, rnd)]
    assert (sheet.sides["north_south"], sheet.sides["east_west"]) == (sheet_side(a), sheet_side(b)), (
        sheet.sides
    )


def _proposed_seat(ctx: TourneyContext, player: str) -> tuple[int, str, list[str]]:
    tables = ctx.t.proposal()["tables"]
    assert tables is not None, ctx.t.proposal()["detail"]
    for t in tables:
        for team in TEAMS:
            if player in (t[team] or []):
                return int(t["table"]), team, list(t[team] or [])
    raise AssertionError(f"{player} is not seated in the proposal")


@then(step('in the proposal "{player:Q}" sits at table {table:d}'))
def t_sits(tourney: TourneyContext, player: str, table: int) -> None:
    tourney.no_refusal()
    assert _proposed_seat(tourney, player)[0] == table, _proposed_seat(tourney, player)


@then(step('in the proposal "{player:Q}" sits at table {table:d} partnered with "{partner:Q}"'))
def t_sits_with(tourney: TourneyContext, player: str, table: int, partner: str) -> None:
    tourney.no_refusal()
    seat = _proposed_seat(tourney, player)
    assert seat[0] == table and partner in seat[2], seat


@then(step('in the proposal "{a:Q}" and "{b:Q}" stay at table {table:d} as opponents'))
def t_opponents(tourney: TourneyContext, a: str, b: str, table: int) -> None:
    tourney.no_refusal()
    first, second = _proposed_seat(tourney, a), _proposed_seat(tourney, b)
    assert first[0] == second[0] == table and first[1] != second[1], (first, second)


@then(step("no district partners sat together after a session's first game"))
def t_partners_split(tourney: TourneyContext) -> None:
    """Every seated round, as recorded: district partners side by side only in a session's first game."""
    tourney.no_refusal()
    t = tourney.t
    team_of = {p: team for team, reg in t.teams.items() for p in reg["players"]}
    gps = t.schedule.games_per_session if t.schedule else None
    assert gps, "an Ontario tournament plays in sessions"
    together = [
        (rnd, pair)
        for rnd, seated in t.rounds.items()
        if (rnd - 1) % gps
        for table in seated["tables"]
        for pair in (table["north_south"], table["east_west"])
        if isinstance(pair, list) and team_of[pair[0]] == team_of[pair[1]]
    ]
    assert not together, together
