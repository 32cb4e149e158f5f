"""The console's pages follow the live channel (``GET /live/stream``) in a real browser: the hands
list shows a hand recorded and a call made by another client without a reload, keeping the
official's unsent filter and focus; a replay of a hand being recorded moves with it, by the stream
or, without the stream, by polling; the tournament page and the hall's board follow a result."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import LAPTOP, Console, accessible, served, sign_in
from tests.browser.test_console_board import Hall, _post

STREAMING = "body[data-following=stream]"
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    """A service of this module's own: the hands it records stay out of the demonstration's lists."""
    with served(tmp_path_factory.mktemp("live")) as console:
        yield console


def _stays(page: Page) -> None:
    page.evaluate("window.__stayed = true")


def _stayed(page: Page) -> bool:
    return bool(page.evaluate("window.__stayed === true"))


def test_the_hands_list_shows_a_new_hand_and_its_call_without_a_reload(own: Console, page: Page) -> None:
    sign_in(page, own)
    page.goto(f"{own.url}/console/hands?sort=-opened_at")
    expect(page.locator(STREAMING)).to_have_count(1)
    _stays(page)
    typed = page.get_by_label("Find a label or player")
    typed.fill("not sent yet")  # a filter the official is typing: the list's update leaves it be

    label = f"Table 12 live {time.monotonic_ns()}"
    events = random_hand(5, "detroit", "west")
    opened = _post(own, "/hands", {"ruleset": "detroit", "dealer": "west", "label": label})
    row = page.locator(f'tr[data-hand="{opened["id"]}"]')
    expect(row).to_have_count(1, timeout=10_000)
    expect(row.locator('td[data-label="Rulings"]')).to_have_text("none")

    link = row.get_by_role("link", name=label)
    link.focus()
    own.append(opened["id"], [*events[:4], CALL])  # the deal, the bidding, and a call at the table
    expect(row.locator('td[data-label="Rulings"]')).not_to_have_text("none", timeout=10_000)
    expect(row.locator(".status")).not_to_have_text("open")
    expect(link).to_be_focused()
    expect(typed).to_have_value("not sent yet")
    assert _stayed(page), "the list was reloaded, not updated"
    accessible(page)


def test_a_replay_moves_with_the_hand_being_recorded(own: Console, page: Page) -> None:
    events = random_hand(6, "detroit", "north")
    hand = own.record("detroit", "north", events[:5])
    sign_in(page, own)
    page.goto(f"{own.url}/console/hands/{hand}?at=5")
    expect(page.locator(STREAMING)).to_have_count(1)
    _stays(page)
    own.append(hand, events[5:9])
    expect(page.locator("#moment")).to_have_attribute("data-version", "9", timeout=10_000)
    expect(page.locator("#follow")).to_contain_text("recorded meanwhile")
    assert _stayed(page), "the replay was reloaded, not updated"


@pytest.fixture
def unstreamed(browser: Browser) -> Iterator[Page]:
    """A tab whose live channel never answers (a proxy that drops it): the browser says so in its
    own, which this test expects, so only the page's own errors fail it."""
    context = browser.new_context(viewport=LAPTOP)  # type: ignore[arg-type]
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.route("**/live/stream*", lambda route: route.fulfill(status=503, body="no stream here"))
    yield opened
    context.close()
    assert not errors, errors


def test_without_the_stream_a_replay_falls_back_to_polling(own: Console, unstreamed: Page) -> None:
    events = random_hand(7, "detroit", "north")
    hand = own.record("detroit", "north", events[:5])
    sign_in(unstreamed, own)
    unstreamed.goto(f"{own.url}/console/hands/{hand}?at=5")
    expect(unstreamed.locator("body[data-following=polling]")).to_have_count(1)
    own.append(hand, events[5:9])
    expect(unstreamed.locator("#moment")).to_have_attribute("data-version", "9", timeout=15_000)


def test_the_tournament_page_and_the_board_follow_a_result_by_the_stream(
    own: Console, page: Page, browser: Browser
) -> None:
    hall = Hall(own, "Stream Open")
    _post(own, f"/tournaments/{hall.id}/board", {"public": True})
    sign_in(page, own)
    page.goto(f"{own.url}/console/tournaments/{hall.id}")
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    board = context.new_page()
    try:
        board.goto(f"{own.url}/console/board/{hall.id}")  # without a credential: public
        for opened in (page, board):
            expect(opened.locator(STREAMING)).to_have_count(1)
            _stays(opened)
        hall.play_first_match()
        winner = hall.director.tournament.standings()["rows"][0]["team"]
        expect(page.locator("#standings tbody tr").first).to_contain_text(winner, timeout=10_000)
        expect(board.locator("#board-standings tbody tr").first).to_contain_text(winner, timeout=10_000)
        expect(board.locator("#board-seating tbody tr").first).to_contain_text("signed")
        assert _stayed(page) and _stayed(board), "a page was reloaded, not updated"
    finally:
        context.close()


def _followers(console: Console) -> float:
    with urllib.request.urlopen(f"{console.url}/metrics", timeout=30) as answer:
        text = answer.read().decode()
    (line,) = [line for line in text.splitlines() if line.startswith("adjudicator_stream_followers ")]
    return float(line.split()[-1])


def _until(check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 15  # a bound on waiting, never an assertion
    while not check():
        assert time.monotonic() < deadline, "it never came to pass"
        time.sleep(0.2)


def _look(page: Page, hidden: bool) -> None:
    """The tab put out of sight (another tab in front) or back, as the browser tells the page."""
    page.evaluate(
        "hidden => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_a_tab_out_of_sight_gives_its_stream_back_and_catches_up_when_looked_at(
    own: Console, page: Page
) -> None:
    """A browser opens 6 connections to a server at most: tabs out of sight must not hold them."""
    sign_in(page, own)
    page.goto(f"{own.url}/console/hands?sort=-opened_at")
    expect(page.locator(STREAMING)).to_have_count(1)
    _until(lambda: _followers(own) >= 1)
    following = _followers(own)
    _look(page, hidden=True)
    expect(page.locator("body[data-following=paused]")).to_have_count(1)
    _until(lambda: _followers(own) == following - 1)
    opened = _post(own, "/hands", {"ruleset": "detroit", "dealer": "west", "label": "While away"})
    _look(page, hidden=False)
    expect(page.locator(STREAMING)).to_have_count(1)
    expect(page.locator(f'tr[data-hand="{opened["id"]}"]')).to_have_count(1, timeout=10_000)
