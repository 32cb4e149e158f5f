"""Ontario's default at the start on the desk (issue 32), at a laptop's and a phone's width: a team not
checked in by the start is said to be in default in words, left out of play, and the Event Convenor's
exception admits it with a reason and checks it in, both recorded."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in
from tests.e2e.test_entry_start_api import pairs


def test_a_team_absent_at_the_start_is_in_default_until_the_convenor_admits_it(
    screen: Page, console: Console
) -> None:
    page = screen
    start = datetime.now(UTC) + timedelta(seconds=3)
    created = console.post(
        "/tournaments", {"ruleset": "ontario", "name": "Default Day", "starts_at": start.isoformat()}
    )
    tournament = created["id"]
    console.post(f"/tournaments/{tournament}/events", pairs(5))
    for n in range(1, 5):
        console.post(f"/tournaments/{tournament}/check-ins", {"team": f"Pair {n}"})
    time.sleep(max(0.0, (start - datetime.now(UTC)).total_seconds()) + 0.2)
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/{tournament}")
    field = page.locator("#field")
    row = field.get_by_role("row").filter(has_text="Pair 5")
    expect(row).to_contain_text(f"in default: not present at the start at {start:%H:%M}")
    exception = page.locator("form", has=page.get_by_role("heading", name="The Event Convenor's exception"))
    expect(exception).to_contain_text("Pair 5")
    button = exception.get_by_role("button", name="Admit and check in")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
    accessible(page, contrast=page.viewport_size == {"width": 390, "height": 844})
    exception.get_by_label("Reason").fill("A detour on the highway; the Event Convenor's exception")
    with page.expect_navigation():
        button.click()
    expect(page.locator("#refused")).to_have_count(0)
    expect(field.get_by_role("row").filter(has_text="Pair 5")).to_contain_text("playing · checked in")
    events = console.get(f"/tournaments/{tournament}/events")["events"]
    assert [e["type"] for e in events[-3:]] == ["team_in_default", "entry_admitted", "team_checked_in"]
    assert events[-2]["reason"] == "A detour on the highway; the Event Convenor's exception"
