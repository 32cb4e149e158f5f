"""The next round's seating as the rulebook moves the teams, or what it still waits for.

The proposal follows the previous round as it was actually seated and the draws as recorded, so a
replay proposes the same tables. The director confirms it (``seating_confirmed``) or overrides it
with a reason; where the rulebook leaves the rotation to the director (Chicago, Cardtel), it is
offered as a proposal only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NotRequired, TypedDict

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import movement
from adjudicator.domain.tournaments.draws import draws_needed
from adjudicator.domain.tournaments.events import DrawPurpose
from adjudicator.domain.tournaments.movement import SeatedTable
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.seating import Schedule, Seating, check_partners
from adjudicator.domain.tournaments.sheets import Citations, Sheet, table_match_id


class Proposal(TypedDict):
    """``tables`` is None while a draw (``needs``) or a sheet of the last round is missing."""

    round: int
    tables: list[SeatedTable] | None
    needs: list[DrawPurpose]
    citations: Citations
    set_by_director: bool
    detail: str
    #: The teams in play not yet checked in (``adjudicator.domain.tournaments.hall``), set by ``Tournament``.
    not_checked_in: NotRequired[list[str]]


def propose(
    schedule: Schedule,
    seating: Seating,
    roster: Roster,
    sheets: Mapping[str, Sheet],
    *,
    playoff_begun: bool,
) -> Proposal:
    fmt, rnd = schedule.fmt, seating.next_round
    citations = fmt.cite_data("first_pairing" if schedule.session_first(rnd) else "movement")

    def waiting(detail: str, needs: list[DrawPurpose] | None = None) -> Proposal:
        return {
            "round": rnd,
            "tables": None,
            "needs": needs or [],
            "citations": citations,
            "set_by_director": fmt.movement_set_by_director,
            "detail": detail,
        }

    if schedule.max_rounds is not None and rnd > schedule.max_rounds:
        return waiting(f"all {schedule.max_rounds} rounds are seated")
    if playoff_begun:
        return waiting("the playoff has begun")
    unsigned = [s.match for s in sheets.values() if s.stage == "round" and not s.signed]
    if unsigned:
        return waiting(f"round {rnd - 1} is not finished: {unsigned[0]} is not signed")
    needs = draws_needed(seating, schedule)
    if needs:
        return waiting(f"record the {needs[0].replace('_', ' ')} draw", needs)
    tables = _tables(schedule, seating, roster, sheets, rnd)
    if not fmt.registers_players:  # Bid Euchre's floater takes a withdrawn team's seats instead
        tables = movement.without(tables, roster.withdrawn)
    if any(t["east_west"] is None or t["uncounted"] for t in tables):
        citations = citations + fmt.cite_data("odd_team")
    return {
        "round": rnd,
        "tables": tables,
        "needs": [],
        "citations": citations,
        "set_by_director": fmt.movement_set_by_director,
        "detail": "the director sets the rotation: this is a proposal"
        if fmt.movement_set_by_director
        else "proposed",
    }


def _tables(
    schedule: Schedule, seating: Seating, roster: Roster, sheets: Mapping[str, Sheet], rnd: int
) -> list[SeatedTable]:
    fmt = schedule.fmt
    if fmt.movement == "progressive":
        team_of = roster.team_of_player
        if schedule.session_first(rnd):
            players = {t: reg["players"] for t, reg in roster.teams.items()}
            earlier = [r["tables"] for n, r in sorted(seating.rounds.items()) if schedule.session_first(n)]
            outcome = seating.draws[("session_start", rnd)]["outcome"]
            return movement.session_start(outcome, players, earlier, team_of)
        previous = seating.rounds[rnd - 1]["tables"]
        winners = {
            int(t["table"]): sheets[table_match_id(rnd - 1, int(t["table"]))].result(fmt)["winner"]
            for t in previous
        }
        first = schedule.session_first(rnd - 1)
        moved = movement.progressive(previous, winners, first_of_session=first, team_of=team_of)
        return _floaters_fill(roster, moved)
    if fmt.movement == "texas":
        if rnd == 1:
            return movement.by_number(roster.pairing_pool(fmt))
        return movement.texas(seating.rounds[rnd - 1]["tables"], rnd)
    picked = fmt.odd_team == "picked_opponent"
    odd: str | None = None
    if rnd == 1:
        tables, odd = movement.pair_off(seating.draws[("first_pairing", 1)]["outcome"])
    else:
        tables = movement.stay_and_move(seating.rounds[rnd - 1]["tables"], include_odd=not picked)
        if picked:
            odd_rows = [t for t in tables if t["east_west"] is None]
            tables = [t for t in tables if t["east_west"] is not None]
            odd = str(odd_rows[0]["north_south"]) if odd_rows else None
    if odd is not None:
        opponent = seating.draws[("odd_opponent", rnd)]["outcome"][0] if picked else None
        tables.append(movement.odd_table(len(tables) + 1, odd, opponent))
    return tables


def _floaters_fill(roster: Roster, tables: list[SeatedTable]) -> list[SeatedTable]:
    """The floater's players take the seats of a team that defaulted (Ontario A)."""
    gone = [p for p, team in roster.team_of_player.items() if roster.withdrawn(team)]
    seated = {p for t in tables for side in (t["north_south"], t["east_west"]) for p in side or []}
    swap = dict(zip([p for p in gone if p in seated], roster.spare_floaters(seated), strict=False))
    for t in tables:
        t["north_south"] = [swap.get(p, p) for p in t["north_south"]]
        t["east_west"] = [swap.get(p, p) for p in t["east_west"] or []]
    return tables


def judge_seating(
    schedule: Schedule,
    roster: Roster,
    rnd: int,
    tables: list[SeatedTable],
    proposed: Callable[[], Proposal] | None,
) -> None:
    """Refuse a seating being recorded that splits district partners wrongly (Ontario C.2, C.3) or,
    when it is a confirmation (``proposed`` gives the proposal), differs from the proposal: the
    proposal and the director's own seating are held to the same rule."""
    if schedule.fmt.registers_players:
        check_partners(schedule, roster, rnd, tables)
    if proposed is None:
        return
    proposal = proposed()
    if proposal["tables"] is None:
        raise IllegalEvent("nothing to confirm: " + proposal["detail"], "tables")
    if not same_tables(tables, proposal["tables"]):
        raise IllegalEvent(
            "the seating differs from the proposal: record seating_overridden with a reason", "tables"
        )


def same_tables(seated: Sequence[SeatedTable], proposed: Sequence[SeatedTable]) -> bool:
    """Whether two seatings put the same sides at the same tables, whatever order they are listed in."""
    return _canonical(seated) == _canonical(proposed)


def _canonical(tables: Sequence[SeatedTable]) -> list[tuple[object, ...]]:
    def side(value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    return sorted(
        (
            int(t["table"]),
            side(t["north_south"]),
            side(t.get("east_west")),
            tuple(sorted(t.get("uncounted") or [])),
        )
        for t in tables
    )
