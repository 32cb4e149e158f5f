"""A playoff match played at a table's phone: the director, at the desk, calls the final to a table
("Play at table N"), moves it from the sheet's page to table 1, is refused in words when the third-place
match is sent to the table the final holds, and issues table 1's token; table 1's phone, signed in
with it, shows the final as its match and opens the final's next hand with its players, dealer and
label. The bracket on the tournament's page and on the board says where the final is played.

The tournament is set up to the final over REST (round 1 and both semi-finals played and signed),
on the session's demonstration service (no server of its own)."""

from __future__ import annotations

import re
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.tournaments import Director, whist_hand
from tests.browser.conftest import PHONE, Console, _page, accessible, sign_in
from tests.browser.test_console_desk import press

NAME = "Final Table Open"


def _final_waiting(console: Console) -> tuple[str, dict[str, str]]:
    """Four Detroit teams: round 1 and both semi-finals played and signed; the final at no table.
    Its id, and the final's players by seat as the table should seat them."""
    director = Director(7)
    director.record({"type": "tournament_created", "ruleset": "detroit", "name": NAME})
    for n in range(1, 5):
        director.record({"type": "team_registered", "team": f"FT{n}", "players": [f"F{n}a", f"F{n}b"]})
    director.seat_next_round()
    director.play_round(whist_hand("detroit", 31))
    director.settle_ties(4)
    t = director.tournament
    director.record({"type": "playoff_seeded", "seeds": t.propose_seeding()["seeds"]})
    for semi in ("P1-1", "P1-2"):
        director.play(t.sheets[semi], whist_hand("detroit", 32))
    final = t.sheets["final"]
    assert final.table is None
    ns, ew = (t.members(final.sides[side]) for side in ("north_south", "east_west"))
    created = console.post("/tournaments", {"ruleset": "detroit", "name": NAME})
    console.post(f"/tournaments/{created['id']}/events", director.log[1:])
    return str(created["id"]), {"north": ns[0], "east": ew[0], "south": ns[1], "west": ew[1]}


def test_the_director_calls_the_final_to_table_1_and_its_phone_opens_the_finals_next_hand(
    page: Page, browser: Browser, console: Console
) -> None:
    tournament, seats = _final_waiting(console)
    base = f"{console.url}/console/desk/{tournament}"
    sign_in(page, console)
    page.goto(f"{base}#playoff")
    final = page.get_by_role("form", name="Play the final at a table")
    expect(final).to_be_visible()
    final.get_by_label("Play at table").fill("2")
    press(page, "Call the final there")
    expect(page.locator("#playoff")).to_contain_text("at table 2")

    page.goto(f"{base}/sheets/final")  # moved from the sheet's page: table 2's lights went out
    expect(page.get_by_label("Play at table")).to_have_value("2")
    page.get_by_label("Play at table").fill("1")
    press(page, "Call the final there")
    expect(page.locator("#sheet-final")).to_contain_text("table 1")
    assert console.get(f"/tournaments/{tournament}/matches/final")["table"] == 1

    page.goto(f"{base}#playoff")
    third = page.get_by_role("form", name="Play the third-place match at a table")
    third.get_by_label("Play at table").fill("1")
    version = console.get(f"/tournaments/{tournament}")["version"]
    with page.expect_navigation():
        third.get_by_role("button", name="Call the third-place match there").click()
    expect(page.locator("#refused")).to_contain_text("Table 1 has final in progress")
    assert console.get(f"/tournaments/{tournament}")["version"] == version  # nothing recorded
    accessible(page)

    page.goto(base)
    page.get_by_label("Table number").fill("1")
    press(page, "Issue the table's token")
    token = page.locator("#issued code.token").inner_text()

    with contextmanager(_page)(browser, PHONE) as phone:
        phone.goto(f"{console.url}/console/sign-in?next=/console/table")
        phone.get_by_label("Token").fill(token)
        phone.get_by_role("button", name="Sign in").click()
        phone.wait_for_url("**/console/table")
        expect(phone.locator("#match-h")).to_have_text("The final")
        expect(phone.locator("#next-label")).to_have_text(f"{NAME}, final, hand 1")
        expect(phone.get_by_text("the first to get a diamond deals")).to_be_visible()  # Detroit IV
        phone.get_by_role("radio", name=re.compile("^North")).check()
        accessible(phone)
        phone.get_by_role("button", name="Open hand 1").click()
        phone.wait_for_url("**/console/record/*")
        opened = console.get(f"/hands/{phone.url.rsplit('/', 1)[1]}")
        assert opened["label"] == f"{NAME}, final, hand 1", opened
        assert opened["dealer"] == "north" and opened["players"] == seats, opened

    page.goto(f"{console.url}/console/tournaments/{tournament}")
    expect(page.locator(".bracket-final")).to_contain_text("table 1")
    page.goto(f"{console.url}/console/board/{tournament}")
    expect(page.locator("#board-bracket")).to_contain_text("Final · table 1")
    accessible(page)
