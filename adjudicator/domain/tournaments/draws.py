"""Random draws: the first pairing, a session's start, and the odd team's opponent.

Detroit (I Preliminary Rounds) draws the first round's pairs, and for an odd number of teams a team
to play the odd team for nothing; Ontario (C.2-C.3) draws each session's starting tables. A draw is
made once, by ``random_draw``, and recorded with its outcome, so that a replay never draws again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import movement
from adjudicator.domain.tournaments.events import Draw, DrawPurpose, EventData
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.seating import Schedule, Seating


def odd_team(seating: Seating, schedule: Schedule) -> str | None:
    """The team left over in the next round, where the rulebook picks it an opponent (Detroit)."""
    if schedule.fmt.odd_team != "picked_opponent":
        return None
    rnd = seating.next_round
    if rnd == 1:
        draw = seating.draws.get(("first_pairing", 1))
        return None if draw is None else movement.pair_off(draw["outcome"])[1]
    previous = seating.rounds[rnd - 1]["tables"]
    odd = next((t for t in previous if t.get("uncounted") or t.get("east_west") is None), None)
    return None if odd is None else str(odd["north_south"])


def draws_needed(seating: Seating, schedule: Schedule) -> list[DrawPurpose]:
    """The draws the next round's proposal waits for, in order."""
    fmt, rnd = schedule.fmt, seating.next_round
    if fmt.draw_first_pairing and schedule.session_first(rnd):
        purpose: DrawPurpose = "session_start" if fmt.movement == "progressive" else "first_pairing"
        if (purpose, rnd) not in seating.draws:
            return [purpose]
    if (
        fmt.odd_team == "picked_opponent"
        and odd_team(seating, schedule)
        and ("odd_opponent", rnd) not in seating.draws
    ):
        return ["odd_opponent"]
    return []


def record_draw(seating: Seating, schedule: Schedule, roster: Roster, event: Draw) -> None:
    """Record a draw the next round needs, its outcome drawn from the teams in play."""
    fmt, purpose, rnd = schedule.fmt, event.purpose, event.round
    if (purpose, rnd) in seating.draws:
        raise IllegalEvent(
            f"the {purpose} draw for round {rnd} is already recorded; "
            "change the seating with seating_overridden and a reason",
            "purpose",
        )
    if rnd != seating.next_round:
        raise IllegalEvent(f"the next round to seat is {seating.next_round}, not {rnd}", "round")
    needed = draws_needed(seating, schedule)
    if purpose not in needed:
        raise IllegalEvent(
            f"round {rnd} needs no {purpose} draw" + (f" (it needs: {', '.join(needed)})" if needed else ""),
            "purpose",
        )
    outcome = [roster.team(team, f"outcome/{i}") for i, team in enumerate(event.outcome)]
    pool = roster.pairing_pool(fmt)
    if purpose == "session_start" and len(pool) % 2:
        raise IllegalEvent(
            "an odd number of pairs: register a floater team to make up the tables "
            f"({'; '.join(str(c) for c in fmt.cite('odd_team'))})",
            "outcome",
        )
    if purpose == "odd_opponent":
        odd = odd_team(seating, schedule)
        if len(outcome) != 1 or outcome[0] == odd or outcome[0] not in pool:
            raise IllegalEvent("the odd-team draw picks one team in play other than the odd team", "outcome")
    elif sorted(outcome) != sorted(pool):
        missing = sorted(set(pool) - set(outcome)) or sorted(set(outcome) - set(pool)) or ["a repeat"]
        raise IllegalEvent(
            f"the draw's outcome is every team in play, each once (check {missing[0]!r})", "outcome"
        )
    seating.draws[(purpose, rnd)] = {
        "purpose": purpose,
        "round": rnd,
        "outcome": outcome,
        "by": event.by,
        "citations": fmt.cite_data("odd_team" if purpose == "odd_opponent" else "first_pairing"),
    }


def random_draw(
    seating: Seating, schedule: Schedule, roster: Roster, purpose: str, rng: random.Random
) -> EventData:
    """A draw the official can record: its outcome drawn here, once, and kept in the event.

    A session's starting draw tries to start every team at a table other than where it started
    earlier sessions, against other opponents (Ontario C.3: "care will be taken").
    """
    pool = roster.pairing_pool(schedule.fmt)
    rnd = seating.next_round
    if purpose == "odd_opponent":
        odd = odd_team(seating, schedule)
        return {
            "type": "draw",
            "purpose": purpose,
            "round": rnd,
            "outcome": [rng.choice([t for t in pool if t != odd])],
            "by": "official",
        }
    earlier = [d["outcome"] for (p, _), d in seating.draws.items() if p == purpose]
    outcome = list(pool)
    for _ in range(50):
        rng.shuffle(outcome)
        if not any(_repeats(outcome, before) for before in earlier):
            break
    return {"type": "draw", "purpose": purpose, "round": rnd, "outcome": outcome, "by": "official"}


def _repeats(outcome: Sequence[str], before: Sequence[str]) -> bool:
    """Whether a drawn order puts a team at the table, or against the team, of an earlier draw."""
    where = {
        team: (i // 2, before[i ^ 1] if (i ^ 1) < len(before) else None) for i, team in enumerate(before)
    }
    for i, team in enumerate(outcome):
        opponent = outcome[i ^ 1] if (i ^ 1) < len(outcome) else None
        if team in where and (where[team][0] == i // 2 or where[team][1] == opponent):
            return True
    return False
