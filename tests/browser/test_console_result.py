"""A hand recorded by its result on the table's phone (issue 31, item 3), at a phone's width (390 px)
and a laptop's: who won the bid, the bid, its trump, the books taken and "Record the result", then
one tap for both teams' agreement: six taps a hand, where card by card costs over a hundred. The
table's next step puts each hand on the match's sheet, as for a hand recorded card by card, and the
signed sheet reaches the standings. A call on such a hand walks through its books as they lie."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import scripted_hand
from tests.browser.conftest import Console, accessible, issue
from tests.browser.test_console_recorder import _opened_with, _recorded, _sign_in
from tests.browser.test_console_table import seated

SEATS = ("north", "east", "south", "west")
#: Each hand's result as the table taps it: who won the bid, the bid, the trump, the books taken.
HANDS = (
    ("south", "4", "spades uptown", 11),
    ("east", "5", "hearts downtown", 9),
    ("north", "6", "no trump uptown", 12),
    ("west", "4", "clubs uptown", 10),
)


def taps_a_result(page: Page, seat: str, level: str, kind: str, books: int) -> list[str]:
    """The hand by its result, tap by tap on the recorder: what was tapped."""
    tapped = []
    for step, value in (("seat", seat), ("level", level), ("kind", kind), ("books", str(books))):
        page.locator(f'.result-pick[data-step="{step}"][data-value="{value}"]').click()
        tapped.append(value)
    page.get_by_role("button", name="Record the result").click()
    tapped.append("Record the result")
    _recorded(page, 1)
    page.get_by_role("button", name="Both teams agree to this score").click()
    tapped.append("Both teams agree")
    _recorded(page, 3)
    return tapped


def test_a_table_records_its_match_by_results_in_six_taps_a_hand_and_it_reaches_the_standings(
    screen: Page, console: Console
) -> None:
    name = f"Result Cup {time.monotonic_ns()}"
    tournament = seated(console, name=name)
    token = issue(console, "scorekeeper", f"Table 1 {name}", "--tournament", tournament, "--table", "1")
    screen.goto(f"{console.url}/console/sign-in?next=/console/table")
    screen.get_by_label("Token").fill(token)
    screen.get_by_role("button", name="Sign in").click()
    screen.wait_for_url("**/console/table")
    for number, (seat, level, kind, books) in enumerate(HANDS, start=1):
        if number == 1:  # the first dealer is the draw's, told by the table
            screen.get_by_role("radio", name=re.compile("^North")).check()
        screen.get_by_role("button", name=f"Open hand {number}").click()
        screen.wait_for_url("**/console/record/*")
        screen.wait_for_load_state()
        hand_id = screen.url.rsplit("/", 1)[1]
        expect(screen.locator("#panel h2").first).to_have_text("Record the result")  # the first choice
        if number == 1:
            accessible(screen)
        assert len(taps_a_result(screen, seat, level, kind, books)) <= 6
        expect(screen.locator("#turn")).to_have_text("The hand is complete")
        score = console.get(f"/hands/{hand_id}/score")
        assert score["final"] and score["books"][_team(seat)] == books, score
        screen.get_by_role("link", name="Back to table 1").click()
        screen.wait_for_url("**/console/table?hand=*")
        on_sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")["hands"]
        assert len(on_sheet) == number - 1  # the table's next step puts it there
    for side in ("north-south", "east-west"):
        with screen.expect_navigation():
            screen.get_by_role("button", name=f"Sign for {side}").click()
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    assert sheet["status"] == "signed" and len(sheet["hands"]) == 4, sheet
    by_result = [console.get(f"/hands/{h['hand']}/score")["points"] for h in sheet["hands"]]
    assert [h["points"] for h in sheet["hands"]] == by_result
    standings = console.get(f"/tournaments/{tournament}/standings")["rows"]
    assert standings[0]["team"] == sheet[sheet["result"]["winner"]]
    screen.goto(f"{console.url}/console/tournaments/{tournament}")
    expect(screen.locator("body")).to_contain_text(str(standings[0]["team"]))


def _team(seat: str) -> str:
    return "north_south" if seat in ("north", "south") else "east_west"


def test_a_call_on_a_hand_recorded_by_its_result_walks_through_its_books_as_they_lie(
    screen: Page, console: Console
) -> None:
    keeper = issue(console, "scorekeeper", f"walk {time.monotonic_ns()}")
    result: dict[str, Any] = {"type": "result", "seat": "south", "bid": "4", "trump": "spades", "books": 11}
    _sign_in(screen, console, keeper)
    _opened_with(console, screen, keeper, [result])
    expect(screen.locator("#result")).to_have_count(0)  # recorded: the card taps wait for a call
    expect(screen.locator("#entries")).to_be_hidden()
    screen.get_by_role("button", name="Enter the books as they lie").click()
    expect(screen.locator(".seat-pick[data-seat=south]")).to_have_attribute("aria-pressed", "true")
    plays = [e for e in scripted_hand(11, bidder="south", dealer="north") if e["type"] == "play"]
    for version, play in enumerate(plays[:5], start=2):
        seat, card = play["seat"], play["card"]
        screen.locator(f'.seat-pick[data-seat="{seat}"]').click()
        screen.locator(f'.offer[data-seat="any"] .card-pick[data-card="{card}"]').click()
        _recorded(screen, version)
    expect(screen.locator(".walk-now")).to_contain_text("Book 2 of 12")
    expect(screen.locator(f'.seat-pick[data-seat="{plays[5]["seat"]}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    accessible(screen)
