"""The hall's board names each team as people know it, by its name, on a phone and on a laptop (a
projector fed by one): the team's number only as a small label after it, in the standings, the
matches in play and the bracket."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.tournaments import first_semi_final
from tests.browser.conftest import Console, accessible
from tests.browser.test_board_projector import _created
from tests.browser.test_console_board import _open

NAMES = {f"NM{n}": f"Named {n}" for n in range(1, 5)}


@pytest.fixture(
    params=[{"width": 390, "height": 844}, {"width": 1366, "height": 768}], ids=["phone", "laptop"]
)
def viewer(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _open(browser, request.param)


def _size(page: Page, selector: str) -> float:
    return float(page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def test_the_board_names_the_teams_their_numbers_small_after(console: Console, viewer: Page) -> None:
    tournament = _created(console, first_semi_final("Named Open", NAMES, 5))
    viewer.goto(f"{console.url}/console/board/{tournament}")
    rows = viewer.locator("#board-standings tbody th")
    expect(rows).to_have_count(4)
    for n in range(4):
        row = rows.nth(n)
        name, number = row.locator(".team-name").inner_text(), row.locator(".team-id").inner_text()
        assert NAMES[number] == name
        assert row.inner_text().startswith(name), "the name first, the team's number after it"
    assert _size(viewer, "#board-standings .team-id") < _size(viewer, "#board-standings .team-name")
    bracket = viewer.locator("#board-bracket .entrant .team-name")
    expect(bracket.first).to_be_attached()
    assert set(bracket.all_inner_texts()) <= set(NAMES.values())
    accessible(viewer)
