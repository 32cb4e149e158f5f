"""The desk's day, at a phone's and a laptop's width: a pasted list with a line that is not a team is
refused line by line in words, nothing registered, and the list typed is still there to mend; a typed
value survives a reload; a withdrawn team is said in words, is out of the next round's proposal,
which confirms, and its withdrawal is undone; officials issue, list and revoke the credentials of
other officials and viewers from the desk."""

from __future__ import annotations

import urllib.error
import urllib.request

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in
from tests.browser.test_console_desk import create, play_sheet, press, seat_round

BAD_LIST = "Aces: Ann, Al\nKings Kim, Ken\nQueens: Quinn"
LIST = "Aces: Ann, Al\nKings: Kim, Ken\nQueens: Quinn, Quo\nJacks: Jo, Jay"


def width(screen: Page) -> int:
    return screen.viewport_size["width"] if screen.viewport_size else 0


def test_a_pasted_list_is_refused_in_words_and_a_withdrawn_team_leaves_the_proposal(
    screen: Page, console: Console
) -> None:
    tournament = create(screen, console, "texas", f"Desk Day {width(screen)}")
    base = f"{console.url}/console/desk/{tournament}"
    pasted = screen.get_by_label("One team a line")
    pasted.fill(BAD_LIST)
    with screen.expect_navigation():
        screen.get_by_role("button", name="Register the list").click()
    refused = screen.locator("#refused")
    expect(refused).to_contain_text("Line 2 (“Kings Kim, Ken”) has no colon")
    expect(refused).to_contain_text("Line 3 (“Queens: Quinn”) names one player")
    assert console.get(f"/tournaments/{tournament}")["teams"] == []  # nothing registered, no nameless team
    expect(screen.get_by_label("One team a line")).to_have_value(BAD_LIST)  # there to mend
    screen.get_by_label("One team a line").fill(LIST)
    press(screen, "Register the list")
    teams = {t["team"]: t["name"] for t in console.get(f"/tournaments/{tournament}")["teams"]}
    assert teams == {"T01": "Aces", "T02": "Kings", "T03": "Queens", "T04": "Jacks"}

    seat_round(screen, 1)
    for match in ("R1-T1", "R1-T2"):
        play_sheet(screen, base, match, ["1 0", "1 0", "1 0"])
    screen.goto(base)
    screen.locator("#withdraw-reason").fill("a player fell ill")
    screen.reload()  # a typed value survives a reload
    reason = screen.locator("#withdraw-reason")
    expect(reason).to_have_value("a player fell ill")
    screen.locator("#withdraw-team").select_option("T04")
    press(screen, "Withdraw the team")
    row = screen.locator("table.teams tr", has_text="Jacks")
    expect(row).to_contain_text("withdrawn: a player fell ill")
    expect(row).not_to_contain_text("{")
    expect(screen.locator("#withdraw-reason")).to_have_value("")  # sent and recorded: forgotten
    accessible(screen)
    seat_round(screen, 2)
    expect(screen.locator("#refused")).to_have_count(0)
    seated = console.get(f"/tournaments/{tournament}")["rounds"]
    second = next(r for r in seated if r["round"] == 2)["tables"]
    assert "T04" not in {side for t in second for side in (t["north_south"], t["east_west"])}, second
    screen.locator("#reinstate-reason").fill("back from the doctor")
    press(screen, "Put the team back in play")
    expect(row).to_contain_text("playing")


def _status(console: Console, token: str) -> int:
    request = urllib.request.Request(f"{console.url}/calls", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_an_official_issues_lists_and_revokes_officials_and_viewers_from_the_desk(
    screen: Page, console: Console
) -> None:
    name = f"Floor official {width(screen)}"
    sign_in(screen, console)
    screen.get_by_role("navigation", name="Console").get_by_role("link", name="Tournaments").click()
    screen.get_by_role("link", name="Officials and viewers").click()
    screen.get_by_label("Their name").fill(name)
    screen.get_by_label("Role").select_option("official")
    press(screen, "Issue the credential")
    token = screen.locator("#issued code.token").inner_text()
    assert _status(console, token) == 200
    row = screen.locator("table.staff tr", has_text=name)
    expect(row).to_contain_text("official")
    expect(screen.locator("table.staff tr", has_text="(you)")).to_contain_text("in use")
    accessible(screen)
    press(screen, f"Revoke {name}")
    expect(row).to_contain_text("revoked")
    assert _status(console, token) == 401
