"""Every non-empty cell of every table of MATRIX.md has a scenario citing it (issue 11, item 3).

MATRIX.md (``../shared/rules/MATRIX.md``) is the specification; ``features/`` is the rulebook as
scenarios. This test parses every ``## `` table of MATRIX.md and, for every non-empty cell, keyed by
(table, row, ruleset), asks for a scenario that cites it by a description line

    Source: [<document> <section>; ]MATRIX.md <table>: <row>[, <row> …][ (a note)].

A scenario covers a cell of ruleset ``r`` when it cites the cell's table and row and

- it lives in ``features/r/`` (a ruleset's own folder), or
- it lives in ``features/shared/`` and is run for ``r``: tagged ``@r`` itself or on one of its
  ``Examples`` blocks.

A Bid Whist row whose first cell names the rule for every rulebook (``(all)``, ``(all; …)``) and
whose other cells are empty is one cell, ``all``: covered by a ``features/shared/`` scenario tagged
``@all``, or by one scenario per Bid Whist rulebook. Any other empty cell is not a rule and needs
nothing. A cell added to MATRIX.md later makes this test fail until a scenario cites it; there is no
list of excused cells.

Tournament and conduct cells are also held to their feature file, as the checks this test replaced
(``test_tournament_features.py``, issue 5; ``test_conduct_features.py``, issue 11) held them: every
cell of "Bid Whist: tournaments", the "a match" row of "Bid Whist: scoring a hand" and the tournament
rows of "Bid Euchre (ontario)" is cited in ``features/<ruleset>/tournament.feature``, and every cell
of a conduct row (not the concession) in ``features/<ruleset>/conduct.feature``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from adjudicator.service.rulebook.matrix import parse_tables

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT.parent / "shared" / "rules" / "MATRIX.md"
#: The season's rows (issue 32), in MATRIX.md's form, until they join it; cited ``SEASON.md <table>: <row>``.
SEASON = ROOT.parent / "shared" / "rules" / "SEASON.md"
#: The season's rows built so far: each of their cells needs a scenario as MATRIX.md's do.
SEASON_ROWS = ("who may play", "how it is known", "registration closes", "entries per centre", "team numbers")
FEATURES = ROOT / "features"
WHIST = ("detroit", "texas", "chicago", "cardtel")
RULESETS = (*WHIST, "ontario")
ALL = "all"


@dataclass(frozen=True)
class Cell:
    table: str
    row: str
    ruleset: str
    document: Path = MATRIX


def tables(document: Path = MATRIX) -> dict[str, tuple[tuple[str, ...], dict[str, list[str]]]]:
    """Each ``## `` section holding a rules table: its ruleset columns and its rows (cells by column),
    as the living rulebook reads them (``api.console.rulebook.matrix``)."""
    return {
        t.name: (t.rulesets, {r.rule: [cell for _, cell in r.cells] for r in t.rows})
        for t in parse_tables(document.read_text())
    }


def cells(document: Path = MATRIX, only: tuple[str, ...] | None = None) -> list[Cell]:
    """Every cell of ``document``'s tables that is a rule (of the rows ``only`` names, if given)."""
    if not document.exists():
        return []
    out: list[Cell] = []
    for table, (header, rows) in tables(document).items():
        for row, values in rows.items():
            if only is not None and row not in only:
                continue
            if header == WHIST and re.search(r"\(all[);]", values[0]) and not any(values[1:]):
                out.append(Cell(table, row, ALL, document))
                continue
            out += [
                Cell(table, row, ruleset, document)
                for ruleset, value in zip(header, values, strict=True)
                if value
            ]
    return out


@dataclass
class Scenario:
    path: Path
    name: str
    tags: set[str]
    sources: list[str]


def scenarios() -> list[Scenario]:
    """Every scenario of ``features/**/*.feature``: its own and its Examples' tags, its Source lines."""
    out: list[Scenario] = []
    for path in sorted(FEATURES.rglob("*.feature")):
        pending: set[str] = set()
        current: Scenario | None = None
        for raw in path.read_text().splitlines():
            line = raw.strip()
            if line.startswith("@"):
                pending |= {t.lstrip("@") for t in line.split() if t.startswith("@")}
            elif re.match(r"(Scenario|Scenario Outline|Example):", line):
                current = Scenario(path, line.split(":", 1)[1].strip(), pending, [])
                out.append(current)
                pending = set()
            elif line.startswith("Examples:"):
                if current is not None:
                    current.tags |= pending
                pending = set()
            elif re.match(r"(Feature|Rule|Background):", line):
                current = None
                pending = set()
            elif line.startswith("Source:") and current is not None:
                current.sources.append(line)
    return out


def cited(source: str, known: dict[str, set[str]], document: str = "MATRIX.md") -> set[tuple[str, str]]:
    """The (table, row) pairs a Source line cites: ``MATRIX.md <table>: <row>[, <row>…]`` (or the
    ``document`` named)."""
    found: set[tuple[str, str]] = set()
    for part in source.split(f"{document} ")[1:]:
        for table in sorted(known, key=len, reverse=True):
            if part.startswith(f"{table}: "):
                rest = part[len(table) + 2 :]
                break
        else:
            continue
        while rest:
            rows = [r for r in known[table] if re.match(re.escape(r) + r"(?=$|[,.;( ])", rest)]
            if not rows:
                break
            row = max(rows, key=len)
            found.add((table, row))
            rest = rest[len(row) :]
            if not rest.startswith(", "):
                break
            rest = rest[2:]
    return found


