"""The hall's board on a projector (issue 31, item 7), in a real browser at 1920x1080 and 1366x768:
it never scrolls (what does not fit is paged, and the pages come round to the bracket), it shows the
medals, it says where the day is ("Playoff", "Final", not the last round seated), its type is large
enough for the back of a hall, and its QR code opens the same board on a spectator's phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.tournaments import Director, first_semi_final, run_detroit, whist_hand
from tests.browser.conftest import Console, accessible, sign_in
from tests.browser.test_console_board import _open

PROJECTORS = [{"width": 1920, "height": 1080}, {"width": 1366, "height": 768}]
PHONE = {"width": 390, "height": 844}
#: Seconds a page stays up in these tests (a hall's board waits longer).
EVERY = 3


def _created(console: Console, director: Director, public: bool = True) -> str:
    created = console.post("/tournaments", {k: v for k, v in director.log[0].items() if k != "type"})
    tournament = str(created["id"])
    for start in range(1, len(director.log), 200):  # a batch holds at most 200 events
        console.post(f"/tournaments/{tournament}/events", director.log[start : start + 200])
    if public:
        console.post(f"/tournaments/{tournament}/board", {"public": True})
    return tournament


def _semi_finals() -> Director:
    """Four Detroit teams: round 1 played, the playoff seeded, the first semi-final played."""
    return first_semi_final("Projector Open", {f"PJ{n}": f"Projector {n}" for n in range(1, 5)}, 11)


@pytest.fixture
def projector(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _open(browser, request.param)


def _never_scrolls(page: Page) -> None:
    sizes: Any = page.evaluate("[document.scrollingElement.scrollHeight, window.innerHeight]")
    assert sizes[0] <= sizes[1], f"the board is {sizes[0]} px tall on a {sizes[1]} px screen"
    widths: Any = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


def _on_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    height = page.evaluate("window.innerHeight")
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (selector, box)


def _type_size(page: Page, selector: str) -> float:
    return float(page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


@pytest.mark.parametrize("projector", PROJECTORS, ids=["1920x1080", "1366x768"], indirect=True)
def test_a_big_finished_day_fits_the_projector_and_pages_round_to_the_bracket(
    console: Console, projector: Page
) -> None:
    tournament = _created(console, run_detroit(16, 5))
    projector.goto(f"{console.url}/console/board/{tournament}?every={EVERY}")
    expect(projector.locator("#board-stage")).to_have_text("Final results")
    medals = projector.locator("#board-medals")
    expect(medals).to_be_visible()
    for place in ("Gold", "Silver", "Bronze"):
        expect(medals).to_contain_text(place)
    _on_screen(projector, "#board-medals")
    _never_scrolls(projector)
    pager = projector.locator("#board-pager")
    expect(pager).to_be_visible()
    expect(pager).to_contain_text("Page 1 of")
    assert _type_size(projector, "#board-standings tbody th") >= 20, "too small for the back of a hall"
    expect(projector.locator("#board-bracket")).to_be_visible(timeout=40_000)
    expect(pager).to_contain_text("Bracket")
    expect(projector.locator("#board-standings")).to_be_hidden()
    expect(projector.locator(".board-round").last).to_contain_text("Third place")
    _on_screen(projector, "#board-bracket")
    _on_screen(projector, ".board-round >> nth=-1")
    _never_scrolls(projector)
    accessible(projector)


@pytest.mark.parametrize("projector", PROJECTORS, ids=["1920x1080", "1366x768"], indirect=True)
def test_the_board_says_playoff_then_final_while_the_playoff_is_played(
    console: Console, projector: Page
) -> None:
    director = _semi_finals()
    tournament = _created(console, director)
    projector.goto(f"{console.url}/console/board/{tournament}?every={EVERY}")
    stage = projector.locator("#board-stage")
    expect(stage).to_have_text("Playoff: semi-finals")
    expect(projector.locator("#board-seating")).to_contain_text("Semi-final 2")
    expect(projector.locator("#board-bracket")).to_contain_text("winner of semi-final 2")  # not "P1-2"
    expect(projector.locator("body")).not_to_contain_text("Round 1")
    _never_scrolls(projector)
    before = len(director.log)
    director.play(director.tournament.sheets["P1-2"], whist_hand("detroit", 43))
    console.post(f"/tournaments/{tournament}/events", director.log[before:])
    expect(stage).to_have_text("Final", timeout=15_000)
    expect(projector.locator("#board-seating")).to_contain_text("Final")
    _never_scrolls(projector)


def test_the_boards_qr_code_opens_it_on_a_phone(console: Console, browser: Browser) -> None:
    tournament = _created(console, _semi_finals())
    wall = browser.new_page(viewport=PROJECTORS[1])
    try:
        wall.goto(f"{console.url}/console/board/{tournament}")
        expect(wall.locator(".board-qr svg")).to_be_visible()
        address = wall.locator(".board-address").inner_text().strip()
        drawn = wall.locator(".board-qr svg path").last.get_attribute("d")
        assert drawn and drawn in segno.make(address, error="m").svg_inline(scale=1), (
            "the QR holds another address"
        )
    finally:
        wall.close()
    phone = browser.new_context(viewport=PHONE).new_page()  # a spectator's: no credential
    try:
        phone.goto(address)
        expect(phone.get_by_role("heading", level=1)).to_have_text("Projector Open")
        expect(phone.locator("#board-stage")).to_have_text("Playoff: semi-finals")
        expect(phone.locator("#board-standings tbody tr").first).to_be_visible()
        expect(phone.locator(".board-qr")).to_be_hidden()  # the phone is where it leads
        expect(phone.locator("#board-pager")).to_be_hidden()
        assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        assert _type_size(phone, "#board-standings tbody th") >= 16
        accessible(phone)
    finally:
        phone.context.close()

    private = _created(console, _semi_finals(), public=False)
    refused = browser.new_context(viewport=PHONE).new_page()
    try:
        refused.goto(f"{console.url}/console/board/{private}")
        expect(refused).to_have_url(re.compile(r"/console/sign-in\?"))
    finally:
        refused.context.close()
    signed = browser.new_page(viewport=PROJECTORS[1])
    try:
        sign_in(signed, console)
        signed.goto(f"{console.url}/console/board/{private}")
        expect(signed.locator(".board-qr")).to_have_count(0)  # no QR leading phones to a sign-in page
        expect(signed.locator(".board-foot")).to_contain_text("make the board public")
    finally:
        signed.close()
