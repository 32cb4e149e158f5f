"""An official of travelling players opens a Bid Whist hand and sees it ruled under each Bid Whist
rulebook side by side, where they part marked, a rulebook's refusal in words."""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, sign_in

SHOTS = os.environ.get("ADJUDICATOR_SHOTS")  # a folder to keep screenshots in, when set


def _consecutive_kitty() -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [dict(e) for e in random_hand(1, "texas", "north")]
    events[0]["kitty_positions"] = [6, 7, 24, 33, 42, 50]
    return events


def test_the_hand_under_each_bid_whist_rulebook_side_by_side(screen: Page, console: Console) -> None:
    hand = console.record("texas", "north", _consecutive_kitty())
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{hand}")
    screen.get_by_role("link", name="See this hand under each Bid Whist rulebook").click()
    expect(screen.get_by_role("heading", level=1)).to_have_text("The hand under each Bid Whist rulebook")
    columns = screen.locator("section.rulebook-column")
    expect(columns).to_have_count(4)
    texas = columns.filter(has=screen.get_by_role("heading", name="Texas", exact=False))
    expect(texas).to_contain_text("recorded under")
    detroit = columns.filter(has=screen.get_by_role("heading", name="Detroit", exact=False))
    expect(detroit).to_contain_text("Refused at the bidding, 1st bid:")
    expect(detroit).to_contain_text("parts")
    expect(detroit).to_contain_text("Misdeal")
    cited = detroit.get_by_role("link", name="detroit-senior-olympics-bid-whist.txt: IV")
    expect(cited).to_have_attribute("href", "/console/rulebooks/detroit#iv")
    first, last = columns.first.bounding_box(), columns.last.bounding_box()
    assert first and last
    width = screen.viewport_size["width"] if screen.viewport_size else 0
    if width >= 1000:
        assert first["y"] == last["y"], "four columns side by side on a laptop"
    else:
        assert last["y"] > first["y"], "the columns stack on a phone"
    assert screen.evaluate("document.documentElement.scrollWidth") <= width, "nothing off-screen sideways"
    accessible(screen)
    if SHOTS:
        screen.screenshot(path=f"{SHOTS}/rulebooks-{width}.png", full_page=True)
