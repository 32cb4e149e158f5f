"""MATRIX.md read as data: its tables of rules by rulebook, and the interpretations its cells name.

A table is a ``## `` section whose header row starts with ``rule`` and names rulebooks; a row's anchor
is ``links.anchor("<table>: <row>")``, an interpretation's ``links.anchor("interpretation: <name>")``,
exactly as the engine's citations of MATRIX.md are made (``adjudicator.domain.citations``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook.anchors import anchor

#: "interpretation: name" or "interpretation name" inside a cell, the name ending at ")", ",", ";" or " (".
NAMED = re.compile(r"\binterpretation:?\s+([a-z][a-z0-9-]*(?:\s[a-z][a-z0-9-]*)*?)\s*(?=\)|,|;|\s\(|$)")
#: A Bid Whist row whose first cell holds for every rulebook: "(all)", "(all; …)".
FOR_ALL = re.compile(r"\(all[);]")


@dataclass(frozen=True)
class Row:
    table: str
    rule: str
    cells: tuple[tuple[str, str], ...]  # (ruleset, cell) in the table's column order

    @property
    def anchor(self) -> str:
        return anchor(f"{self.table}: {self.rule}")

    def for_all(self) -> bool:
        return (
            bool(self.cells)
            and bool(FOR_ALL.search(self.cells[0][1]))
            and not any(c for _, c in self.cells[1:])
        )

    def by_ruleset(self) -> dict[str, str]:
        """Each rulebook's cell, a row "(all)" spelt out for each of its columns."""
        if self.for_all():
            return {r: self.cells[0][1] for r, _ in self.cells}
        return {r: c for r, c in self.cells if c}


@dataclass(frozen=True)
class Table:
    name: str
    rulesets: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...]  # the paragraphs that follow the table


@dataclass(frozen=True)
class Interpretation:
    name: str
    rows: tuple[Row, ...]  # where MATRIX.md names it

    @property
    def anchor(self) -> str:
        return anchor(f"interpretation: {self.name}")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def parse_tables(text: str) -> list[Table]:
    tables: list[Table] = []
    for part in text.split("\n## ")[1:]:
        name, _, body = part.partition("\n")
        header: tuple[str, ...] = ()
        rows: list[Row] = []
        notes: list[str] = []
        for line in body.splitlines():
            if not line.startswith("|"):
                if header and line.strip():
                    notes.append(line.strip())
                continue
            cells = _cells(line)
            if cells[0] == "rule":
                header = tuple(cells[1:])
            elif header and cells[0] and not set(cells[0]) <= {"-", ":"}:
                values = (cells[1:] + [""] * len(header))[: len(header)]
                rows.append(Row(name.strip(), cells[0], tuple(zip(header, values, strict=True))))
        if header and set(header) <= set(RULESETS):
            tables.append(Table(name.strip(), header, tuple(rows), tuple(notes)))
    return tables


def interpretations(tables: list[Table]) -> list[Interpretation]:
    """Every interpretation a cell names, in the order MATRIX.md first names it, with its rows."""
    found: dict[str, list[Row]] = {}
    for table in tables:
        for row in table.rows:
            for _, cell in row.cells:
                for name in NAMED.findall(cell):
                    where = found.setdefault(name, [])
                    if row not in where:
                        where.append(row)
    return [Interpretation(name, tuple(rows)) for name, rows in found.items()]


Part = tuple[str, str | None]  # words, and the anchor of the MATRIX.md row they name (None: plain words)


def _row_at(table: Table, text: str) -> Row | None:
    """The longest row of the table whose name starts the text (followed by its end or punctuation)."""
    named = [r for r in table.rows if re.match(re.escape(r.rule) + r"(?=$|[,.;( ])", text)]
    return max(named, key=lambda r: len(r.rule), default=None)


def source_parts(source: str, tables: tuple[Table, ...]) -> tuple[Part, ...]:
    """A ``Source:`` line cut into words and the MATRIX.md rows it cites (``MATRIX.md <table>: <row>[,
    <row>…]``), so that a page can link each row to its place on the MATRIX.md page."""
    by_length = sorted(tables, key=lambda t: len(t.name), reverse=True)
    parts: list[Part] = []
    rest = source
    while (at := rest.find("MATRIX.md ")) >= 0:
        head, rest = rest[: at + 10], rest[at + 10 :]
        table = next((t for t in by_length if rest.startswith(f"{t.name}: ")), None)
        if table is not None:
            head, rest = head + rest[: len(table.name) + 2], rest[len(table.name) + 2 :]
        parts.append((head, None))
        while table is not None and (row := _row_at(table, rest)) is not None:
            parts.append((rest[: len(row.rule)], row.anchor))
            rest = rest[len(row.rule) :]
            if not rest.startswith(", "):
                break
            parts.append((", ", None))
            rest = rest[2:]
    parts.append((rest, None))
    return tuple((words, where) for words, where in parts if words)
