"""One rule for every citation's anchor, shared by the living rulebook's sections and the console's
links to them (``api.console.links``), so that a citation lands on its section."""

from __future__ import annotations

import re

from adjudicator.domain.rulebooks import RULESETS, get_ruleset

MATRIX = "MATRIX.md"


def anchor(section: str) -> str:
    """A section's fragment id: lowercase words joined by hyphens ("interpretation: joker-lead" is
    ``interpretation-joker-lead``; "I.13" is ``i-13``)."""
    return re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-") or "top"


def rulebook_of(document: str) -> str | None:
    """The ruleset whose document this is (None for MATRIX.md or an unknown document)."""
    for ruleset_id in RULESETS:
        if get_ruleset(ruleset_id).document == document:
            return ruleset_id
    return None
