"""A final made from two qualifiers, in a real browser at a phone's width and a laptop's: the final
lists where each team qualified, and each qualifier's page links to the final."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from adjudicator.simulation.tournaments import run_detroit
from tests.browser.conftest import Console, accessible, sign_in


def _qualifier(console: Console, name: str, seed: int) -> str:
    _, *rest = run_detroit(8, seed=seed, name=name).log
    tournament = str(console.post("/tournaments", {"ruleset": "detroit", "name": name})["id"])
    for start in range(0, len(rest), 200):
        console.post(f"/tournaments/{tournament}/events", rest[start : start + 200])
    return tournament


def test_a_final_lists_where_each_team_qualified_and_the_qualifier_links_to_it(
    screen: Page, console: Console
) -> None:
    width = screen.viewport_size["width"]
    east, west = _qualifier(console, f"East {width}", 1), _qualifier(console, f"West {width}", 2)
    final = console.post(
        "/finals", {"ruleset": "detroit", "name": f"Olympics {width}", "qualifiers": [east, west]}
    )
    deadline = time.monotonic() + 10
    while not console.get(f"/tournaments/{east}/links")["finals"]:  # the read models follow
        assert time.monotonic() < deadline, "the final never reached the list"
        time.sleep(0.2)
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/tournaments/{final['id']}")
    qualified = screen.get_by_role("region", name="Where each team qualified")
    expect(qualified.get_by_role("listitem")).to_have_count(8)
    expect(qualified.get_by_role("link", name=f"East {width}")).to_have_count(4)
    qualified.get_by_role("link", name=f"East {width}").first.click()
    expect(screen.get_by_role("heading", level=1)).to_have_text(f"East {width}")
    screen.locator("#went-on").get_by_role("link", name=f"Olympics {width}").click()
    expect(screen.get_by_role("heading", level=1)).to_have_text(f"Olympics {width}")
    scrolled = screen.evaluate("document.documentElement.scrollWidth")
    assert scrolled <= width, f"the page is {scrolled}px wide"
    accessible(screen, contrast=width < 500)
