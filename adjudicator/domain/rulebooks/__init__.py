"""The five governing rulebooks, one module each, all of a rulebook's data in its own module.

``get_ruleset("texas")`` is the Texas rulebook; ``RULESETS`` lists them in the order MATRIX.md does, and
``TOURNAMENT_FORMATS`` how each runs a tournament (its module's ``TOURNAMENT``).
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain.citations import MATRIX, Citation, cite, interpretation, matrix_row
from adjudicator.domain.rulebooks.cardtel import CARDTEL
from adjudicator.domain.rulebooks.cardtel import TOURNAMENT as CARDTEL_TOURNAMENT
from adjudicator.domain.rulebooks.chicago import CHICAGO
from adjudicator.domain.rulebooks.chicago import TOURNAMENT as CHICAGO_TOURNAMENT
from adjudicator.domain.rulebooks.detroit import DETROIT
from adjudicator.domain.rulebooks.detroit import TOURNAMENT as DETROIT_TOURNAMENT
from adjudicator.domain.rulebooks.ontario import ONTARIO
from adjudicator.domain.rulebooks.ontario import TOURNAMENT as ONTARIO_TOURNAMENT
from adjudicator.domain.rulebooks.ruleset import (
    DISCRETION,
    LOSS_ON_CALL,
    BidWhistRules,
    Game,
    Remedy,
    Ruleset,
)
from adjudicator.domain.rulebooks.texas import TEXAS
from adjudicator.domain.rulebooks.texas import TOURNAMENT as TEXAS_TOURNAMENT
from adjudicator.domain.rulebooks.tournament import TournamentFormat

RULESETS: Final[dict[str, Ruleset]] = {r.id: r for r in (DETROIT, TEXAS, CHICAGO, CARDTEL, ONTARIO)}
TOURNAMENT_FORMATS: Final[dict[str, TournamentFormat]] = {
    f.ruleset: f
    for f in (
        DETROIT_TOURNAMENT,
        TEXAS_TOURNAMENT,
        CHICAGO_TOURNAMENT,
        CARDTEL_TOURNAMENT,
        ONTARIO_TOURNAMENT,
    )
}


class UnknownRuleset(KeyError):
    """Raised for a ruleset id that names no rulebook."""

    def __str__(self) -> str:
        return f"unknown ruleset {self.args[0]!r}: choose one of {', '.join(RULESETS)}"


def get_ruleset(ruleset_id: str) -> Ruleset:
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleset(ruleset_id) from None


__all__ = [
    "CARDTEL",
    "CHICAGO",
    "DETROIT",
    "DISCRETION",
    "LOSS_ON_CALL",
    "MATRIX",
    "ONTARIO",
    "RULESETS",
    "TEXAS",
    "TOURNAMENT_FORMATS",
    "BidWhistRules",
    "Citation",
    "Game",
    "Remedy",
    "Ruleset",
    "TournamentFormat",
    "UnknownRuleset",
    "cite",
    "get_ruleset",
    "interpretation",
    "matrix_row",
]
