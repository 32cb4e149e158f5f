"""Cardtel's delay clock in the hall (Play 17): the desk puts a team not at its table on the clock
(called for 4 minutes before the desk pressed start), the desk, the board and the table's phone say
"Kings late 4 min: 3 points to Aces so far, next step at 7 min", and stopping the clock when Kings sit
down charges the step reached: a hand and 3 points to Aces on the sheet. A second clock at that table
and a team not at it are refused in words, nothing recorded.

Each run sets up its own Cardtel tournament over REST (two teams, round 1 seated) on the session's
demonstration service, and reads only that tournament's data."""

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


def _cardtel_round(console: Console) -> tuple[str, dict[str, str]]:
    """A Cardtel tournament of its own with Aces and Kings (and Queens, not seated) and round 1 seated;
    its id and which side each team sits at table 1."""
    suffix = uuid.uuid4().hex[:6]
    created = console.post("/tournaments", {"ruleset": "cardtel", "name": f"Delay clock {suffix}"})
    teams = [
        {
            "type": "team_registered",
            "team": f"{name[0]}{suffix}",
            "name": name,
            "players": [f"{name} 1", f"{name} 2"],
        }
        for name in ("Aces", "Kings")
    ]
    console.post(f"/tournaments/{created['id']}/events", teams)
    seated = {"table": 1, "north_south": f"A{suffix}", "east_west": f"K{suffix}"}
    console.post(
        f"/tournaments/{created['id']}/events",
        [{"type": "seating_overridden", "round": 1, "tables": [seated], "reason": "the director's rotation"}],
    )
    sheet = console.get(f"/tournaments/{created['id']}/matches/R1-T1")
    sides = {sheet[side]: side for side in ("north_south", "east_west")}
    return str(created["id"]), {"Aces": sides[f"A{suffix}"], "Kings": sides[f"K{suffix}"], "suffix": suffix}


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
    tournament, sides = _cardtel_round(console)
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
    again = _refused(
        console, f"/tournaments/{tournament}/matches/R1-T1/clock", {"team": f"A{sides['suffix']}"}
    )
    assert again["status"] == 422 and "Kings is already on the clock at table 1" in again["detail"], again
    stranger = _refused(console, f"/tournaments/{tournament}/matches/R1-T1/clock", {"team": "Queens"})
    assert stranger["status"] == 422 and "'Queens' is unknown to R1-T1" in stranger["detail"], stranger
    assert console.get(f"/tournaments/{tournament}")["version"] == version

    screen.goto(f"{console.url}/console/board/{tournament}")
    expect(screen.locator("#delay-clock-R1-T1 .delay-said")).to_have_text(SAID)
    issued = console.post(f"/tournaments/{tournament}/table-tokens", {"table": 1})
    with contextmanager(_page)(browser, PHONE) as phone:
        phone.goto(f"{console.url}/console/sign-in?next=/console/table")
        phone.get_by_label("Token").fill(issued["token"])
        phone.get_by_role("button", name="Sign in").click()
        phone.wait_for_url("**/console/table")
        expect(phone.locator(".delay-clock .delay-said")).to_have_text(SAID)
        accessible(phone, contrast=False)

    screen.goto(f"{base}#clocks")
    press(screen, "Stop the clock: Kings sat down")
    expect(screen.locator("#clocks .delay-clock")).to_have_count(0)
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    aces = sides["Aces"]
    assert sheet["result"]["points"][aces] == 3 and sheet["result"]["hands_won"][aces] == 1, sheet["result"]
    (ruling,) = [r for r in sheet["rulings"] if r["kind"] == "delay_of_game"]
    assert ruling["minutes"] == 4 and ruling["team"] == sides["Kings"], ruling
    assert console.get(f"/tournaments/{tournament}/clocks")["clocks"] == []
