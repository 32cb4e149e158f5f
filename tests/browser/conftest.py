"""The console in a real browser: Debian's Chromium, driven by Playwright, against a real
``adjudicator serve`` on SQLite files holding the demonstration hands (``adjudicator demo``).

Nothing is downloaded at run time: Playwright drives the system's ``chromium`` (``$ADJUDICATOR_CHROMIUM``
overrides where it is); the README's test command installs it. Without it these tests fail, they
never skip. Every page a test opens is held to two more checks when the test ends: no error in the
browser's console, and (``accessible``) no violation axe-core finds.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, sync_playwright

from tests.e2e.serving import ServeProcesses, command, environment

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: The flags a headless Chromium needs on a closed network and as root (no sandbox in a container).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    found = (
        os.environ.get("ADJUDICATOR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not found:
        pytest.fail("no Chromium: install Debian's chromium package (the README's test command does)")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass(frozen=True)
class Console:
    """A running service with the demonstration hands: its address, an official's token, the hands."""

    url: str
    token: str
    hands: dict[str, str]  # label -> hand id
    directory: Path
    tournaments: dict[str, str] = field(default_factory=dict)  # name -> tournament id
    linked: int = 0  # the tournaments' hands, listed with the hands above

    def hand(self, label: str) -> str:
        return self.hands[label]

    def record(self, ruleset: str, dealer: str, events: list[dict[str, Any]]) -> str:
        """A new hand of this test's own, recorded over REST as the official: its id."""
        opened = self._post("/hands", {"ruleset": ruleset, "dealer": dealer})
        self._post(f"/hands/{opened['id']}/events", events)
        return str(opened["id"])

    def append(self, hand_id: str, events: list[dict[str, Any]]) -> Any:
        """Events recorded over REST as the official (another official's page, as it were)."""
        return self._post(f"/hands/{hand_id}/events", events)

    def post(self, path: str, body: Any) -> Any:
        """A write over REST as the official (a tournament's events, say)."""
        return self._post(path, body)

    def get(self, path: str) -> Any:
        """A read over REST as the official."""
        headers = {"Authorization": f"Bearer {self.token}"}
        request = urllib.request.Request(f"{self.url}{path}", headers=headers)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def _post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            f"{self.url}{path}",
            json.dumps(body).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)


@pytest.fixture(scope="session")
def console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    directory = tmp_path_factory.mktemp("console")
    demo = subprocess.run(
        [*command(0)[:-5], "demo"],
        env=environment(directory),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    hands, tournaments, linked = {}, {}, 0
    for line in demo.stdout.splitlines():
        some_id, _, rest = line.partition(" ")
        label, _, said = rest.rpartition(" (")
        if said.startswith("tournament, "):  # "(tournament, detroit, 10 teams, 16 hands linked, ...)"
            tournaments[label] = some_id
            linked += int(said.split(" hands linked")[0].rsplit(" ", 1)[1])
        else:
            hands[label] = some_id
    with served(directory) as started:
        yield Console(started.url, started.token, hands, directory, tournaments, linked)


@contextlib.contextmanager
def served(directory: Path, **env: str) -> Iterator[Console]:
    """``adjudicator serve`` on the store in ``directory``, on a free port, stopped at the end: a
    module's own service, whose hands, calls and tournaments stay out of every other test's lists
    (``env``: its settings)."""
    servers = ServeProcesses()
    port = free_port()
    try:
        servers.start(directory, port, **env)
        assert servers.token is not None
        yield Console(f"http://127.0.0.1:{port}", servers.token, {}, directory)
    finally:
        servers.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        yield launched
        launched.close()


def _page(browser: Browser, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    errors: list[str] = []
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the browser's console reported errors: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser tab at laptop width; the test fails if its console reports an error."""
    yield from _page(browser, LAPTOP)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """The same at a phone's width."""
    yield from _page(browser, PHONE)


@pytest.fixture(params=["page", "phone"])
def screen(request: pytest.FixtureRequest) -> Page:
    """The laptop's tab, then the phone's."""
    opened: Page = request.getfixturevalue(request.param)
    return opened


def issue(console: Console, role: str, name: str, *scope: str) -> str:
    """A new credential's token for the console's store, from the real CLI."""
    created = subprocess.run(
        [*command(0)[:-5], "token", "create", "--role", role, "--name", name, *scope],
        env=environment(console.directory),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return created.stdout.strip().splitlines()[-1]


def sign_in(page: Page, console: Console) -> None:
    """Sign in as the official, the way an official does: paste the token in the sign-in form."""
    page.goto(f"{console.url}/console/sign-in")
    page.get_by_label("Token").fill(console.token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/console/hands")


def accessible(page: Page, contrast: bool = True) -> None:
    """axe-core's checks (WCAG 2.x A and AA, and its best practices) on the page as it stands;
    ``contrast=False`` leaves out the colours' contrast (most of axe's time on a very long page) where
    the same page's colours are checked at the other width."""
    from axe_playwright_python.sync_playwright import Axe

    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if not contrast:
        options["rules"] = {"color-contrast": {"enabled": False}}
    result = Axe().run(page, options=options)
    assert result.violations_count == 0, result.generate_report()


#: The product's requirement (issue 22), not a benchmark: a call is on the officials' pages within it.
CALL_DEADLINE_SECONDS = 2.0
#: Who calls a renege against each seat: an opponent.
OPPONENTS = {"north": "east", "south": "east", "east": "north", "west": "north"}


def call_renege_in_time(phone: Page, reneger: str, on_officials_page: Locator) -> None:
    """The phone's renege call against ``reneger``, timed until it is on the official's page."""
    form = phone.locator('form[data-type="renege_call"]')
    form.get_by_label("Called by").select_option(OPPONENTS[reneger])
    form.get_by_label("Against").select_option(reneger)
    called = time.monotonic()
    form.get_by_role("button", name="Call a renege").click()
    on_officials_page.wait_for(state="attached", timeout=10_000)  # polled, not backing off as expect()
    delay = time.monotonic() - called
    assert delay < CALL_DEADLINE_SECONDS, f"the call reached the official's page after {delay:.2f} s"
