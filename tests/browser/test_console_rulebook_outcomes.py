"""The living rulebook of a service started in a fresh folder, where no test suite ever ran: each
example's outcome is the one the engine it runs computed (issue 20, item 8), at 1366 and 390 pixels,
and an official checks the examples again from the page."""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from adjudicator.service.results import engine
from tests.browser.conftest import accessible, free_port
from tests.e2e.serving import ServeProcesses

COMPUTED = re.compile(
    r"computed by the engine running here \(fingerprint [0-9a-f]{12}\), "
    r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: (\d+) of \1 examples hold"
)


@dataclass(frozen=True)
class Fresh:
    url: str
    token: str
    folder: Path


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fresh]:
    folder = tmp_path_factory.mktemp("fresh")
    servers = ServeProcesses(cwd=folder)
    port = free_port()
    try:  # its own keeping of the outcomes: this service checks the examples itself
        servers.start(folder, port, ADJUDICATOR_RULEBOOK_CHECKS=str(folder / "kept"))
        assert servers.token is not None
        yield Fresh(f"http://127.0.0.1:{port}", servers.token, folder)
    finally:
        servers.close()


def _checked(fresh: Fresh) -> dict[str, object]:
    """The service's own check, once it has ended (it runs in the background from the start)."""
    while True:
        with urllib.request.urlopen(f"{fresh.url}/console/rulebooks/check", timeout=30) as answer:
            state: dict[str, object] = json.load(answer)
        if state["run_at"] and not state["running"]:
            return state


def test_a_fresh_service_shows_each_example_as_its_engine_computed_it(screen: Page, fresh: Fresh) -> None:
    state = _checked(fresh)
    assert state["engine"] == engine() and state["failed"] == 0
    assert not list(fresh.folder.rglob("scenarios.json")) and not (fresh.folder / "build").exists()
    screen.goto(f"{fresh.url}/console/rulebooks/texas")
    expect(screen.locator(".provenance")).to_contain_text(COMPUTED)
    expect(screen.locator(".provenance")).to_contain_text(f"fingerprint {engine()[:12]}")
    outcomes = screen.locator("article.example .outcome")
    expect(outcomes.first).to_have_text("passed")
    expect(screen.locator("main")).not_to_contain_text(re.compile("not run|no result here|checking"))
    expect(screen.get_by_role("button", name="Check the examples again with this engine")).to_have_count(0)
    accessible(screen)
    screen.goto(f"{fresh.url}/console/rulebooks")
    expect(screen.locator(".books .tally").first).to_contain_text("passed")
    expect(screen.locator(".books")).not_to_contain_text("failed")


def test_an_official_checks_the_examples_again_from_the_page(page: Page, fresh: Fresh) -> None:
    """At laptop width only: the check runs every example again (seconds of a core), and the page at a
    phone's width is the test above's."""
    screen = page
    _checked(fresh)
    for kept in (fresh.folder / "kept").glob("*.json"):  # checked a while ago, not within the cooldown
        os.utime(kept, (time.time() - 120, time.time() - 120))
    screen.goto(f"{fresh.url}/console/sign-in")
    screen.get_by_label("Token").fill(fresh.token)
    screen.get_by_role("button", name="Sign in").click()
    screen.wait_for_url("**/console/hands")
    screen.goto(f"{fresh.url}/console/rulebooks/detroit")
    button = screen.get_by_role("button", name="Check the examples again with this engine")
    # The page reloads when the check is done: a few seconds of one core, longer on a loaded machine
    # (the check is niced: every other process comes first).
    with screen.expect_navigation(timeout=180_000):
        button.click()
        expect(screen.get_by_role("status")).to_contain_text("Checking the examples with this engine")
    expect(screen.locator(".provenance")).to_contain_text(COMPUTED)
    expect(screen.locator("article.example .outcome").first).to_have_text("passed")
    accessible(screen)
