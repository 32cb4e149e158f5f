"""Every cell of SEASON.md's "singles" and "who goes on" rows has a scenario in ``features/season/``
that runs for its rulebook (tagged ``@<ruleset>``) and cites it:

    Source: [<document> <section>; ]SEASON.md <table>: <row>.

SEASON.md's rows join MATRIX.md with issue 32, and ``test_matrix_coverage.py`` reads MATRIX.md only;
until they join, this test holds the two rows whose rules are built (the players' and the finals'
work: ``players.feature``, ``finals.feature``). A row built later is added to ``ROWS``.
"""

from __future__ import annotations

import pytest

from adjudicator.service.rulebook.matrix import parse_tables
from tests.features.test_matrix_coverage import FEATURES, MATRIX, Scenario, scenarios

SEASON = MATRIX.with_name("SEASON.md")
ROWS = ("singles", "who goes on")


def season_cells() -> list[tuple[str, str, str]]:
    if not SEASON.exists():
        return []
    return [
        (table.name, row.rule, ruleset)
        for table in parse_tables(SEASON.read_text())
        for row in table.rows
        if row.rule in ROWS
        for ruleset, cell in row.cells
        if cell
    ]


_CELLS = season_cells()


def covering(table: str, row: str, ruleset: str) -> list[Scenario]:
    cite = f"SEASON.md {table}: {row}"
    return [
        s
        for s in scenarios()
        if s.path.parent == FEATURES / "season"
        and ruleset in s.tags
        and any(cite in source for source in s.sources)
    ]


def test_both_rows_are_read_for_all_five_rulebooks() -> None:
    if not SEASON.exists():
        pytest.skip("the shared rulebooks are not beside this checkout")
    assert len(_CELLS) == 2 * 5


@pytest.mark.parametrize(("table", "row", "ruleset"), _CELLS, ids=[f"{r} | {s}" for _, r, s in _CELLS])
def test_every_cell_has_a_scenario_citing_it(table: str, row: str, ruleset: str) -> None:
    assert covering(table, row, ruleset), f"no scenario in features/season/ for {ruleset} cites {row!r}"
