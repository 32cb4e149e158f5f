"""A renege called on a scorekeeper's phone comes to the official's open page by itself (the stream),
within the product's 2 seconds; the official claims it, the ruling closes it, and it leaves the queue."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator import adjudicate
from adjudicator.simulation.hands import reneging_hand
from tests.browser.conftest import Console, accessible, call_renege_in_time, issue, served


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    """A service of this module's own: the calls it makes stay out of the demonstration's lists."""
    with served(tmp_path_factory.mktemp("hall")) as console:
        yield console


def _api(console: Console, token: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    request = urllib.request.Request(f"{console.url}{path}", data, headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _sign_in(page: Page, console: Console, token: str, then: str) -> None:
    page.goto(f"{console.url}/console/sign-in?next={then}")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"**{then}")


def test_a_renege_called_at_a_table_reaches_the_officials_page_within_2_seconds(
    page: Page, phone: Page, hall: Console
) -> None:
    console = hall
    renege = reneging_hand(1, "texas", "north")
    reneger = adjudicate("texas", "north", renege).rulings[0].seat
    keeper = issue(console, "scorekeeper", f"Table 7 {time.monotonic_ns()}")
    # The cards as the table saw them, without the deal: the record cannot prove the renege by itself.
    hand = _api(
        console, keeper, "POST", "/hands", {"ruleset": "texas", "dealer": "north", "label": "Table 7"}
    )
    _api(console, keeper, "POST", f"/hands/{hand['id']}/events", [e for e in renege if e["type"] != "deal"])

    _sign_in(page, console, console.token, "/console/calls")
    expect(page.locator("#live")).to_have_text("live")
    mine = page.locator(f'li.call[data-id^="{hand["id"]}@"]')
    expect(mine).to_have_count(0)

    _sign_in(phone, console, keeper, "/console/record")
    phone.goto(f"{console.url}/console/record/{hand['id']}")
    phone.get_by_text("Calls: renege").click()
    call_renege_in_time(phone, reneger, mine)
    expect(mine).to_contain_text("Table 7")
    expect(mine.locator("a.moment")).to_have_attribute("href", f"/console/hands/{hand['id']}?at=15")
    expect(mine.locator("a.rulebook")).to_contain_text("Rulebook")
    # Drawn live, its parts are not run together: what happened and when stand on lines of their own.
    status, detail, made = (mine.locator(part).bounding_box() for part in (".status", ".detail", ".made"))
    assert status and detail and made
    assert status["y"] + status["height"] <= detail["y"] < detail["y"] + detail["height"] <= made["y"]
    accessible(page)

    mine.get_by_role("button", name="Claim: on my way").click()
    expect(mine.locator(".status")).to_contain_text("is on the way")
    expect(mine.get_by_role("button", name="Claim: on my way")).to_have_count(0)

    played = {e["card"] for e in renege if e["type"] == "play" and e["seat"] == reneger}
    held = [card for card in renege[0]["hands"][reneger] if card not in played]
    inspection = {"type": "inspect", "seat": reneger, "cards": held}  # the official's finding
    _api(console, console.token, "POST", f"/hands/{hand['id']}/events", inspection)
    expect(mine).to_have_count(0)
    accessible(page)
    (ruled,) = [
        c
        for c in _api(console, console.token, "GET", "/calls?status=ruled")["calls"]
        if c["hand"] == hand["id"]
    ]
    assert ruled["claimed_by"] and ruled["made_at"] <= ruled["claimed_at"] <= ruled["ruled_at"]


def test_a_claim_is_handed_over_and_released_on_every_officials_page_without_a_reload(
    page: Page, phone: Page, hall: Console
) -> None:
    """Two officials' pages open: the first claims a call, hands it to the second, who cannot go and
    releases it; each page shows each fact as it is recorded, and the call is open to claim again."""
    console = hall
    second_name = f"Second official {time.monotonic_ns()}"
    second = issue(console, "official", second_name)
    hand = _api(
        console, console.token, "POST", "/hands", {"ruleset": "detroit", "dealer": "west", "label": "Table 9"}
    )
    bids = [
        {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
    ]
    call = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}
    _api(console, console.token, "POST", f"/hands/{hand['id']}/events", [*bids, call])
    _sign_in(page, console, console.token, "/console/calls")
    _sign_in(phone, console, second, "/console/calls")
    first_sees = page.locator(f'li.call[data-id="{hand["id"]}@4"]')
    second_sees = phone.locator(f'li.call[data-id="{hand["id"]}@4"]')
    expect(second_sees).to_be_visible()

    first_sees.get_by_role("button", name="Claim: on my way").click()
    expect(second_sees.locator(".status")).to_contain_text("is on the way")
    expect(second_sees.get_by_role("button")).to_have_count(0)  # not the second official's to claim
    first_sees.get_by_label("Hand over to").select_option(second_name)
    first_sees.get_by_role("button", name="Hand over").click()
    expect(second_sees.locator(".status")).to_have_text(f"{second_name} is on the way")
    expect(second_sees.locator(".claims")).to_contain_text("handed over by")
    expect(first_sees.locator(".status")).to_have_text(f"{second_name} is on the way")
    expect(first_sees.get_by_role("button")).to_have_count(0)
    accessible(phone)

    second_sees.get_by_role("button", name="Release: I can't go").click()
    expect(first_sees.locator(".status")).to_have_text("open")
    expect(first_sees.locator(".claims")).to_contain_text(f"released by {second_name}")
    expect(first_sees.get_by_role("button", name="Claim: on my way")).to_be_visible()
    accessible(page)
    (listed,) = [
        c for c in _api(console, second, "GET", "/calls?status=open")["calls"] if c["hand"] == hand["id"]
    ]
    assert [c["type"] for c in listed["claims"]] == ["call_claimed", "call_handed_over", "call_released"]
