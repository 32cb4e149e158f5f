"""Singles: a player entered alone and paired with another single (SEASON.md, row "singles").

Only Detroit takes singles: the official pairs them, and those the official leaves unpaired are
paired in the order they registered (II.c). Texas, Chicago and Cardtel say nothing of singles and
enter teams only; Ontario's Bid Euchre is played in doubles (A), its players paired into teams at
registration. Where a single is not taken, it is refused in words naming the row.
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain.events import IllegalEvent

#: Why a ruleset takes no single, in words citing its rulebook (SEASON.md, row "singles").
NO_SINGLES: Final[dict[str, str]] = {
    "texas": "the Texas rules enter teams only: a single is not registered (SEASON, singles: teams only)",
    "chicago": "the Chicago rules enter teams only: a single is not registered (SEASON, singles: teams only)",
    "cardtel": "the Cardtel rules enter teams only: a single is not registered (SEASON, singles: teams only)",
    "ontario": "Ontario's games are doubles only: a player enters as one of a pair (A; SEASON, singles)",
}


def may_enter_single(ruleset: str) -> None:
    """``IllegalEvent`` citing the row where ``ruleset`` takes no single."""
    if ruleset in NO_SINGLES:
        raise IllegalEvent(NO_SINGLES[ruleset], "type")


def pair(unpaired: list[str], chosen: tuple[object, ...]) -> list[str]:
    """The two singles a pairing makes a team of: the official's ``chosen`` two, else the first two of
    ``unpaired`` (in order of registration: Detroit II.c)."""
    if not chosen:
        if len(unpaired) < 2:
            raise IllegalEvent("two unpaired singles are needed to make a team (II.c)", "players")
        return unpaired[:2]
    if len(chosen) != 2 or len(set(chosen)) != 2:
        raise IllegalEvent("a pairing names two different singles (II.c)", "players")
    for i, player in enumerate(chosen):
        if not isinstance(player, str) or player not in unpaired:
            raise IllegalEvent(f"{player!r} is not an unpaired single", f"players/{i}")
    return [str(p) for p in chosen]
