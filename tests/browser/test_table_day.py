"""The table's day, at a phone's and a laptop's width: opening a hand is idempotent (a reload of the
table's page, or the menu and back, resumes the hand the table opened instead of opening "hand 1"
again); the hand that decides a best of five ends the match on the page at once, saying who won
it by the teams' names, and no sixth hand is offered; the menu always leads back to the table."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, issue
from tests.browser.test_console_table import rest

NAMES = {"TA": "Aces High", "TB": "Kings Row"}
#: A score as a scoreboard writes it, the en dash between the two.
DASH = "\N{EN DASH}"


def texas_seated(console: Console, name: str) -> str:
    """A Texas tournament of two named teams, round 1 seated (by number): its id."""
    created = rest(console, "/tournaments", {"ruleset": "texas", "name": name, "rounds": 1})
    teams = [
        {"type": "team_registered", "team": t, "number": n, "name": NAMES[t], "players": [f"{t}a", f"{t}b"]}
        for n, t in enumerate(NAMES, start=1)
    ]
    rest(console, f"/tournaments/{created['id']}/events", teams)
    rest(console, f"/tournaments/{created['id']}/rounds/1/seating", {})
    return str(created["id"])


def won_by(dealer: str, winner: str, seed: int) -> list[dict[str, Any]]:
    """A legal Texas hand dealt by ``dealer`` that ``winner`` wins, then both teams' agreement."""
    for attempt in range(seed, seed + 400):
        events = random_hand(attempt, "texas", dealer)  # type: ignore[arg-type]
        score = adjudicate("texas", dealer, events).score  # type: ignore[arg-type]
        if score["final"] and score["winner"] == winner:
            agreed = [{"type": "score_confirmation", "by": s, "verdict": "agreed"} for s in ("north", "east")]
            return [*events, *agreed]
    raise AssertionError(f"no hand won by {winner} in 400 seeds")


def test_a_reload_resumes_the_open_hand_and_the_deciding_hand_ends_the_match(
    screen: Page, console: Console
) -> None:
    width = screen.viewport_size["width"] if screen.viewport_size else 0
    tournament = texas_seated(console, f"Table Day {width}")
    token = issue(console, "scorekeeper", f"Table day {width}", "--tournament", tournament, "--table", "1")
    screen.goto(f"{console.url}/console/sign-in?next=/console/table")
    screen.get_by_label("Token").fill(token)
    screen.get_by_role("button", name="Sign in").click()
    screen.wait_for_url("**/console/table")
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    north = sheet["north_south"]
    east = sheet["east_west"]
    # North-south wins hands 1, 3 and 4; east-west hand 2: the fourth hand decides a best of five.
    winners = ["north_south", "east_west", "north_south", "north_south"]
    for number, winner in enumerate(winners, start=1):
        if number == 1:  # Texas Dealing: the high card of the draw deals; here east's
            expect(screen.get_by_text("the highest deals")).to_be_visible()
            screen.get_by_role("radio", name=re.compile("^East")).check()
        screen.get_by_role("button", name=f"Open hand {number}").click()
        screen.wait_for_url("**/console/record/*")
        hand_id = screen.url.rsplit("/", 1)[1]
        if number == 1:  # a reload of the table's page mid-hand resumes the hand, opens none
            screen.goto(f"{console.url}/console/table")
            expect(screen.get_by_role("button", name="Open hand 1")).to_have_count(0)
            screen.get_by_role("link", name="Continue hand 1").click()
            screen.wait_for_url(f"**/console/record/{hand_id}")
        dealer = console.get(f"/hands/{hand_id}")["dealer"]
        assert dealer == ("east", "south", "west", "north")[number - 1]  # then the deal passes left
        console.append(hand_id, won_by(dealer, winner, 100 * number))
        screen.get_by_role("navigation", name="Console").get_by_role("link", name="Table 1").click()
        screen.wait_for_url("**/console/table")
    over = screen.locator("#match-over")
    expect(over).to_contain_text(f"{NAMES[north]} {north} won 3{DASH}1")
    expect(screen.get_by_role("button", name="Open hand 5")).to_have_count(0)
    expect(screen.get_by_role("button", name="Open hand 6")).to_have_count(0)
    accessible(screen)
    for side in ("north-south", "east-west"):
        screen.get_by_role("button", name=f"Sign for {side}").click()
    signed = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    assert signed["status"] == "signed" and len(signed["hands"]) == 4, signed
    expect(over).to_contain_text(f"Match R1-T1 is over: {NAMES[north]} {north} won 3{DASH}1")
    expect(screen.get_by_text("No match at this table now")).to_be_visible()
    assert east != north
    accessible(screen)
