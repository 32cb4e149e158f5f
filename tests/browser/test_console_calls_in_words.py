"""Calls and rulings in words, at a phone's and a laptop's width (issue 31, item 6).

- The officials' queue says each call as the table made it ("North called a renege on East"), the
  cards by name, where in the hand by its book and when by the hall's clock: no card code, no side's
  identifier, no event number, no UTC time.
- A disputed score is ruled from the official's page: uphold or dismiss, with the second look.
- A finding confirmed while the table played on is recorded against its call, not discarded.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, sign_in
from tests.e2e.test_calls_in_words import CALLED_ON_EAST, IDENTIFIER

HEARD = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}


def _pending_renege_on_east(console: Console) -> str:
    """West and then East play off the suit led, North calls a renege on East (the call waits for the
    official's inspection of East's hand)."""
    return console.record("detroit", "west", CALLED_ON_EAST)


def test_the_call_list_says_each_call_in_words(screen: Page, console: Console) -> None:
    hand = _pending_renege_on_east(console)
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/calls")
    call = screen.locator(f"li.call[data-id='{hand}@14']")
    expect(call.locator(".what")).to_have_text("North called a renege on East")
    detail = call.locator(".detail")
    expect(detail).to_contain_text("East played the three of diamonds on a clubs lead")
    expect(detail).to_contain_text("called by North after book 2")
    expect(detail).not_to_contain_text("West")
    expect(call.locator(".made")).to_have_text(re.compile(r"^called at \d\d:\d\d$"))
    expect(call.locator("a.moment")).to_have_text("The hand at the call, after book 2")
    said = screen.locator("#calls").inner_text()
    assert not IDENTIFIER.search(said), IDENTIFIER.search(said)
    # the demonstration's Texas renege, proven by the recorded deal as East called it: Texas still
    # brings an official to the table, so the officials see it, settled, with its time to ruling
    settled = screen.locator("#settled li", has_text="East called a renege on North")
    expect(settled.first.locator(".status")).to_have_text("settled by the record \u00b7 time to ruling 0 s")
    expect(settled.first.locator(".detail")).to_contain_text("North played the ace of spades")
    said = screen.locator("#settled").inner_text()
    assert not IDENTIFIER.search(said), IDENTIFIER.search(said)
    accessible(screen)


def _disputed(console: Console, seed: int) -> str:
    """A whole Texas hand whose score East disputes."""
    events = random_hand(seed, "texas", "north")
    dispute = {
        "type": "score_confirmation",
        "by": "east",
        "verdict": "disputed",
        "note": "the last book was ours",
    }
    return console.record("texas", "north", [*events, dispute])


def test_a_disputed_score_is_upheld_from_the_officials_page(screen: Page, console: Console) -> None:
    hand = _disputed(console, 11)
    version = console.get(f"/hands/{hand}")["version"]
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{hand}?at={version}")
    ruling = screen.locator("article.ruling", has_text="Score dispute by East")
    expect(ruling).to_contain_text("East of East\u2013West disputed the score")
    ruling.get_by_role("button", name="Uphold").click()
    look = ruling.locator(".second-look")
    expect(look).to_be_visible()
    accessible(screen)
    look.get_by_role("button", name="Confirm: uphold").click()
    expect(screen.locator("#moment")).to_have_attribute("data-at", str(version + 1))
    upheld = screen.locator("article.ruling", has_text="Score dispute by East")
    expect(upheld.locator(".badge")).to_have_text("established")
    expect(upheld.get_by_role("button")).to_have_count(0)
    assert console.get(f"/hands/{hand}/events")["events"][-1]["finding"] == "upheld"


def test_a_disputed_score_is_dismissed_from_the_officials_page(screen: Page, console: Console) -> None:
    hand = _disputed(console, 12)
    version = console.get(f"/hands/{hand}")["version"]
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{hand}?at={version}")
    ruling = screen.locator("article.ruling", has_text="Score dispute by East")
    ruling.get_by_role("button", name="Dismiss").click()
    ruling.locator(".second-look").get_by_role("button", name="Confirm: dismiss").click()
    expect(screen.locator("#moment")).to_have_attribute("data-at", str(version + 1))
    dismissed = screen.locator("article.ruling", has_text="Score dispute by East")
    expect(dismissed.locator(".badge")).to_have_text("dismissed")
    assert console.get(f"/hands/{hand}/events")["events"][-1]["finding"] == "dismissed"


def test_a_finding_made_while_the_table_played_on_is_recorded(page: Page, console: Console) -> None:
    """The official opens the call's confirmation; the table records two more cards; the official
    confirms: the finding is recorded against the call, after the cards, not discarded."""
    seed = 13
    played = random_hand(seed, "texas", "north")
    hand = console.record("texas", "north", [*played[:20], HEARD])
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{hand}?at=21")
    ruling = page.locator("article.ruling.here")
    ruling.get_by_role("button", name="Uphold: loss of hand").click()
    expect(ruling.locator(".second-look")).to_be_visible()
    console.append(hand, played[20:22])  # the table plays on meanwhile
    ruling.get_by_role("button", name="Confirm: uphold: loss of hand").click()
    expect(page.locator("#moment")).to_have_attribute("data-at", "24")
    recorded = console.get(f"/hands/{hand}/events")["events"]
    assert recorded[-1]["type"] == "finding" and recorded[-1]["call"] == 21, recorded[-1]
    upheld = page.locator("article.ruling", has_text="Looking at kitty by North")
    expect(upheld.locator(".badge")).to_have_text("established")
    expect(page.locator("#follow")).not_to_contain_text("Not recorded")
