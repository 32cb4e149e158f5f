"""The games the engine plays: Bid Whist and Bid Euchre, each behind ``GameRules`` (``rules``)."""

from __future__ import annotations

from typing import Final

from adjudicator.domain.games.bidwhist import BID_WHIST
from adjudicator.domain.games.euchre import BID_EUCHRE
from adjudicator.domain.games.rules import GameRules, Tableside

GAMES: Final[dict[str, GameRules]] = {BID_WHIST.name: BID_WHIST, BID_EUCHRE.name: BID_EUCHRE}


def rules_for(game: str) -> GameRules:
    """The rules object of a game, by the name rulebooks give it."""
    return GAMES[game]


__all__ = ["GAMES", "GameRules", "Tableside", "rules_for"]
