"""The hall's board and the tournament's page, live in a real browser: a result recorded through the
API shows on an open board (projector 1920x1080, phone 390 px) and on an open tournament page without
a reload; the board is refused to a reader without a credential until the tournament makes it public."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.tournaments import Director, whist_hand
from tests.browser.conftest import Console, accessible, sign_in

PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
SIGN_IN = re.compile(r"/console/sign-in\?next=%2Fconsole%2Fboard%2F")


def _post(console: Console, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        f"{console.url}{path}",
        json.dumps(body).encode(),
        {"Content-Type": "application/json", "Authorization": f"Bearer {console.token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


class Hall:
    """A Texas tournament of four teams, round 1 seated over REST; its first match played on demand."""

    def __init__(self, console: Console, name: str) -> None:
        self.console, self.director = console, Director(7)
        self.director.record({"type": "tournament_created", "ruleset": "texas", "name": name})
        for n in range(1, 5):
            team = {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"a{n}", f"b{n}"]}
            self.director.record(team)
        self.director.seat_next_round()
        created = _post(console, "/tournaments", {"ruleset": "texas", "name": name, "date": "2026-11-24"})
        self.id: str = created["id"]
        _post(console, f"/tournaments/{self.id}/events", self.director.log[1:])

    def play_first_match(self) -> None:
        before = len(self.director.log)
        self.director.play(self.director.tournament.sheets["R1-T1"], whist_hand("texas", 3))
        _post(self.console, f"/tournaments/{self.id}/events", self.director.log[before:])


def _open(browser: Browser, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


@pytest.fixture(params=[PROJECTOR, PHONE], ids=["projector", "phone"])
def anonymous(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab without a credential, as a hall's TV has."""
    yield from _open(browser, request.param)


def _stays(page: Page) -> None:
    """Mark the document: a reload would lose the mark."""
    page.evaluate("window.__stayed = true")


def _stayed(page: Page) -> bool:
    return bool(page.evaluate("window.__stayed === true"))


def test_the_board_is_public_only_once_made_so_and_follows_a_result(
    console: Console, anonymous: Page
) -> None:
    hall = Hall(console, "Board Open")
    anonymous.goto(f"{console.url}/console/board/{hall.id}")
    expect(anonymous).to_have_url(SIGN_IN)
    _post(console, f"/tournaments/{hall.id}/board", {"public": True})
    anonymous.goto(f"{console.url}/console/board/{hall.id}")
    expect(anonymous.get_by_role("heading", level=1)).to_have_text("Board Open")
    seating = anonymous.locator("#board-seating")
    expect(seating.get_by_role("heading", level=2)).to_have_text("Round 1")
    first_table = seating.locator("tbody tr").first
    expect(first_table).to_contain_text("playing")
    width = anonymous.viewport_size["width"] if anonymous.viewport_size else 0
    assert anonymous.evaluate("document.documentElement.scrollWidth") <= width
    _stays(anonymous)
    hall.play_first_match()
    expect(first_table).to_contain_text("signed", timeout=10_000)
    accessible(anonymous)
    standings = anonymous.locator("#board-standings tbody tr").first
    winner = hall.director.tournament.standings()["rows"][0]["team"]
    expect(standings).to_contain_text(winner)
    assert _stayed(anonymous), "the board was reloaded, not updated"
    _post(console, f"/tournaments/{hall.id}/board", {"public": False})
    expect(anonymous).to_have_url(SIGN_IN)


def test_the_tournament_page_updates_its_standings_and_bracket_by_itself(
    console: Console, page: Page
) -> None:
    hall = Hall(console, "Live Open")
    sign_in(page, console)
    page.goto(f"{console.url}/console/tournaments/{hall.id}")
    played = page.locator("#standings tbody tr").first
    expect(played).to_contain_text("0")
    _stays(page)
    hall.play_first_match()
    row = hall.director.tournament.standings()["rows"][0]
    expect(page.locator("#standings tbody tr").first).to_contain_text(row["team"], timeout=10_000)
    expect(page.locator("#standings tbody tr").first.locator("td.num").nth(-4)).to_have_text(
        str(row["played"])
    )
    assert _stayed(page), "the page was reloaded, not updated"


@pytest.mark.parametrize("viewport", [PROJECTOR, {"width": 1366, "height": 768}, PHONE], ids=str)
def test_a_bracket_on_the_board_fits_its_screen(
    browser: Browser, console: Console, viewport: dict[str, int]
) -> None:
    """The demonstration's finished tournament: its bracket's every column is on a laptop's or a
    projector's screen (nobody scrolls a TV), and a phone scrolls the bracket alone, not the page."""
    page = browser.new_page(viewport=viewport)
    try:
        sign_in(page, console)
        page.goto(f"{console.url}/console/board/{console.tournaments['Demo Open']}?every=3")
        rounds = page.locator(".board-round")
        expect(rounds.last).to_contain_text("Third place")
        expect(rounds.last).to_be_visible(timeout=30_000)  # on a projector, once its page comes round
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        if viewport is not PHONE:  # the last column shown whole, not cut off by the bracket's edge
            last, shown = rounds.last.bounding_box(), page.locator(".board-bracket").bounding_box()
            assert last and shown and last["x"] + last["width"] <= shown["x"] + shown["width"]
    finally:
        page.close()