def covering(cell: Cell) -> list[Scenario]:
    known = {table: set(rows) for table, (_, rows) in tables(cell.document).items()}
    name = cell.document.name
    hits = [s for s in scenarios() if any((cell.table, cell.row) in cited(x, known, name) for x in s.sources)]

    def runs_for(scenario: Scenario, ruleset: str) -> bool:
        folder = scenario.path.relative_to(FEATURES).parts[0]
        if folder == ruleset:
            return True
        return folder in ("shared", "season") and (
            ruleset in scenario.tags or (ruleset == ALL and ALL in scenario.tags)
        )

    if cell.ruleset == ALL:
        shared = [s for s in hits if runs_for(s, ALL)]
        if shared:
            return shared
        per = [[s for s in hits if runs_for(s, r)] for r in WHIST]
        return [s for group in per for s in group] if all(per) else []
    return [s for s in hits if runs_for(s, cell.ruleset)]


_CELLS = cells()

CONDUCT = "Bid Whist: conduct techs and concessions"
MATCH = ("Bid Whist: scoring a hand", "a match")
ONTARIO_TOURNAMENT_ROWS = ("game", "tournament points", "tie-break", "movement", "floater team")


def home(cell: Cell) -> str | None:
    """The feature file a tournament or conduct cell must be cited in (None: any feature)."""
    if cell.table == "Bid Whist: tournaments" or (cell.table, cell.row) == MATCH:
        return "tournament.feature"
    if cell.table == "Bid Euchre (ontario)" and cell.row in ONTARIO_TOURNAMENT_ROWS:
        return "tournament.feature"
    if cell.table == CONDUCT and cell.row != "concession":
        return "conduct.feature"
    return None


_HOMED = [c for c in _CELLS if home(c) is not None]


@pytest.mark.skipif(
    not MATRIX.exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)
def test_the_matrix_is_parsed_whole() -> None:
    found = tables()
    assert set(found) >= {
        "Bid Whist: the deal",
        "Bid Whist: bidding",
        "Bid Whist: kitty, contract and play",
        "Bid Whist: infractions",
        "Bid Whist: conduct techs and concessions",
        "Bid Whist: scoring a hand",
        "Bid Whist: tournaments",
        "Bid Euchre (ontario)",
    }
    # every "|"-row of every table is read: none is lost to the parser
    text = MATRIX.read_text()
    for name, (_, rows) in found.items():
        body = text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]
        lines = [ln for ln in body.splitlines() if ln.startswith("|")]
        assert len(rows) == len(lines) - 2, name
    assert len(_CELLS) >= 150
    assert len([c for c in _HOMED if c.table != CONDUCT]) >= 29  # as issue 5 counted them
    assert len([c for c in _HOMED if c.table == CONDUCT]) >= 16  # four conduct rows, four rulebooks


@pytest.mark.parametrize("cell", _CELLS, ids=[f"{c.table} | {c.row} | {c.ruleset}" for c in _CELLS])
def test_every_matrix_cell_has_a_scenario(cell: Cell) -> None:
    where = " (a features/shared/ scenario tagged @all, or one per rulebook)" if cell.ruleset == ALL else ""
    assert covering(cell), f"no {cell.ruleset} scenario cites MATRIX.md {cell.table}: {cell.row}{where}"


_SEASON_CELLS = cells(SEASON, SEASON_ROWS)


@pytest.mark.parametrize(
    "cell", _SEASON_CELLS, ids=[f"{c.table} | {c.row} | {c.ruleset}" for c in _SEASON_CELLS]
)
def test_every_season_cell_built_has_a_scenario(cell: Cell) -> None:
    """SEASON.md's rows join MATRIX.md with issue 32: each cell of a row built needs a scenario citing
    ``SEASON.md <table>: <row>``, in its rulebook's folder or ``features/season/`` tagged for it."""
    assert covering(cell), f"no {cell.ruleset} scenario cites SEASON.md {cell.table}: {cell.row}"


@pytest.mark.skipif(
    not SEASON.exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)
def test_the_season_rows_built_are_read() -> None:
    assert {c.row for c in _SEASON_CELLS} == set(SEASON_ROWS)
    assert len(_SEASON_CELLS) == 19  # 5 + 2 + 5 + 5 + 2: the cells that are rules


@pytest.mark.parametrize("cell", _HOMED, ids=[f"{c.table} | {c.row} | {c.ruleset}" for c in _HOMED])
def test_tournament_and_conduct_cells_are_cited_in_their_feature(cell: Cell) -> None:
    assert cell.ruleset in RULESETS
    assert any(s.path == FEATURES / cell.ruleset / str(home(cell)) for s in covering(cell)), (
        f"no scenario of features/{cell.ruleset}/{home(cell)} cites MATRIX.md {cell.table}: {cell.row}"
    )
