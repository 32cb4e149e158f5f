"""A person pressing twice, in a real browser: "Open hand" double-tapped on the table's phone, the
new-tournament form double-clicked at the desk, and the page answering a table's token reloaded.
Each time the browser sends the form again (counted here), the service records it once, and the
page the person ends on is the one the first press answered."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

from playwright.sync_api import Error, Locator, Page, Request, Route, expect

from tests.browser.conftest import Console, issue, sign_in
from tests.browser.test_console_table import seated


def caught_up(console: Console) -> None:
    """Wait until the read models have projected every event (the lists below are theirs)."""
    deadline = time.monotonic() + 20
    while console.get("/readyz").get("lag") and time.monotonic() < deadline:
        time.sleep(0.1)


def posts(page: Page, path: str) -> list[str]:
    """The POSTs the page sends to ``path`` from now on (what a double tap or a reload sent)."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.split("?")[0].endswith(path):
            sent.append(request.url)

    page.on("request", seen)
    return sent


def double_tap(page: Page, button: Locator, path: str) -> None:
    """Press ``button`` twice, the second time once the first press reached the service but before
    its answer came back (as on a slow hall network); the browser then shows the second answer."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(f"**{path}", hold)
    box = button.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)  # the mouse, as a finger: it does not wait for the page to change
    while not held:
        page.wait_for_timeout(20)
    first = held[0].fetch(max_redirects=0)  # the service has the first press; its answer is held
    page.mouse.click(x, y)
    while len(held) < 2:
        page.wait_for_timeout(20)
    with contextlib.suppress(Error):  # the browser gave up waiting for it when pressed again
        held[0].fulfill(response=first)
    held[1].fulfill(response=held[1].fetch(max_redirects=0))
    page.unroute(f"**{path}", hold)


def listed_hands(console: Console, label: str) -> list[dict[str, Any]]:
    caught_up(console)
    return [h for h in console.get("/hands?limit=200")["hands"] if h.get("label") == label]


def test_open_hand_double_tapped_opens_one_hand(phone: Page, console: Console) -> None:
    tournament = seated(console, name="Twice Cup")
    token = issue(console, "scorekeeper", "Table 1, twice", "--tournament", tournament, "--table", "1")
    phone.goto(f"{console.url}/console/sign-in?next=/console/table")
    phone.get_by_label("Token").fill(token)
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url("**/console/table")
    sent = posts(phone, "/console/table/hands")
    phone.get_by_role("radio", name=re.compile("^North")).check()  # who deals first: the draw's
    double_tap(phone, phone.get_by_role("button", name="Open hand 1"), "/console/table/hands")
    phone.wait_for_url("**/console/record/*")
    phone.wait_for_load_state()
    assert len(sent) == 2, sent  # the browser sent the form twice
    opened = listed_hands(console, "Twice Cup, R1-T1, hand 1")
    assert [h["id"] for h in opened] == [phone.url.rsplit("/", 1)[1]], opened
    phone.reload()  # the recorder's page is a GET: a reload opens nothing
    phone.go_back()
    phone.wait_for_url("**/console/table")
    assert len(listed_hands(console, "Twice Cup, R1-T1, hand 1")) == 1


def test_a_new_tournament_double_clicked_is_created_once(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/new")
    page.get_by_label("Rulebook", exact=True).select_option("chicago")
    page.get_by_label("Name", exact=True).fill("Pressed Twice Cup")
    sent = posts(page, "/console/desk/new")
    double_tap(page, page.get_by_role("button", name="Create the tournament"), "/console/desk/new")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Pressed Twice Cup")
    page.wait_for_load_state()
    assert len(sent) == 2, sent
    desk = page.url
    page.reload()
    assert page.url == desk
    caught_up(console)
    named = [t for t in console.get("/tournaments")["tournaments"] if t["name"] == "Pressed Twice Cup"]
    assert [t["id"] for t in named] == [desk.split("/console/desk/")[1].split("#")[0]], named


def test_the_page_of_a_table_s_token_reloaded_shows_the_same_token_and_issues_none(
    page: Page, console: Console
) -> None:
    tournament = seated(console, name="Twice Cup")
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/{tournament}")
    page.get_by_label("Table number", exact=True).fill("7")
    sent = posts(page, f"/console/desk/{tournament}/tokens")
    with page.expect_navigation():
        page.get_by_role("button", name="Issue the table's token").click()
    shown = page.locator("code.token").inner_text()
    assert shown.startswith("adj_")
    page.reload()  # the browser sends the form again
    expect(page.locator("code.token")).to_have_text(shown)
    assert len(sent) == 2, sent
    tokens = console.get(f"/tournaments/{tournament}/table-tokens")["table_tokens"]
    assert [t["table"] for t in tokens] == [7], tokens
