"""Every conduct cell of MATRIX.md's "Bid Whist: conduct techs and concessions" has a scenario (issue 11).

The scenarios live in ``features/<ruleset>/conduct.feature`` (steps in ``steps.conduct``); for each
non-empty cell of a conduct row, the ruleset's conduct feature has a scenario whose ``Source:`` line
names that row. The concession row is covered by the infractions features.
"""

from __future__ import annotations

import os
import re

import pytest

from tests.features.test_tournament_features import MATRIX, ROOT, WHIST, _table

TABLE = "Bid Whist: conduct techs and concessions"
SOURCE = f"MATRIX.md {TABLE}: "


def _sourced_rows(ruleset: str) -> set[str]:
    path = ROOT / "features" / ruleset / "conduct.feature"
    text = path.read_text() if path.exists() else ""
    return {s.strip() for s in re.findall(rf"^\s*Source: {re.escape(SOURCE)}(.*)$", text, re.M)}


def _cells() -> list[tuple[str, str]]:
    if not MATRIX.exists():
        return []
    return [
        (ruleset, row)
        for row, values in _table(TABLE).items()
        if row != "concession"
        for ruleset, value in zip(WHIST, values, strict=False)
        if value
    ]


@pytest.mark.skipif(
    not MATRIX.exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)
def test_the_matrix_has_conduct_rows() -> None:
    assert len(_cells()) >= 16  # four conduct rows in four Bid Whist rulebooks


@pytest.mark.parametrize(("ruleset", "row"), _cells(), ids=[f"{c[0]}: {c[1]}" for c in _cells()])
def test_every_conduct_cell_has_a_scenario(ruleset: str, row: str) -> None:
    assert row in _sourced_rows(ruleset), f"no {ruleset} conduct scenario cites {TABLE}: {row}"
