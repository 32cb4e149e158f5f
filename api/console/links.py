"""Where the console's pages link: a citation's page and section, by the one rule for its anchor
(``adjudicator.service.rulebook.anchors``) that the living rulebook's sections follow too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.service.rulebook.anchors import MATRIX, anchor, rulebook_of

__all__ = ["MATRIX", "anchor", "citation_href", "rulebook_of"]


def citation_href(citation: Mapping[str, Any], ruleset: str) -> str:
    """The console's page and section for a citation: MATRIX.md interpretations on the interpretations
    page, a rulebook's sections on that rulebook's page."""
    document = str(citation.get("document", ""))
    section = anchor(str(citation.get("section", "")))
    if document == MATRIX:
        return f"/console/rulebooks/matrix#{section}"
    return f"/console/rulebooks/{rulebook_of(document) or ruleset}#{section}"
