"""The playoff bracket as a director draws it on the wall: one column a round, every match in it
from the first, those still to be played naming where their teams come from ("winner of P1-2").

The domain's bracket (``adjudicator.domain.tournaments.playoffs``) holds only the matches whose two teams
are known; the columns here are the whole draw of the recorded seeds, in the same bracket order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.domain.tournaments.playoffs import FINAL, THIRD_PLACE, bracket_size, match_id, seed_order


@dataclass(frozen=True)
class Entrant:
    """One line of a match: a team (with its seed), or where the team will come from."""

    team: str | None
    seed: int | None = None
    awaits: str = ""
    won: bool = False


@dataclass(frozen=True)
class Slot:
    """One match of the draw: its id, its two lines, and whether it is a bye."""

    match: str
    entrants: tuple[Entrant, Entrant]
    winner: str | None = None
    bye: bool = False
    title: str = ""


@dataclass
class Column:
    title: str
    slots: list[Slot] = field(default_factory=list)


def _round_title(rounds_left: int, teams: int) -> str:
    return {1: "Semi-finals", 2: "Quarter-finals"}.get(rounds_left, f"Round of {teams}")


def columns(bracket: Mapping[str, Any], seeds: list[str], named: Callable[[str], str] = str) -> list[Column]:
    """The draw of ``seeds`` as columns, filled in from the domain's ``bracket`` as far as it goes;
    a line still to be filled says where its team comes from, the match ``named`` ("winner of
    semi-final 2")."""
    played: Mapping[str, Mapping[str, Any]] = bracket["matches"]
    seed_of = {team: n for n, team in enumerate(seeds, start=1)}
    size = bracket_size(len(seeds))

    def entrant(team: str | None, awaits: str = "", winner: str | None = None) -> Entrant:
        seed = seed_of.get(team) if team else None
        return Entrant(team, seed, awaits, won=team is not None and team == winner)

    lines: list[Entrant] = [
        entrant(seeds[s - 1]) if s <= len(seeds) else Entrant(None, awaits="bye") for s in seed_order(size)
    ]
    drawn: list[Column] = []
    losers: list[Entrant] = []
    round_number = 1
    while len(lines) > 2:
        rounds_left = len(lines).bit_length() - 2
        column = Column(_round_title(rounds_left, len(lines)))
        following: list[Entrant] = []
        losers = []
        for i in range(0, len(lines), 2):
            mid = match_id(round_number, i // 2 + 1)
            a, b = lines[i], lines[i + 1]
            winner = played.get(mid, {}).get("winner")
            if a.awaits == "bye" or b.awaits == "bye":
                through = b if a.awaits == "bye" else a
                column.slots.append(Slot(mid, (a, b), through.team, bye=True, title=f"{mid} (a bye)"))
                following.append(entrant(through.team, through.awaits))
                losers.append(Entrant(None, awaits="nobody"))
                continue
            shown = (entrant(a.team, a.awaits, winner), entrant(b.team, b.awaits, winner))
            column.slots.append(Slot(mid, shown, winner, title=mid))
            loser = next((e.team for e in (a, b) if e.team and winner and e.team != winner), None)
            said = named(mid)
            said = said[:1].lower() + said[1:]
            following.append(entrant(winner, "" if winner else f"winner of {said}"))
            losers.append(entrant(loser, "" if loser else f"loser of {said}"))
        drawn.append(column)
        lines = following
        round_number += 1
    winner = played.get(FINAL, {}).get("winner")
    final = (entrant(lines[0].team, lines[0].awaits, winner), entrant(lines[1].team, lines[1].awaits, winner))
    drawn.append(Column("Final", [Slot(FINAL, final, winner, title="Final")]))
    if len(seeds) >= 4 and len(losers) == 2:
        third = played.get(THIRD_PLACE, {}).get("winner")
        shown = (
            entrant(losers[0].team, losers[0].awaits, third),
            entrant(losers[1].team, losers[1].awaits, third),
        )
        drawn.append(Column("Third place", [Slot(THIRD_PLACE, shown, third, title="Third place")]))
    return drawn
