"""The demonstration data as a director finds it in the console, at 1366 and 390 px: ``adjudicator
demo`` run twice leaves one set (the hands list holds 24 hands, the tournaments list one "Demo Open");
``adjudicator demo --again`` adds a second set beside it ("Demo Open 2", 48 hands)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from adjudicator.cli.demo import hands as demo_hands
from tests.browser.conftest import accessible, free_port
from tests.e2e.serving import ServeProcesses, command, environment


def _demo(directory: Path, *args: str) -> None:
    subprocess.run(
        [*command(0)[:-5], "demo", *args],
        env=environment(directory),
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )


def _served(directory: Path) -> Iterator[tuple[str, str]]:
    servers = ServeProcesses()
    port = free_port()
    try:
        servers.start(directory, port)
        assert servers.token is not None
        yield f"http://127.0.0.1:{port}", servers.token
    finally:
        servers.close()


@pytest.fixture(scope="module")
def twice(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A store where ``adjudicator demo`` ran twice, served: (its address, an official's token)."""
    directory = tmp_path_factory.mktemp("demo-twice")
    _demo(directory)
    _demo(directory)
    yield from _served(directory)


@pytest.fixture(scope="module")
def again(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The same, and then ``adjudicator demo --again``."""
    directory = tmp_path_factory.mktemp("demo-again")
    _demo(directory)
    _demo(directory)
    _demo(directory, "--again")
    yield from _served(directory)


def _sign_in(page: Page, url: str, token: str) -> None:
    page.goto(f"{url}/console/sign-in")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/console/hands")


def _labels(page: Page, url: str) -> list[str]:
    """Every hand's label in the console's list, page after page."""
    page.goto(f"{url}/console/hands")
    labels: list[str] = []
    while True:
        expect(page.get_by_role("heading", level=1)).to_have_text("Hands")
        labels += page.locator("table.hands tbody tr th a").all_inner_texts()
        following = page.get_by_role("link", name="Next page")
        if not following.count():
            return labels
        following.click()


def _tournaments(page: Page, url: str) -> list[str]:
    page.goto(f"{url}/console/tournaments")
    expect(page.get_by_role("heading", level=1)).to_have_text("Tournaments")
    return page.locator("table.tournaments tbody tr th a").all_inner_texts()


def test_the_demonstration_run_twice_is_one_set(screen: Page, twice: tuple[str, str]) -> None:
    url, token = twice
    _sign_in(screen, url, token)
    listed = _labels(screen, url)
    assert len(listed) == 24, listed  # the demonstration's 8 hands and its tournament's 16
    assert all(listed.count(hand["label"]) == 1 for hand in demo_hands())
    assert _tournaments(screen, url) == ["Demo Open"]
    screen.goto(f"{url}/console/hands")
    expect(screen.get_by_label("Tournament").locator("option", has_text="Demo Open")).to_have_count(1)
    accessible(screen)


def test_the_demonstration_again_adds_a_second_set(screen: Page, again: tuple[str, str]) -> None:
    url, token = again
    _sign_in(screen, url, token)
    listed = _labels(screen, url)
    assert len(listed) == 48, listed
    assert all(listed.count(hand["label"]) == 1 for hand in (*demo_hands(), *demo_hands(2)))
    assert sorted(_tournaments(screen, url)) == ["Demo Open", "Demo Open 2"]
    accessible(screen)
