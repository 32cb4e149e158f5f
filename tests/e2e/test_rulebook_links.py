"""The living rulebook's pages as a director reads them: Bid Euchre beside Bid Whist on the comparison
wherever MATRIX.md has its row, and every section reference a link to the section's place."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask

from api.console.rulebook.matrix import parse_tables
from api.console.rulebook.sources import rules_dir

ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
TAGS = re.compile(r"<[^>]+>")


def _rows(page: str) -> dict[str, str]:
    """Each table row of the page by its first cell's words: the row's words."""
    found = {}
    for row in ROW.findall(page):
        cells = [html.unescape(TAGS.sub("", c)).strip() for c in re.split(r"</t[hd]>", row)]
        if cells:
            found[cells[0]] = " | ".join(cells[1:])
    return found


def test_the_comparison_covers_every_bid_euchre_row_and_the_renege_beside_bid_whist(app: Flask) -> None:
    page = app.test_client().get("/console/rulebooks/compare").get_data(as_text=True)
    words = html.unescape(TAGS.sub("", page))
    euchre = next(t for t in parse_tables((rules_dir() / "MATRIX.md").read_text()) if "ontario" in t.rulesets)
    for row in euchre.rows:
        assert row.cells[0][1].replace("**", "") in words, f"Bid Euchre row {row.rule!r} missing"
    rows = _rows(page)
    assert "corrected before the trick is gathered" in rows["renege penalty"]
    assert "(I.13)" in rows["renege penalty"]
    assert "(I.14)" in rows["exposed card"]
    assert "(I.8-I.10)" in rows["points on the sheet"]


@pytest.fixture(autouse=True)
def _rules_present() -> None:
    if not (rules_dir() / "MATRIX.md").exists():
        pytest.skip("the shared rulebooks are not beside this checkout")
