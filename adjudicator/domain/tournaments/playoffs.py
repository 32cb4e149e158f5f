"""Playoff brackets: field size, seeding, who advances, the Final Four and the medals.

Detroit (I Playoff Determination, I Playoff Pairing): the top 16 (32 at 64-127 teams, 64 at 128 or
more) paired 1 v 16, 2 v 15 ... 8 v 9, one round of 4 hands a match, winners advancing through the
bracket; of the Final Four the winners play for 1st-2nd and the losers for 3rd-4th. Texas (Play-Off
Rounds): the top 8, top against bottom, a best 3 of 5 round a match, the Final Four as Detroit.
Chicago (Schedule of events): the top 7, so the top seed has a bye. The bracket is a pure function
of the seeds and the playoff sheets' winners; the seeds are recorded once (``playoff_seeded``), as
the standings propose them or as the director sets them with a reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from adjudicator.domain.cards import other_team
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import PlayoffSeeded
from adjudicator.domain.tournaments.sheets import Citations, Sheet

FINAL = "final"
THIRD_PLACE = "third_place"


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 v 16, 8 v 9 ... and seeds 1 and 2 can meet only in the final.

    >>> seed_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def bracket_size(field: int) -> int:
    size = 1
    while size < field:
        size *= 2
    return size


def match_id(round_number: int, index: int) -> str:
    return f"P{round_number}-{index}"


def bracket(
    seeds: Sequence[str], winners: Mapping[str, str | None], losers: Mapping[str, str | None]
) -> dict[str, Any]:
    """The bracket as far as the results go. ``winners``/``losers``: match id -> team, for decided
    (signed) playoff matches. A seed without an opponent (Chicago's 7) advances on a bye.

    Returns ``matches`` (id -> {round, teams [higher seed first], winner}), ``byes`` and, once
    decided, ``places`` (the final's winner and loser, the third-place match's winner and loser).
    """
    size = bracket_size(len(seeds))
    seed_of = {team: i + 1 for i, team in enumerate(seeds)}
    slots: list[str | None] = [seeds[s - 1] if s <= len(seeds) else None for s in seed_order(size)]
    matches: dict[str, dict[str, Any]] = {}
    byes: list[str] = []
    round_number = 1
    # Play down to the Final Four: its two matches are the last "round"; then the final and 3rd place.
    while len(slots) > 2:
        nxt: list[str | None] = []
        for i in range(0, len(slots), 2):
            a, b = slots[i], slots[i + 1]
            mid = match_id(round_number, i // 2 + 1)
            if a is not None and b is not None:
                teams = sorted((a, b), key=lambda t: seed_of[t])
                matches[mid] = {"round": round_number, "teams": teams, "winner": winners.get(mid)}
                nxt.append(winners.get(mid))
            else:
                nxt.append(a if a is not None else b)  # a bye, or a team still to be decided
                if round_number == 1 and (a or b):
                    byes.append(str(a or b))
        slots = nxt
        round_number += 1
    places: dict[str, str | None] = {}
    last = round_number - 1
    semis = [match_id(last, 1), match_id(last, 2)] if len(seeds) >= 4 else []
    if len(slots) == 2 and all(s is not None for s in slots):
        final_teams = sorted((s for s in slots if s is not None), key=lambda t: seed_of[t])
        matches[FINAL] = {"round": round_number, "teams": final_teams, "winner": winners.get(FINAL)}
        if winners.get(FINAL):
            places["1"] = winners.get(FINAL)
            places["2"] = losers.get(FINAL)
    semi_losers = [losers.get(m) for m in semis]
    if semis and all(semi_losers):
        third = sorted((t for t in semi_losers if t is not None), key=lambda t: seed_of[t])
        matches[THIRD_PLACE] = {"round": round_number, "teams": third, "winner": winners.get(THIRD_PLACE)}
        if winners.get(THIRD_PLACE):
            places["3"] = winners.get(THIRD_PLACE)
            places["4"] = losers.get(THIRD_PLACE)
    return {"size": len(seeds), "matches": matches, "byes": byes, "places": places}


def medals(fmt: TournamentFormat, places: Mapping[str, str | None]) -> dict[str, Any]:
    """Places named as the rulebook names them: Detroit's gold, silver, bronze (XII); Texas's 1st-4th
    (Play-Off Rounds); Ontario's gold, silver and bronze to each member of a team (E)."""
    awarded = {name: places.get(str(i + 1)) for i, name in enumerate(fmt.places)}
    return {"places": awarded, "complete": all(awarded.values()), "citations": fmt.cite_data("medals")}


def propose_seeds(
    fmt: TournamentFormat, standings: Mapping[str, Any], entries: int, size: int | None = None
) -> dict[str, Any]:
    """The top of the standings as seeds. ``size`` is the director's field (Cardtel); otherwise the
    format's. A tie on every key across the cut leaves the proposal waiting for its playoff."""
    field = size if size is not None else fmt.playoff_field(entries)
    rows = standings["rows"]
    seeds = [row["team"] for row in rows[:field]]
    blocking = []
    if 0 < field < len(rows):
        cut_rank = rows[field - 1]["rank"]
        if rows[field]["rank"] == cut_rank:
            blocking = [t for t in standings["ties"] if t["rank"] == cut_rank]
    return {
        "size": field,
        "entries": entries,
        "seeds": seeds,
        "pairings": _pairings(seeds) if len(seeds) >= 2 else [],
        "waiting_for": blocking,
        "citations": fmt.cite_data("playoff_field", "bracket"),
    }


def _pairings(seeds: Sequence[str]) -> list[list[str | None]]:
    size = bracket_size(len(seeds))
    order = seed_order(size)
    out: list[list[str | None]] = []
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        out.append([seeds[a - 1] if a <= len(seeds) else None, seeds[b - 1] if b <= len(seeds) else None])
    return out


class Seeding(TypedDict):
    """The playoff's seeds as recorded; ``overridden`` where they depart from the standings."""

    seeds: list[str]
    reason: str | None
    by: str | None
    overridden: bool
    citations: Citations


def record_seeding(
    fmt: TournamentFormat,
    recorded: Seeding | None,
    standings: Mapping[str, Any],
    counted: Mapping[str, object],
    unsigned: Sequence[str],
    event: PlayoffSeeded,
) -> Seeding:
    """The seeds of ``event`` once the preliminary rounds are over, each a team in the standings;
    without a reason they are the standings' own, and wait for any tie across the cut."""
    if recorded is not None:
        raise IllegalEvent("the playoff is already seeded", "seeds")
    if fmt.playoff == "none":
        raise IllegalEvent(
            f"{fmt.ruleset} has no playoff bracket: the standings decide "
            f"({'; '.join(str(c) for c in fmt.cite('standings'))})",
            "seeds",
        )
    if unsigned:
        raise IllegalEvent(f"the preliminary rounds are not finished: {unsigned[0]} is not signed", "seeds")
    seeds: list[str] = []
    for i, team in enumerate(event.seeds):
        if not isinstance(team, str) or team not in counted:
            raise IllegalEvent(f"{team!r} is not a team in the standings", f"seeds/{i}")
        seeds.append(team)
    if len(set(seeds)) != len(seeds) or len(seeds) < 2:
        raise IllegalEvent("seeds are two or more different teams", "seeds")
    proposal = propose_seeds(fmt, standings, len(counted), len(seeds) if fmt.playoff == "director" else None)
    if event.reason is None:
        if proposal["waiting_for"]:
            raise IllegalEvent(
                "the cut falls inside a tie: record its playoff (tiebreak_decided) or seed with a reason",
                "seeds",
            )
        if seeds != proposal["seeds"]:
            raise IllegalEvent("the seeds differ from the standings' proposal: give a reason", "seeds")
    return {
        "seeds": seeds,
        "reason": event.reason,
        "by": event.by,
        "overridden": seeds != proposal["seeds"],
        "citations": fmt.cite_data("playoff_field", "bracket"),
    }


def played_bracket(fmt: TournamentFormat, seeding: Seeding, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    """The bracket of the recorded seeds, as far as the signed playoff sheets have decided it."""
    winners: dict[str, str | None] = {}
    losers: dict[str, str | None] = {}
    for sheet in sheets.values():
        if sheet.stage == "playoff" and sheet.decided:
            side = sheet.result(fmt)["winner"]
            if side is not None:
                winners[sheet.match] = str(sheet.sides[side])
                losers[sheet.match] = str(sheet.sides[other_team(side)])
    result = bracket(seeding["seeds"], winners, losers)
    result["citations"] = fmt.cite_data("bracket")
    return result


def standing_places(fmt: TournamentFormat, standings: Mapping[str, Any]) -> dict[str, str | None]:
    """Places where there is no bracket (Ontario D.2, E): the top of the standings, except a place
    still tied on every key, which waits for its playoff, and a team that has not played."""
    unresolved = {t for tie in standings["ties"] if tie["rank"] <= len(fmt.places) for t in tie["teams"]}
    return {
        str(i + 1): row["team"]
        for i, row in enumerate(standings["rows"][: len(fmt.places)])
        if row["team"] not in unresolved and row["played"] > 0
    }
