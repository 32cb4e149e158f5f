"""Where a ruling comes from: a rulebook's section, or a MATRIX.md row or interpretation.

MATRIX.md (``../shared/rules/MATRIX.md``) lines the five rulebooks up and settles their silences; a
citation of it names its table and row, or the interpretation it settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

MATRIX: Final = "MATRIX.md"


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a ruling comes from: a document and its section, or a MATRIX.md row."""

    document: str
    section: str

    def to_dict(self) -> dict[str, str]:
        return {"document": self.document, "section": self.section}

    def __str__(self) -> str:
        return f"{self.document} {self.section}"


def cite(citations: Mapping[str, tuple[Citation, ...]], *rules: str) -> tuple[Citation, ...]:
    """The citations of one or more rule keys from a table of them, in order and without repeats."""
    seen: dict[Citation, None] = {}
    for rule in rules:
        for citation in citations[rule]:
            seen.setdefault(citation, None)
    return tuple(seen)


def interpretation(name: str) -> Citation:
    """A house decision settled by MATRIX.md, cited by its interpretation's name."""
    return Citation(MATRIX, f"interpretation: {name}")


def matrix_row(table: str, row: str) -> Citation:
    """A MATRIX.md row that settles a rulebook's silence without a named interpretation."""
    return Citation(MATRIX, f"{table}: {row}")
