"""A director finds the hand the table is arguing about, at a desk (1366 px) and on a phone (390 px):
by words of its label or a player's name, by the tournament's name and its table; every hand of the
list says who won, with nothing off-screen. The replay opens where the director looks first (the first
infraction, else the deal), says whether cards are concealed or were never entered, and lists its keys.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Console, accessible, issue, sign_in

RENEGE = "Table 3, board 7: a renege not yet called"
DEMO_TABLE_3 = (RENEGE, "Table 3, board 7 (called)", "Table 3, board 1")


def _filter(page: Page, said: str) -> None:
    """Submit the filters; ``said``: a part of the address the submitted filters make."""
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(rf"/console/hands\?.*{re.escape(said)}"))


def _clear(page: Page) -> None:
    page.get_by_role("link", name="Clear").click()
    expect(page).to_have_url(re.compile(r"/console/hands$"))


def _on_screen(page: Page, cell: Locator) -> None:
    """The cell is shown and lies within the page's width (nothing to scroll sideways to)."""
    expect(cell).to_be_visible()
    box = cell.bounding_box()
    assert box is not None
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)


def test_a_director_finds_hands_by_label_player_tournament_and_table(screen: Page, console: Console) -> None:
    sign_in(screen, console)
    rows = screen.locator("table.hands tbody tr")
    screen.get_by_label("Find a label or player").fill("Table 3")
    _filter(screen, "q=Table+3")
    for label in DEMO_TABLE_3:
        expect(rows.filter(has=screen.get_by_role("link", name=label, exact=True))).to_have_count(1)
    for label in rows.locator("th a").all_inner_texts():
        assert "table 3" in label.lower()
    chicago = rows.filter(has=screen.get_by_role("link", name="Table 3, board 1", exact=True))
    result = chicago.locator("td.result")
    expect(result).to_contain_text(re.compile(r"(North|East)\u2013(South|West) won · hands won:"))
    _on_screen(screen, result)
    _on_screen(screen, chicago.locator("td[data-label=Rulings]"))
    accessible(screen)

    every = console.get("/hands?limit=200")["hands"]
    final = next(h for h in every if "final" in (h["label"] or ""))
    player = final["players"]["east"]  # the draw decides who: found as the list finds it
    played = [h for h in every if player in (h["players"] or {}).values()]
    _clear(screen)
    screen.get_by_label("Find a label or player").fill(player.lower())  # a name, in any case
    _filter(screen, f"q={player.lower()}")
    expect(rows).to_have_count(len(played))
    expect(rows.filter(has_text=player)).to_have_count(len(played))

    _clear(screen)
    screen.get_by_label("Tournament").select_option(label="Demo Open")
    _filter(screen, f"tournament={console.tournaments['Demo Open']}")
    expect(rows).to_have_count(console.linked)
    expect(rows.locator("td[data-label=Where]").filter(has_text="Demo Open")).to_have_count(console.linked)
    demo = console.get(f"/hands?tournament={console.tournaments['Demo Open']}&limit=200")["hands"]
    at_one = sum(h.get("table") == 1 for h in demo)  # every round at table 1; the final at none (other
    # tests' tables 1, on the same server, are other tournaments': the filter keeps to Demo Open)
    assert 0 < at_one < console.linked
    screen.get_by_label("Table").select_option(label="table 1")
    _filter(screen, "table=1")
    expect(rows).to_have_count(at_one)
    expect(rows.locator("td[data-label=Where]").filter(has_text="table 1")).to_have_count(at_one)
    for n in range(at_one):
        result = rows.nth(n).locator("td.result")
        expect(result).to_contain_text(re.compile(r"(North|East)\u2013(South|West) won · "))
    _on_screen(screen, rows.last.locator("td.result"))
    expect(screen.get_by_label("Tournament")).to_have_value(console.tournaments["Demo Open"])
    accessible(screen)


def _at(page: Page) -> int:
    return int(page.locator("#moment").get_attribute("data-at") or -1)


def test_the_replay_opens_at_the_first_infraction_else_at_the_deal(screen: Page, console: Console) -> None:
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}")
    ruling = screen.locator("article.ruling.here")
    expect(ruling.get_by_role("heading")).to_contain_text("Renege by")
    renege = _at(screen)
    expect(ruling.get_by_role("link", name=re.compile(r"^In book \d+$"))).to_be_visible()
    expect(screen.locator(".trick .renege-tag")).to_be_visible()
    keys = screen.locator(".keys")
    for key in ("←", "→", "↑", "↓", "Home", "End", "n", "p"):
        expect(keys.locator("kbd", has_text=re.compile(rf"^{key}$"))).to_have_count(1)
    expect(keys).to_contain_text("previous infraction")
    screen.keyboard.press("End")
    expect(screen.locator("#moment")).to_have_attribute("data-at", "15")
    screen.keyboard.press("p")
    expect(screen.locator("#moment")).to_have_attribute("data-at", str(renege))
    accessible(screen)

    screen.goto(f"{console.url}/console/hands/{console.hand('Table 1, board 1')}")
    expect(screen.locator("#moment")).to_have_attribute("data-at", "1")  # the deal, before the bids
    expect(screen.locator(".where")).to_contain_text("The deal is recorded")
    for seat in ("north", "east", "south", "west"):
        expect(screen.locator(f".seat-{seat} .hand .card")).to_have_count(12)


def test_cards_not_recorded_are_not_said_to_be_concealed(screen: Page, console: Console) -> None:
    bids = [
        {"type": "bid", "seat": "east", "bid": "pass"},
        {"type": "bid", "seat": "south", "bid": "4 uptown"},
    ]
    undealt = console.record("texas", "north", bids)
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{undealt}")
    expect(screen.locator("#moment")).to_have_attribute("data-at", "2")  # no deal: the whole record
    expect(screen.locator(".seat .unknown").filter(has_text="not recorded")).to_have_count(4)
    expect(screen.locator(".seat .unknown").filter(has_text="concealed")).to_have_count(0)
    screen.goto(f"{console.url}/console/hands/{console.hand('Table 1, board 1')}?at=0")
    expect(screen.locator(".seat .unknown").filter(has_text="not dealt yet")).to_have_count(4)

    screen.goto(f"{console.url}/console/sign-in")
    screen.get_by_label("Token").fill(issue(console, "viewer", f"viewer {time.monotonic_ns()}"))
    screen.get_by_role("button", name="Sign in").click()
    screen.wait_for_url("**/console/hands")
    screen.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}?at=5")
    expect(screen.locator(".seat .unknown").filter(has_text="concealed")).to_have_count(4)
    expect(screen.locator(".seat .unknown").filter(has_text="not recorded")).to_have_count(0)
    accessible(screen)
