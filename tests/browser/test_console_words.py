"""What the official reads aloud is right, in words (issue 20, items 2 and 3), walked as a director and
a scorekeeper would, at a laptop's and a phone's width.

- The ruling panel says the effect on the score in words ("North-South lose the hand; East-West score
  4"), cards with their suit symbols, each status word once, and a score that says how the hand was
  decided ("East-West score 4 on North's renege"), never "made" for a hand a renege decided.
- A mis-keyed card corrected from the console: pick the entry, replace it, give the reason, see the
  effect on the rulings and the score, confirm; then the replay shows the corrected card at that moment
  (the as-recorded view one click away) and the record marks the replaced entry, who corrected it and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from adjudicator.cli.demo import hands as demo_hands
from tests.browser.conftest import LAPTOP, PHONE, Console, _page, accessible, sign_in

CALLED = "Table 3, board 7 (called)"
SHOTS = Path("/tmp/adjudicator-words-screenshots")
RAW = re.compile(r"\{\s*\"|\b[a-z]+(?:_[a-z]+)+\b|\b(\w+): \1\b")
WIDTHS = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture(params=list(WIDTHS))
def tab(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A tab at each width; the console's errors fail the test, as for ``page``."""
    for opened in _page(browser, WIDTHS[request.param]):
        opened.width_name = request.param  # type: ignore[attr-defined]
        yield opened


def _shot(page: Page, name: str, part: str | None = None) -> None:
    """A screenshot to look at (the whole page, and ``part`` of it at full size)."""
    SHOTS.mkdir(exist_ok=True)
    width = page.width_name  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    if part:
        page.locator(part).screenshot(path=str(SHOTS / f"{name}-{width}-part.png"))


def _no_raw_data(page: Page) -> None:
    said = page.locator("main").inner_text()
    assert not RAW.search(said), RAW.search(said)


def test_the_ruling_and_the_score_read_in_words(tab: Page, console: Console) -> None:
    sign_in(tab, console)
    tab.goto(f"{console.url}/console/hands/{console.hand(CALLED)}?at=16")
    ruling = tab.locator("article.ruling")
    expect(ruling.locator("dd").nth(2)).to_have_text("North\u2013South lose the hand; East\u2013West score 4")
    expect(ruling.get_by_role("heading")).to_have_text("Renege by North established")  # the status once
    expect(ruling).not_to_contain_text("established: established")
    expect(ruling.locator(".detail")).to_contain_text("North played the ace of spades on a diamonds lead")
    expect(tab.locator(".hand-head .said")).to_have_text("East\u2013West score 4 on North's renege.")
    _no_raw_data(tab)
    _shot(tab, "ruling", "article.ruling")
    accessible(tab)


def test_the_recorder_tells_the_table_how_the_hand_was_decided(tab: Page, console: Console) -> None:
    sign_in(tab, console)
    tab.goto(f"{console.url}/console/record/{console.hand(CALLED)}")
    rulings = tab.locator("ul.rulings li")
    expect(rulings).to_have_count(1)
    expect(rulings.locator("strong")).to_have_text(
        "Renege by North, called by East, established: "
        "North\u2013South lose the hand; East\u2013West score 4."
    )
    expect(tab.locator(".score .said")).to_have_text("East\u2013West score 4 on North's renege.")
    expect(tab.locator(".score")).not_to_contain_text("made")
    _no_raw_data(tab)
    accessible(tab)


def test_an_official_corrects_a_mis_keyed_card_from_the_console(tab: Page, console: Console) -> None:
    hand = console.record("texas", "north", demo_hands()[1]["events"])
    sign_in(tab, console)
    tab.goto(f"{console.url}/console/hands/{hand}?at=12")
    form = tab.locator("#correct-form")
    form.get_by_label("Entry").select_option("13")  # pick the entry: the replay steps to it
    expect(tab.locator("#moment")).to_have_attribute("data-at", "13")
    expect(tab.locator(".trick")).to_contain_text("A\u2660")
    form = tab.locator("#correct-form")
    expect(form.get_by_label("Card")).to_have_value("AS")
    form.get_by_label("Void it").check()  # voiding records nothing instead
    expect(form.get_by_label("Card")).to_be_hidden()
    form.get_by_label("Replace it").check()
    form.get_by_label("Card").fill("10D")
    form.get_by_label("Reason").fill("mis-keyed: North played the ten of diamonds")
    confirm = form.get_by_role("button", name="Confirm the correction")
    expect(confirm).to_be_disabled()
    form.get_by_role("button", name="See the effect").click()
    effect = form.locator("#c-effect")
    expect(effect.get_by_role("heading")).to_have_text(["Now", "After the correction"])
    expect(effect.locator("p").first).to_have_text("East\u2013West score 4 on North's renege.")
    expect(effect).to_contain_text("False renege call by East: dismissed.")
    expect(confirm).to_be_enabled()
    _shot(tab, "correction-preview", "section.correct")
    confirm.click()

    expect(tab).to_have_url(re.compile(r"\?at=13$"))
    expect(tab.locator(".where")).to_contain_text("North plays 10\u2666 (as corrected after book 2)")
    expect(tab.locator(".trick")).to_contain_text("10\u2666")
    expect(tab.locator(".trick")).not_to_contain_text("A\u2660")
    entry = tab.locator(".record-list li[value='13']")
    expect(entry.locator("del")).to_have_text("North plays A\u2660")
    expect(entry.locator(".correction")).to_contain_text("Corrected to: North plays 10\u2666")
    expect(entry.locator(".correction")).to_contain_text("Reason: mis-keyed: North played the ten of")
    expect(entry.locator(".correction")).to_contain_text("by tests ")  # the official's credential
    expect(tab.locator(".record-list li[value='17']")).to_contain_text(
        "The official corrects book 2, 2nd card (North) to: North plays 10\u2666"
    )
    tab.wait_for_load_state()  # the keys are bound by a deferred script: the page must have run it
    tab.keyboard.press("End")
    expect(tab.locator("#moment")).to_have_attribute("data-at", "17")
    for _ in range(4):  # stepping back to the corrected moment shows the corrected card
        tab.keyboard.press("ArrowLeft")
    expect(tab.locator("#moment")).to_have_attribute("data-at", "13")
    expect(tab.locator(".trick")).to_contain_text("10\u2666")
    _shot(tab, "corrected", ".record-list")
    accessible(tab)

    tab.get_by_role("link", name="Show it as recorded").click()
    expect(tab).to_have_url(re.compile(r"\?at=13&view=recorded$"))
    expect(tab.locator(".where")).to_contain_text("North plays A\u2660")
    expect(tab.locator(".trick")).to_contain_text("A\u2660")
    tab.wait_for_load_state()
    tab.keyboard.press("ArrowRight")  # the as-recorded view steps as recorded
    expect(tab).to_have_url(re.compile(r"\?at=14&view=recorded$"))
    expect(tab.locator(".trick")).to_contain_text("A\u2660")
    tab.get_by_role("link", name="Show the hand as corrected").click()
    expect(tab.locator(".trick")).to_contain_text("10\u2666")
