"""Where the console's pages link: one rule for every citation's anchor, shared by the replay
viewer's ruling panels and the living rulebook's sections so that a citation lands on its section."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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


def citation_href(citation: Mapping[str, Any], ruleset: str) -> str:
    """The console's page and section for a citation: MATRIX.md interpretations on the interpretations
    page, a rulebook's sections on that rulebook's page."""
    document = str(citation.get("document", ""))
    section = anchor(str(citation.get("section", "")))
    if document == MATRIX:
        return f"/console/rulebooks/matrix#{section}"
    return f"/console/rulebooks/{rulebook_of(document) or ruleset}#{section}"
