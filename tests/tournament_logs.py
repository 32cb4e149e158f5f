"""Eventful tournaments for the tests that hold incremental state equal to a full recomputation.

A simulated tournament (``adjudicator.simulation.tournaments``) only signs sheets, so its tallies only
grow and its ties are few. ``eventful`` runs its log with, between its events, an official's
corrections of signed sheets (small scores, so that teams fall level on every key, leave their group
and join others), tie-breaks recorded for the ties that arise, withdrawals, and matches in progress
moved to another table; an event the changed
tournament refuses is left out (a refused event changes nothing), so the log goes on from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from adjudicator.domain.cards import TEAMS
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.events import EventData


def correction(t: Tournament, rng: random.Random) -> EventData | None:
    """An official's correction of a hand on a signed preliminary sheet, to a small score."""
    signed = [s for s in t.sheets.values() if s.stage == "round" and s.signed and s.lines]
    if not signed:
        return None
    sheet = rng.choice(signed)
    line = rng.choice(sheet.lines)
    points = {team: rng.randint(0, 3) for team in TEAMS}
    score: dict[str, Any] = {"points": points}
    if t.format.game == "Bid Whist":
        winner = rng.choice(TEAMS)
        score = {
            "final": True,
            "void": False,
            "winner": winner,
            "points": points,
            "hand_wins": {team: int(team == winner) for team in TEAMS},
            "boston": None,
        }
    return {
        "type": "sheet_corrected",
        "match": sheet.match,
        "hand": line.hand,
        "score": score,
        "reason": "arithmetic",
    }


def tiebreak(t: Tournament, rng: random.Random) -> EventData | None:
    """A playoff of one of the ties the standings name, in a random order."""
    ties = t.standings()["ties"]
    if not ties:
        return None
    teams = list(rng.choice(ties)["teams"])
    rng.shuffle(teams)
    return {"type": "tiebreak_decided", "teams": teams, "reason": "played off"}


def withdrawal(t: Tournament, rng: random.Random) -> EventData | None:
    counted = sorted(t.roster.in_standings)
    if len(counted) < 6:
        return None
    return {"type": "team_withdrawn", "team": rng.choice(counted), "reason": "went home"}


def call(t: Tournament, rng: random.Random) -> EventData | None:
    """A match in progress, with hands on its sheet, called to a table no other match in progress
    holds (the lights went out at its own): the hands it links are then played at the new table."""
    playing = [s for s in t.sheets.values() if not s.decided and s.lines]
    if not playing:
        return None
    sheet = rng.choice(playing)
    held = {s.table for s in t.sheets.values() if not s.decided}
    table = next(n for n in range(rng.randint(1, 5), 10_000) if n not in held)
    return {"type": "match_called", "match": sheet.match, "table": table, "reason": "the lights went out"}


MAKERS: Sequence[tuple[float, Callable[[Tournament, random.Random], EventData | None]]] = (
    (0.08, correction),
    (0.03, tiebreak),
    (0.004, withdrawal),
    (0.02, call),
)


def adapted(t: Tournament, event: EventData, rng: random.Random) -> list[EventData]:
    """The playoff of the log, for the seeds and winners this tournament has: the seeds its standings
    propose (with a reason where a tie across the cut waits), each playoff sheet signed by its own
    teams, a level playoff match decided between them."""
    kind, sheet = event["type"], t.sheets.get(str(event.get("match")))
    if kind == "playoff_seeded":
        proposal = t.propose_seeding()
        reason = {"reason": "the tie across the cut drawn by lot"} if proposal["waiting_for"] else {}
        return [{**event, "seeds": proposal["seeds"], **reason}]
    if sheet is None or sheet.stage != "playoff":
        return [event]
    teams = [str(sheet.sides[side]) for side in TEAMS]
    if kind == "sheet_signed":
        return [
            {"type": "sheet_signed", "match": sheet.match, "team": team, "player": t.members(team)[0]}
            for team in teams
        ]
    if kind == "tiebreak_decided":
        rng.shuffle(teams)
        return [{**event, "teams": teams}]
    return [event]


def eventful(log: Sequence[EventData], seed: int) -> Iterator[tuple[Tournament, EventData, bool]]:
    """The log applied to a new tournament with events of ``MAKERS`` among it, its playoff
    ``adapted``: after each event, (the tournament, the event, whether it was recorded)."""
    rng = random.Random(seed)
    t = Tournament()
    for event in log:
        extras = [make for chance, make in MAKERS if t.fmt is not None and rng.random() < chance]
        made = [e for e in (make(t, rng) for make in extras) if e is not None]
        for e in [*made, *(adapted(t, event, rng) if t.fmt is not None else [event])]:
            try:
                t.apply(e)
            except IllegalEvent:
                yield t, e, False
            else:
                yield t, e, True
