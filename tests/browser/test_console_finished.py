"""A hand a ruling decided is finished on every page, at a desk (1366 px) and on a phone (390 px): the
demonstration's "Table 3, board 7 (called)" (a Texas hand a called renege decided) says complete, has
nobody to act at its end, shows every card and opens to an anonymous reader, as the public list says
it may; the recorder says the hand is complete rather than whose turn it is.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in

CALLED = "Table 3, board 7 (called)"


def test_a_hand_a_ruling_decided_is_finished_on_every_page(screen: Page, console: Console) -> None:
    hand = console.hand(CALLED)
    summary = console.get(f"/hands/{hand}")
    assert summary["status"] == "complete" and summary["turn"] is None, summary
    end = summary["version"]

    screen.goto(f"{console.url}/console/hands/{hand}?at={end}")  # anonymous: no sign-in asked
    expect(screen.locator(".hand-head .status")).to_have_text("complete")
    expect(screen.locator(".seat .tag.turn")).to_have_count(0)
    expect(screen.locator(".seat p.unknown")).to_have_count(0)  # every card public once it is over
    accessible(screen)

    sign_in(screen, console)
    screen.goto(f"{console.url}/console/record/{hand}")
    expect(screen.locator("#turn")).to_have_text("The hand is complete")
    accessible(screen)
