"""The delay clock in the hall. Cardtel (Play 17): the desk puts a team not at its table on the clock
(called for 4 minutes before the desk pressed start); the desk, the board and the table's phone say
"Kings late 4 min: 3 points to Aces so far, next step at 7 min", the phone counting the minutes on by
itself; stopping the clock when Kings sit down charges the step reached (a hand and 3 points to Aces on
the sheet). A second clock at that table and a team not at it are refused in words, nothing recorded.
Chicago (Delay of game): the desk's clock offers "Forfeit the hand" once 5 minutes have run.

Each test sets up its own tournament over REST (Aces and Kings seated at table 1, Queens with a bye) on
the session's demonstration service, and reads only that tournament's data."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, Console, _page, accessible, sign_in
from tests.browser.test_console_desk import press

SAID = "Kings late 4 min: 3 points to Aces so far, next step at 7 min"


def _tournament(console: Console, ruleset: str) -> tuple[str, str]:
    """A tournament of ``ruleset`` of its own, Aces (north-south) and Kings (east-west) seated at table 1
    (Queens registered, not seated): its id and the teams' ids' suffix."""
    suffix = uuid.uuid4().hex[:6]
    created = console.post("/tournaments", {"ruleset": ruleset, "name": f"Delay clock {suffix}"})
    events: list[dict[str, Any]] = [
        {
            "type": "team_registered",
            "team": f"{name[0]}{suffix}",
            "name": name,
            "players": [f"{name} 1", f"{name} 2"],
        }
        for name in ("Aces", "Kings", "Queens")
    ]
    seated = {"table": 1, "north_south": f"A{suffix}", "east_west": f"K{suffix}"}
    bye = {"table": 2, "north_south": f"Q{suffix}", "east_west": None}
    reason = "the director's rotation"
    events.append({"type": "seating_overridden", "round": 1, "tables": [seated, bye], "reason": reason})
    console.post(f"/tournaments/{created['id']}/events", events)
    return str(created["id"]), suffix


def _refused(console: Console, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A write the service refuses: its status and problem+json."""
    request = urllib.request.Request(
        f"{console.url}{path}",
        json.dumps(body).encode(),
        {"Content-Type": "application/json", "Authorization": f"Bearer {console.token}"},
    )
    try:
        urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as error:
        assert error.headers["Content-Type"] == "application/problem+json", error.headers
        return {"status": error.code, **json.load(error)}
    raise AssertionError(f"{path} was recorded")


def test_the_desk_runs_cardtels_clock_shown_on_the_board_and_the_table_and_stopping_charges_the_step(
    screen: Page, browser: Browser, console: Console
) -> None:
    tournament, suffix = _tournament(console, "cardtel")
    base = f"{console.url}/console/desk/{tournament}"
    sign_in(screen, console)
    screen.goto(f"{base}#clocks")
    form = screen.get_by_role("form", name="Start the clock at table 1")
    form.get_by_label("Called for how many minutes ago").fill("4")
    with screen.expect_navigation():
        form.get_by_role("button", name="Start the clock on Kings at table 1").click()
    expect(screen.locator("#refused")).to_have_count(0)
    clock = screen.locator("#clocks .delay-clock")
    expect(clock.locator(".delay-said")).to_have_text(SAID)
    expect(clock).to_contain_text("Table 1, on the clock")
    expect(screen.get_by_role("button", name="Charge the points so far")).to_be_visible()
    accessible(screen)

    # refused in words, nothing stored: a second clock at the table, a team not at it
    version = console.get(f"/tournaments/{tournament}")["version"]
    again = _refused(console, f"/tournaments/{tournament}/matches/R1-T1/clock", {"team": f"A{suffix}"})
    assert again["status"] == 422 and "Kings is already on the clock at table 1" in again["detail"], again
    stranger = _refused(console, f"/tournaments/{tournament}/matches/R1-T1/clock", {"team": f"Q{suffix}"})
    assert stranger["status"] == 422 and f"'Q{suffix}' is not in R1-T1" in stranger["detail"], stranger
    assert console.get(f"/tournaments/{tournament}")["version"] == version

    screen.goto(f"{console.url}/console/board/{tournament}")
    expect(screen.locator("#delay-clock-R1-T1 .delay-said")).to_have_text(SAID)
    issued = console.post(f"/tournaments/{tournament}/table-tokens", {"table": 1})
    with contextmanager(_page)(browser, PHONE) as phone:
        phone.clock.install()  # the phone's own clock, to be moved on: the page counts the minutes on
        phone.goto(f"{console.url}/console/sign-in?next=/console/table")
        phone.get_by_label("Token").fill(issued["token"])
        phone.get_by_role("button", name="Sign in").click()
        phone.wait_for_url("**/console/table")
        expect(phone.locator(".delay-clock .delay-said")).to_have_text(SAID)
        accessible(phone, contrast=False)
        phone.clock.fast_forward("04:00")
        later = "Kings late 8 min: 6 points to Aces so far, next step at 12 min"
        expect(phone.locator(".delay-clock .delay-said")).to_have_text(later)

    screen.goto(f"{base}#clocks")
    press(screen, "Stop the clock: Kings sat down")
    expect(screen.locator("#clocks .delay-clock")).to_have_count(0)
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    result = sheet["result"]
    assert result["points"]["north_south"] == 3 and result["hands_won"]["north_south"] == 1, result
    (ruling,) = [r for r in sheet["rulings"] if r["kind"] == "delay_of_game"]
    assert ruling["minutes"] == 4 and ruling["team"] == "east_west", ruling
    assert console.get(f"/tournaments/{tournament}/clocks")["clocks"] == []


def test_chicagos_clock_from_sitting_down_offers_the_forfeit_at_5_minutes(
    phone: Page, console: Console
) -> None:
    """Chicago (Delay of game), on a phone at the desk: the clock started 3 minutes ago offers "Stop
    the clock"; two minutes later the page offers "Forfeit the hand to Aces" instead."""
    tournament, _ = _tournament(console, "chicago")
    phone.clock.install()
    sign_in(phone, console)
    phone.goto(f"{console.url}/console/desk/{tournament}#clocks")
    form = phone.get_by_role("form", name="Start the clock at table 1")
    form.get_by_label("Called for how many minutes ago").fill("3")
    with phone.expect_navigation():
        form.get_by_role("button", name="Start the clock on Kings at table 1").click()
    said = "Kings not ready 3 min after sitting down: at 5 min they forfeit the hand to Aces"
    expect(phone.locator("#clocks .delay-said")).to_have_text(said)
    expect(phone.get_by_role("button", name="Stop the clock: Kings is ready")).to_be_visible()
    expect(phone.get_by_role("button", name="Forfeit the hand to Aces")).to_be_hidden()
    phone.clock.fast_forward("02:00")
    expect(phone.locator("#clocks .delay-said")).to_contain_text("Kings not ready 5 min after sitting down")
    expect(phone.get_by_role("button", name="Forfeit the hand to Aces")).to_be_visible()
    expect(phone.get_by_role("button", name="Stop the clock: Kings is ready")).to_be_hidden()
    accessible(phone)
