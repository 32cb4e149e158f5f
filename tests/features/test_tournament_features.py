"""Every tournament row of MATRIX.md has a scenario (issue 5).

The scenarios themselves live in ``features/<ruleset>/tournament.feature`` and are collected with the
rest of each folder by ``test_features.py``; their steps are in ``steps`` (``tournaments``, ``registration``,
``seating``, ``sheets``, ``standings``, ``playoffs``, and ``scene`` for what hands share). This module checks
the coverage: for each non-empty cell of "Bid Whist: tournaments", of the "a match" row of "Bid Whist:
scoring a hand", and of the tournament rows of "Bid Euchre (ontario)", the ruleset's tournament
feature has a scenario whose ``Source:`` line names that row.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT.parent / "shared" / "rules" / "MATRIX.md"
WHIST = ("detroit", "texas", "chicago", "cardtel")
ONTARIO_ROWS = ("game", "tournament points", "tie-break", "movement", "floater team")


def _table(name: str) -> dict[str, list[str]]:
    text = MATRIX.read_text()
    section = text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] not in ("rule", "") and not set(cells[0]) <= {"-"}:
            rows[cells[0]] = cells[1:]
    return rows


def _feature(ruleset: str) -> str:
    folder = ROOT / "features" / ruleset
    path = folder / "tournament.feature"
    return (path if path.exists() else folder / "tournament.feature.draft").read_text()


def _sourced_rows(ruleset: str, table: str) -> set[str]:
    rows: set[str] = set()
    for source in re.findall(r"^\s*Source: (.*)$", _feature(ruleset), re.M):
        for part in source.rstrip(".").split(";"):
            if f"{table}: " in part:
                named = part.split(f"{table}: ", 1)[1]
                rows |= {re.sub(r"\s*\(.*", "", r).strip() for r in named.split(",")}
    return rows


def _cells() -> list[tuple[str, str, str]]:
    if not MATRIX.exists():
        return []
    cells = []
    for row, values in _table("Bid Whist: tournaments").items():
        for ruleset, value in zip(WHIST, values, strict=False):
            if value:
                cells.append((ruleset, "MATRIX.md Bid Whist: tournaments", row))
    cells += [(r, "MATRIX.md Bid Whist: scoring a hand", "a match") for r in WHIST]
    ontario = _table("Bid Euchre (ontario)")
    cells += [("ontario", "MATRIX.md Bid Euchre (ontario)", row) for row in ONTARIO_ROWS if row in ontario]
    return cells


@pytest.mark.skipif(
    not MATRIX.exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)
def test_the_matrix_has_tournament_rows() -> None:
    assert len(_cells()) >= 29  # 20 Bid Whist tournament cells, 4 "a match" cells, 5 Bid Euchre rows


@pytest.mark.parametrize(("ruleset", "table", "row"), _cells(), ids=[f"{c[0]}: {c[2]}" for c in _cells()])
def test_every_tournament_row_has_a_scenario(ruleset: str, table: str, row: str) -> None:
    assert row in _sourced_rows(ruleset, table), f"no {ruleset} scenario cites {table}: {row}"
