"""A renege called on a scorekeeper's phone comes to the official's open page by itself (the stream),
within the product's 2 seconds; the official claims it, the ruling closes it, and it leaves the queue."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator import adjudicate
from adjudicator.simulate import reneging_hand
from tests.browser.conftest import Console, accessible, free_port, issue
from tests.e2e.serving import ServeProcesses

OPPONENTS = {"north": "east", "south": "east", "east": "north", "west": "north"}
DEADLINE_SECONDS = 2.0  # the product's requirement (issue 22), not a benchmark


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    """A service of this module's own: the calls it makes stay out of the demonstration's lists."""
    directory: Path = tmp_path_factory.mktemp("hall")
    servers = ServeProcesses()
    port = free_port()
    try:
        servers.start(directory, port)
        assert servers.token is not None
        yield Console(f"http://127.0.0.1:{port}", servers.token, {}, directory)
    finally:
        servers.close()


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
    form = phone.locator('form[data-type="renege_call"]')
    form.get_by_label("Called by").select_option(OPPONENTS[reneger])
    form.get_by_label("Against").select_option(reneger)
    called = time.monotonic()
    form.get_by_role("button", name="Call a renege").click()
    mine.wait_for(state="attached", timeout=10_000)  # polled continuously, not backing off as expect()
    delay = time.monotonic() - called
    assert delay < DEADLINE_SECONDS, f"the call reached the official's page after {delay:.2f} s"
    expect(mine).to_contain_text("Table 7")
    expect(mine.locator("a.moment")).to_have_attribute("href", f"/console/hands/{hand['id']}?at=15")
    expect(mine.locator("a.rulebook")).to_contain_text("Rulebook")
    accessible(page)

    mine.get_by_role("button", name="Claim: on my way").click()
    expect(mine.locator(".status")).to_contain_text("is on the way")
    expect(mine.get_by_role("button")).to_have_count(0)

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
