"""The living rulebook's pages as a director reads them: Bid Euchre beside Bid Whist on the comparison
wherever MATRIX.md has its row, and every section reference a link to the section's place."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask

from adjudicator.service.rulebook.matrix import parse_tables
from adjudicator.service.rulebook.sources import rules_dir

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


def test_section_references_in_matrix_cells_link_to_the_rulebook_page_where_the_text_lives(
    app: Flask,
) -> None:
    client = app.test_client()
    for name in ("compare", "matrix"):
        page = client.get(f"/console/rulebooks/{name}").get_data(as_text=True)
        assert '(<a href="/console/rulebooks/detroit#xi-a">XI.a</a>)' in page, name
        assert '<a href="/console/rulebooks/ontario#i-13">I.13</a>' in page, name
        assert '<a href="/console/rulebooks/cardtel#techs-1-b">1.B</a>' in page, name  # "Techs 1.A, 1.B"
        assert '<a href="/console/rulebooks/texas#misdeal">Misdeal</a>' in page, name
        assert 'href="/console/rulebooks/matrix#interpretation-hand-loss-value"' in page, name
    targets: dict[str, set[str]] = {}
    page = client.get("/console/rulebooks/compare").get_data(as_text=True)
    followed = 0
    for path, fragment in re.findall(r'href="(/console/rulebooks/[a-z]+)#([^"]+)"', page):
        if path not in targets:
            targets[path] = set(re.findall(r'\bid="([^"]+)"', client.get(path).get_data(as_text=True)))
        assert fragment in targets[path], f"{path}#{fragment}"
        followed += 1
    assert followed > 150


def test_a_rulebooks_table_of_contents_links_each_entry_to_its_section(app: Flask) -> None:
    client = app.test_client()
    detroit = client.get("/console/rulebooks/detroit").get_data(as_text=True)
    assert re.search(
        r'<a class="contents-entry" href="/console/rulebooks/detroit#iv">IV\.\s+The Deal\s+5</a>', detroit
    )
    assert re.search(r'href="/console/rulebooks/detroit#xi">XI\.\s+Reneg \(Loss of Bid\)', detroit)
    assert 'id="iv"' in detroit and 'id="xi"' in detroit
    cardtel = client.get("/console/rulebooks/cardtel").get_data(as_text=True)
    entries = re.findall(r'class="contents-entry" href="/console/rulebooks/cardtel#([^"]+)"', cardtel)
    assert len(entries) == 8 and "techs" in entries
    assert all(f'id="{e}"' in cardtel for e in entries)
    texas = client.get("/console/rulebooks/texas").get_data(as_text=True)  # a step checking a citation
    assert 'section &#34;<a href="/console/rulebooks/texas#renege">Renege</a>&#34;' in texas
    assert re.search(r'section &#34;<a href="/console/rulebooks/matrix#bid-whist-[a-z-]+">Bid Whist: ', texas)


@pytest.fixture(autouse=True)
def _rules_present() -> None:
    if not (rules_dir() / "MATRIX.md").exists():
        pytest.skip("the shared rulebooks are not beside this checkout")
