"""A console page whose stream the server refuses (429: it follows as many as it may) still moves,
by polling, and follows the stream again once the server has room."""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import LAPTOP, Console, served, sign_in


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    """A service that follows one stream at most."""
    with served(tmp_path_factory.mktemp("full"), ADJUDICATOR_FOLLOWERS="1") as console:
        yield console


@pytest.fixture
def refused(browser: Browser) -> Iterator[Page]:
    """A tab that tries a refused stream again after 2 s (not 30); the browser reports the 429 in its
    own console, which this test expects, so only the page's own errors fail it."""
    context = browser.new_context(viewport=LAPTOP)  # type: ignore[arg-type]
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    opened.add_init_script("window.adjudicatorStreamRetryMs = 2000;")
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


def _take(console: Console) -> http.client.HTTPConnection:
    """The one stream the service follows, taken (once a page of an earlier test has let it go)."""
    port = int(console.url.rsplit(":", 1)[1])
    deadline = time.monotonic() + 15  # a bound on waiting, never an assertion
    while True:
        taken = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        taken.request("GET", "/live/stream", headers={"Accept": "text/event-stream"})
        if taken.getresponse().status == 200:
            return taken
        taken.close()
        assert time.monotonic() < deadline, "the service never let the stream go"
        time.sleep(0.2)


def test_a_page_refused_its_stream_polls_and_follows_again_later(full: Console, refused: Page) -> None:
    taken = _take(full)
    try:
        events = random_hand(7, "detroit", "north")
        hand = full.record("detroit", "north", events[:5])
        sign_in(refused, full)
        refused.goto(f"{full.url}/console/hands/{hand}?at=5")
        expect(refused.locator("body[data-following=polling]")).to_have_count(1)
        full.append(hand, events[5:9])
        expect(refused.locator("#moment")).to_have_attribute("data-version", "9", timeout=15_000)
    finally:
        taken.close()
    expect(refused.locator("body[data-following=stream]")).to_have_count(1, timeout=15_000)


BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def test_the_officials_queue_refused_its_stream_polls_for_new_calls(full: Console, refused: Page) -> None:
    taken = _take(full)
    try:
        sign_in(refused, full)
        refused.goto(f"{full.url}/console/calls")
        expect(refused.locator("#live")).to_have_text("checking every few seconds")
        hand = full.post("/hands", {"ruleset": "detroit", "dealer": "west", "label": "Table 3"})["id"]
        full.append(hand, [*BIDS, CALL])
        expect(refused.locator(f'li.call[data-id^="{hand}@"]')).to_have_count(1, timeout=15_000)
    finally:
        taken.close()
    expect(refused.locator("#live")).to_have_text("live", timeout=15_000)
