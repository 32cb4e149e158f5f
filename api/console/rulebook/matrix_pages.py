"""The models of MATRIX.md's two pages: every table and interpretation with the examples that exercise
them (``/console/rulebooks/matrix``), and the five rulebooks side by side where they differ
(``/console/rulebooks/compare``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from adjudicator.domain.citations import MATRIX, Citation
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook.examples import Example
from adjudicator.service.rulebook.library import Library, engine_citations
from adjudicator.service.rulebook.matrix import Interpretation, Row, Table
from api.console.links import anchor
from api.console.rulebook.pages import Shown, cites, shown


@dataclass
class RowView:
    row: Row
    aliases: list[str] = field(default_factory=list)  # anchors of engine citations naming it by a prefix
    examples: list[Shown] = field(default_factory=list)


@dataclass
class InterpretationView:
    interpretation: Interpretation
    rulebooks: list[str]  # the rulebooks whose rules cite it
    rules: list[str]
    examples: list[Shown]


@dataclass
class Unfound:
    """A MATRIX.md citation the engine gives that the page did not find in MATRIX.md."""

    section: str
    anchor: str
    rulebooks: list[str]


@dataclass
class MatrixPage:
    available: bool
    tables: list[tuple[Table, list[RowView]]]
    interpretations: list[InterpretationView]
    unfound: list[Unfound]


def _matrix_citations() -> dict[Citation, tuple[list[str], list[str]]]:
    """Every MATRIX.md citation of every rulebook: the rulebooks and the rules that give it."""
    found: dict[Citation, tuple[list[str], list[str]]] = {}
    for ruleset in RULESETS:
        for citation, rules in engine_citations(ruleset).items():
            if citation.document != MATRIX:
                continue
            books, named = found.setdefault(citation, ([], []))
            if ruleset not in books:
                books.append(ruleset)
            named += [r for r in rules if r not in named]
    return found


@lru_cache(maxsize=512)
def _row_pattern(table: str, rule: str) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(f'{MATRIX} {table}: ')}(?:[^;]*, )?{re.escape(rule)}(?=$|[,.;( ])")


def names_row(example: Example, row: Row) -> bool:
    """A ``Source:`` line of the example cites this MATRIX.md row (alone or in a list of rows)."""
    pattern = _row_pattern(row.table, row.rule)
    return any(pattern.search(source) for source in example.sources)


def matrix_page(lib: Library) -> MatrixPage:
    citations = _matrix_citations()
    placed: set[str] = set()
    tables: list[tuple[Table, list[RowView]]] = []
    for table in lib.matrix:
        views = []
        for row in table.rows:
            view = RowView(row, examples=shown(lib, [e for e in lib.examples if names_row(e, row)]))
            for citation in citations:
                named = anchor(citation.section)
                if named == row.anchor:
                    placed.add(named)
                elif row.anchor.startswith(f"{named}-") and named not in placed:
                    view.aliases.append(named)
                    placed.add(named)
            views.append(view)
        tables.append((table, views))
    interpretations = []
    for interpretation in lib.interpretations:
        citation = Citation(MATRIX, f"interpretation: {interpretation.name}")
        books, rules = citations.get(citation, ([], []))
        placed.add(interpretation.anchor)
        examples = shown(
            lib,
            [
                e
                for e in lib.examples
                if cites(e, citation)
                or (e.interpretation and any(names_row(e, r) for r in interpretation.rows))
            ],
        )
        interpretations.append(InterpretationView(interpretation, books, rules, examples))
    unfound = [
        Unfound(c.section, anchor(c.section), books)
        for c, (books, _) in citations.items()
        if anchor(c.section) not in placed
    ]
    return MatrixPage(lib.matrix_available, tables, interpretations, unfound)


@dataclass(frozen=True)
class Difference:
    rule: str
    anchor: str  # the MATRIX.md row it comes from
    cells: tuple[str, ...]  # one per rulebook, in RULESETS order ("" where the row says nothing)


#: Bid Euchre rows that stand beside a Bid Whist row of another name (the same concept), and rows whose
#: name is a Bid Whist row's but not its concept (None: the row stands alone in the Bid Euchre table).
EUCHRE_BESIDE: dict[str, str | None] = {
    "renege": "renege penalty",
    "scoring": "points on the sheet",
    "no trump": None,  # Bid Euchre's is the ranks of a no-trump hand, Bid Whist's the doubled points
}


def compare_rows(lib: Library) -> list[tuple[str, list[Difference]]]:
    """Each MATRIX.md table's rows where the rulebooks differ, with every rulebook's cell; a Bid Euchre
    row is lined up with the Bid Whist row of the same rule (by name, or as ``EUCHRE_BESIDE`` says), and
    stands alone where there is none: every Bid Euchre row is shown, its game differing from Bid Whist."""
    beside: dict[str, Row] = {}
    for t in lib.matrix:
        if "ontario" in t.rulesets:
            for row in t.rows:
                whist = EUCHRE_BESIDE.get(row.rule, row.rule)
                if whist is not None:
                    beside[whist] = row
    used: set[str] = set()
    grouped: list[tuple[str, list[Difference]]] = []
    for table in lib.matrix:
        euchre = "ontario" in table.rulesets
        rows: list[Difference] = []
        for row in table.rows:
            if euchre and row.rule in used:
                continue
            cells = row.by_ruleset()
            other = beside.get(row.rule) if not euchre else None
            if other is not None:
                cells |= other.by_ruleset()
                used.add(other.rule)
            values = tuple(cells.get(r, "") for r in RULESETS)
            if len({v for v in values if v}) > 1 or (euchre and any(values)):
                rows.append(Difference(row.rule, row.anchor, values))
        if rows:
            grouped.append((table.name, rows))
    return grouped
