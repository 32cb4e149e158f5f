"""Findings and choices with a second look: the effect on the score before confirming, a note, and a
page that follows the hand, so that a second official never rules on a stale page unawares."""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, sign_in

HEARD = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}
SHOTS = os.environ.get("ADJUDICATOR_SHOTS")  # a folder to keep screenshots in, when set


def _called(console: Console, seed: int) -> str:
    """A Texas hand 20 events in, with a conduct call the official has not yet heard (event 21)."""
    return console.record("texas", "north", [*random_hand(seed, "texas", "north")[:20], HEARD])


def _open(screen: Page, console: Console, hand: str) -> Any:
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{hand}?at=21")
    ruling = screen.locator("article.ruling.here")
    expect(ruling).to_contain_text("pending")
    return ruling


def _shot(screen: Page, name: str) -> None:
    if SHOTS:
        width = screen.viewport_size["width"] if screen.viewport_size else 0
        screen.screenshot(path=f"{SHOTS}/{name}-{width}.png", full_page=True)


def test_a_finding_shows_its_effect_on_the_score_and_takes_a_note(screen: Page, console: Console) -> None:
    hand = _called(console, 6)
    ruling = _open(screen, console, hand)
    ruling.get_by_role("button", name="Uphold: loss of hand").click()
    look = ruling.locator(".second-look")
    expect(look).to_be_visible()
    after = "East\N{EN DASH}West score 6 on North's looking at kitty."
    expect(look).to_contain_text(f"Effect on the score: now “No final score yet.”; after this, “{after}”")
    expect(screen.locator("#moment")).to_have_attribute("data-at", "21")  # nothing recorded yet
    expect(ruling.get_by_role("button", name="Dismiss")).to_be_disabled()
    look.get_by_label("Note (optional): why").fill("North lifted the kitty's top card; seen by East and West")
    accessible(screen)
    _shot(screen, "second-look")
    look.get_by_role("button", name="Confirm: uphold: loss of hand").click()
    expect(screen.locator("#moment")).to_have_attribute("data-at", "22")
    expect(screen.locator(".record-list li[value='22']")).to_contain_text(
        "upheld: loss of hand (note: “North lifted the kitty's top card; seen by East and West”)"
    )
    recorded = console.get(f"/hands/{hand}/events")["events"][-1]
    assert recorded["note"] == "North lifted the kitty's top card; seen by East and West"


def test_cancel_records_nothing(page: Page, console: Console) -> None:
    hand = _called(console, 7)
    ruling = _open(page, console, hand)
    ruling.get_by_role("button", name="Dismiss").click()
    ruling.get_by_role("button", name="Cancel").click()
    expect(ruling.locator(".second-look")).to_be_hidden()
    expect(ruling.get_by_role("button", name="Dismiss")).to_be_enabled()
    assert console.get(f"/hands/{hand}")["version"] == 21


def test_another_officials_finding_appears_and_the_buttons_close(screen: Page, console: Console) -> None:
    hand = _called(console, 8)
    _open(screen, console, hand)
    heard = {"type": "finding", "call": 21, "finding": "dismissed", "note": "nobody saw a card"}
    console.append(hand, [heard])
    follow = screen.locator("#follow")
    expect(follow).to_contain_text("One more entry was recorded meanwhile", timeout=15_000)
    expect(screen.locator("article.ruling").first.get_by_role("button")).to_have_count(0)
    found = screen.locator(".record-list li[value='22']")
    expect(found).to_contain_text("dismissed (note: “nobody saw a card”)")
    accessible(screen)
    _shot(screen, "followed")


def test_a_stale_confirmation_says_another_official_ruled_meanwhile(screen: Page, console: Console) -> None:
    hand = _called(console, 9)
    ruling = _open(screen, console, hand)
    ruling.get_by_role("button", name="Uphold: loss of hand").click()
    expect(ruling.locator(".second-look")).to_be_visible()
    console.append(hand, [{"type": "finding", "call": 21, "finding": "dismissed"}])  # the other official
    ruling.get_by_role("button", name="Confirm: uphold: loss of hand").click()
    follow = screen.locator("#follow")
    expect(follow).to_contain_text("Not recorded: another official ruled on this call meanwhile")
    expect(follow).not_to_contain_text("version")
    expect(screen.locator(".record-list li[value='22']")).to_contain_text("dismissed")
    expect(screen.locator("article.ruling").first.get_by_role("button")).to_have_count(0)
    assert console.get(f"/hands/{hand}")["version"] == 22
    _shot(screen, "stale")
