"""Screenshots of the console's pages at phone and laptop widths, for the README.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

Records the demonstration data (``adjudicator demo``) in a fresh store, starts a real
``adjudicator serve`` on it, signs in as an official in Debian's Chromium (Playwright drives it; nothing
is downloaded) and writes one PNG per page and width: ``<page>-phone.png``, ``<page>-laptop.png``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import FLAGS, LAPTOP, PHONE, chromium, free_port  # noqa: E402
from tests.e2e.serving import ServeProcesses, command, environment  # noqa: E402

RENEGE = "Table 3, board 7: a renege not yet called"
TOURNAMENT = "Demo Open"


def demo(directory: Path) -> dict[str, str]:
    import subprocess

    done = subprocess.run(
        [*command(0)[:-5], "demo"], env=environment(directory), capture_output=True, text=True, check=True
    )
    found = {}
    for line in done.stdout.splitlines():
        key, _, rest = line.partition(" ")
        found[rest.rsplit(" (", 1)[0]] = key
    return found


def renege_moment(page: Page) -> None:
    page.keyboard.press("n")
    page.locator(".trick .card.renege").wait_for()


def pages(hands: dict[str, str]) -> list[tuple[str, str, Callable[[Page], None] | None]]:
    """(name, path, what to do once it is open) for every page the README shows."""
    return [
        ("hands", "/console/hands", None),
        ("replay", f"/console/hands/{hands[RENEGE]}", renege_moment),
        ("tournament", f"/console/tournaments/{hands[TOURNAMENT]}", None),
        ("recorder", f"/console/record/{hands[RENEGE]}", None),
        ("rulebook", "/console/rulebooks/texas", None),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        hands = demo(directory)
        servers = ServeProcesses()
        port = free_port()
        try:
            servers.start(directory, port)
            url = f"http://127.0.0.1:{port}"
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
                for width, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
                    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
                    page = context.new_page()
                    page.goto(f"{url}/console/sign-in")
                    page.get_by_label("Token").fill(servers.token or "")
                    page.get_by_role("button", name="Sign in").click()
                    page.wait_for_url("**/console/hands")
                    for name, path, then in pages(hands):
                        page.goto(url + path)
                        if then is not None:
                            then(page)
                        target = args.out / f"{name}-{width}.png"
                        page.screenshot(path=str(target), full_page=width == "laptop")
                        print(target)
                    context.close()
                browser.close()
        finally:
            servers.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
