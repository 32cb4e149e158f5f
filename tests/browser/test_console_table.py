"""The table tied to the tournament, at a phone's width: a scorekeeper scoped to a tournament's
table opens its match's next hand with the players, the dealer and the label filled in; a hand both
teams agreed to goes on the match's sheet without anyone linking it; the sheet's totals and
signatures follow, as the API answers them."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, issue

SEATS = ("north", "east", "south", "west")


def rest(console: Console, path: str, body: Any) -> Any:
    """The official's setup over REST (the tournament seated: not what this test is about)."""
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {console.token}"}
    request = urllib.request.Request(f"{console.url}{path}", json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def seated(console: Console, seat: bool = True, name: str = "Table Cup") -> str:
    """A Detroit tournament ``name`` of two teams, drawn (and round 1 seated): its id. The name labels
    its hands, which other tests on the same server read by it: one name a test."""
    created = rest(console, "/tournaments", {"ruleset": "detroit", "name": name, "rounds": 1})
    teams = [
        {"type": "team_registered", "team": t, "number": n, "players": [f"{t}a", f"{t}b"]}
        for n, t in enumerate(("TA", "TB"), start=1)
    ]
    rest(console, f"/tournaments/{created['id']}/events", teams)
    rest(console, f"/tournaments/{created['id']}/draws", {})
    if seat:
        rest(console, f"/tournaments/{created['id']}/rounds/1/seating", {})
    return str(created["id"])


def played(dealer: str, seed: int) -> list[dict[str, Any]]:
    """A legal hand dealt by ``dealer`` to its final score, then both teams' agreement."""
    for attempt in range(seed, seed + 50):
        events = random_hand(attempt, "detroit", dealer)  # type: ignore[arg-type]
        if adjudicate("detroit", dealer, events).score["final"]:  # type: ignore[arg-type]
            agreed = [{"type": "score_confirmation", "by": s, "verdict": "agreed"} for s in ("north", "east")]
            return [*events, *agreed]
    raise AssertionError("no final hand in 50 seeds")


def test_the_table_opens_its_next_hand_and_a_confirmed_hand_goes_on_the_sheet(
    phone: Page, console: Console
) -> None:
    tournament = seated(console)
    token = issue(console, "scorekeeper", "Table 1", "--tournament", tournament, "--table", "1")
    phone.goto(f"{console.url}/console/sign-in?next=/console/table")
    phone.get_by_label("Token").fill(token)
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url("**/console/table")
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    north, east = sheet["north_south"], sheet["east_west"]
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Table 1")
    expect(phone.locator("#next-label")).to_have_text("Table Cup, R1-T1, hand 1")
    expect(phone.locator(".seats")).to_contain_text(f"{north}a")
    accessible(phone)
    for number in range(1, 5):
        dealer = SEATS[(number - 1) % 4]
        if number == 1:  # the first dealer is the draw's (Detroit IV: the first diamond deals)
            expect(phone.locator("#next-dealer")).to_have_count(0)
            phone.get_by_role("radio", name=re.compile("^North")).check()
        else:
            expect(phone.locator("#next-dealer")).to_have_text(dealer.capitalize())
        phone.get_by_role("button", name=f"Open hand {number}").click()
        phone.wait_for_url("**/console/record/*")
        hand_id = phone.url.rsplit("/", 1)[1]
        opened = console.get(f"/hands/{hand_id}")
        assert (opened["dealer"], opened["label"]) == (dealer, f"Table Cup, R1-T1, hand {number}")
        assert opened["players"] == {
            "north": f"{north}a",
            "east": f"{east}a",
            "south": f"{north}b",
            "west": f"{east}b",
        }
        events = played(dealer, 100 * number)
        console.append(hand_id, events)  # the recorder follows its hand: no reload
        expect(phone.locator("#panel")).to_have_attribute("data-version", str(len(events)))
        phone.get_by_role("link", name="Back to table 1").click()
        on_sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")["hands"]
        assert len(on_sheet) == number - 1  # the table's next step puts it there
    for side in ("north-south", "east-west"):
        phone.get_by_role("button", name=f"Sign for {side}").click()
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    assert [h["hand"] for h in sheet["hands"]][:1] and sheet["status"] == "signed", sheet
    assert len(sheet["hands"]) == 4
    expect(phone.locator("#next-label")).to_have_count(0)
    standings = console.get(f"/tournaments/{tournament}/standings")["rows"]
    assert standings[0]["team"] == sheet[sheet["result"]["winner"]]


WIN = {"final": True, "void": False, "winner": "north_south", "points": {"north_south": 7, "east_west": 0}}


def test_the_table_follows_its_tournament_and_keeps_a_form_being_filled_in(
    phone: Page, console: Console
) -> None:
    """The round seated, the sheet's hands and a signature come from the desk (here over REST): the
    phone shows each without a reload, but not while a signature is being chosen on it."""
    tournament = seated(console, seat=False)
    token = issue(console, "scorekeeper", "Table 1, followed", "--tournament", tournament, "--table", "1")
    phone.goto(f"{console.url}/console/sign-in?next=/console/table")
    phone.get_by_label("Token").fill(token)
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url("**/console/table")
    expect(phone.get_by_text("No match at this table now")).to_be_visible()
    rest(console, f"/tournaments/{tournament}/rounds/1/seating", {})
    expect(phone.locator("#next-label")).to_have_text("Table Cup, R1-T1, hand 1")
    scored = [{"type": "hand_scored", "match": "R1-T1", "hand": f"p{k}", "score": WIN} for k in range(1, 5)]
    rest(console, f"/tournaments/{tournament}/events", scored[:3])
    expect(phone.locator("#next-label")).to_have_text("Table Cup, R1-T1, hand 4")
    expect(phone.locator(".table-sheet tbody tr")).to_have_count(3)
    rest(console, f"/tournaments/{tournament}/events", scored[3:])
    sheet = console.get(f"/tournaments/{tournament}/matches/R1-T1")
    assert sheet["result"]["over"], sheet
    choice = phone.get_by_label("North-south signs as")
    north = sheet["north_south"]
    choice.select_option(f"{north}b")  # being chosen, not sent
    choice.blur()
    east = sheet["east_west"]
    signature = {"type": "sheet_signed", "match": "R1-T1", "team": east, "player": f"{east}a"}
    with phone.expect_response(lambda r: "/console/table/live" in r.url and r.status == 200):
        rest(console, f"/tournaments/{tournament}/events", [signature])
    expect(choice).to_have_value(f"{north}b")  # kept: not redrawn under the scorekeeper's fingers
    expect(phone.get_by_role("button", name="Sign for east-west")).to_be_visible()
    choice.select_option(f"{north}a")  # back as it was drawn: nothing is being filled in
    choice.blur()
    expect(phone.get_by_text(f"East-west: signed by {east}a")).to_be_visible()
    expect(phone.get_by_role("button", name="Sign for east-west")).to_have_count(0)
    accessible(phone)
