"""Registration at the desk with the entry rules (issue 32), at a laptop's and a phone's width: a
Detroit tournament created with its date and start time refuses a team registered after its close,
says why in words with the section, and offers the official "Admit anyway" with a reason; admitted,
the team is in the field and the admission in the log."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible
from tests.browser.test_console_desk import create


def test_a_refused_registration_is_said_in_words_and_admitted_with_a_reason(
    screen: Page, console: Console
) -> None:
    page = screen
    tournament = create(
        page, console, "detroit", "Senior Qualifier", Date="2026-01-10", **{"Start time": "10:00"}
    )
    page.get_by_label("Team name", exact=True).fill("Eastside Aces")
    page.get_by_label("First player", exact=True).fill("Ann Lee")
    page.get_by_label("Second player", exact=True).fill("Al Moss")
    with page.expect_navigation():
        page.get_by_role("button", name="Register the team", exact=True).click()
    refused = page.locator("#refused")
    expect(refused).to_contain_text(
        "Registration closed 15 minutes after the start at 10:00 on 10 January 2026"
    )
    expect(refused).to_contain_text("I Registration")
    admit = page.get_by_role("button", name="Admit anyway")
    expect(admit).to_be_visible()
    box = admit.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
    accessible(page, contrast=page.viewport_size == {"width": 390, "height": 844})
    assert console.get(f"/tournaments/{tournament}")["teams"] == []
    page.get_by_label("Why the official admits it").fill("The bus from Eastside broke down")
    with page.expect_navigation():
        admit.click()
    expect(page.locator("#refused")).to_have_count(0)
    expect(page.locator("#field")).to_contain_text("Ann Lee, Al Moss")
    events = console.get(f"/tournaments/{tournament}/events")["events"]
    assert [e["type"] for e in events[-2:]] == ["entry_admitted", "team_registered"]
    assert events[-2]["reason"] == "The bus from Eastside broke down"
