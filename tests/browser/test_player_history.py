"""A player's history page in a real browser, at a phone's width and a laptop's: every tournament of
the person the reader may see, each match with its result, hands and rulings, and the medals."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from adjudicator.simulation.tournaments import run_detroit
from tests.browser.conftest import Console, accessible, sign_in


def _history_of_a_medallist(console: Console, name: str) -> tuple[str, list[str]]:
    """A player recorded, whose team played a whole Detroit tournament of four teams: the player's id,
    and the places their team won."""
    ann = console.post("/players", {"name": name, "centre": "Windsor", "new_person": True})["player"]
    bo = console.post("/players", {"name": f"{name}'s partner", "new_person": True})["player"]
    director = run_detroit(4, seed=5, people={"D001": [ann, bo]}, name=f"{name}'s open")
    log = director.log
    places = [place for place, team in director.tournament.medals()["places"].items() if team == "D001"]
    tournament = console.post("/tournaments", {"ruleset": "detroit", "name": f"{name}'s open"})["id"]
    console.post(f"/tournaments/{tournament}/events", log[1:])
    deadline = time.monotonic() + 10
    while not console.get(f"/players/{ann}/history")["tournaments"]:  # the read models follow
        assert time.monotonic() < deadline, "the tournament never reached the player's history"
        time.sleep(0.2)
    return str(ann), places


def test_a_players_history_lists_each_match_and_the_medal(screen: Page, console: Console) -> None:
    player, places = _history_of_a_medallist(console, f"Ann Lee {screen.viewport_size['width']}")
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/players/{player}")
    expect(screen.get_by_role("heading", level=1)).to_contain_text("Ann Lee")
    expect(screen.get_by_text("of Windsor centre")).to_be_visible()
    career = screen.locator("section.career")
    expect(career).to_have_count(1)
    expect(career.get_by_role("heading", level=2)).to_contain_text("open")
    rows = career.locator("table.matches tbody tr")
    expect(rows.first).to_contain_text("Round 1")
    assert rows.count() >= 3  # three preliminary rounds, and the playoff
    expect(rows.first.locator("td").nth(1)).to_contain_text(" to ")
    assert places, "the scene's team wins a medal"
    expect(career.locator(".medals")).to_have_text(f"Medal: {places[0]}")
    width = screen.evaluate("document.documentElement.scrollWidth")
    assert width <= screen.viewport_size["width"], f"the page is {width}px wide"
    accessible(screen)
