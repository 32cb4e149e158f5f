"""An official at a real browser: find the disputed hand, step to the renege, read the ruling.

The first test is the issue's acceptance walk exactly: open the address ``adjudicator serve`` printed,
sign in with the token it printed, find the hand with a renege nobody has called yet, open it, press →
until the renege, and read the ruling and its citation.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, sign_in

RENEGE = "Table 3, board 7: a renege not yet called"


def _at(page: Page) -> int:
    return int(page.locator("#moment").get_attribute("data-at") or -1)


def test_an_official_finds_the_renege_with_the_arrow_keys_and_reads_its_ruling(
    page: Page, console: Console
) -> None:
    page.goto(console.url)
    page.get_by_role("link", name="Sign in").click()
    page.get_by_label("Token").fill(console.token)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/console/hands"))
    row = page.get_by_role("row").filter(has_text="detected")
    expect(row).to_have_count(1)
    row.get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(RENEGE)
    opened_at = _at(page)  # the replay opens at the renege; the official walks to it from the start
    expect(page.locator("article.ruling.here")).to_have_count(1)
    page.wait_for_load_state()  # a clicked link's page binds its keys in a deferred script
    page.keyboard.press("Home")
    expect(page.locator("#moment")).to_have_attribute("data-at", "0")

    presses = 0
    while not page.locator(".trick .card.renege").count():
        page.keyboard.press("ArrowRight")
        presses += 1
        expect(page.locator("#moment")).to_have_attribute("data-at", str(presses))
        assert presses < 60, "no renege appeared"
    expect(page.locator(".trick .renege-tag")).to_have_text("renege")
    expect(page).to_have_url(re.compile(rf"\?at={presses}$"))
    assert presses == opened_at

    ruling = page.locator("article.ruling.here")
    expect(ruling.get_by_role("heading")).to_contain_text("Renege by")
    expect(ruling).to_contain_text("detected")
    expect(ruling).to_contain_text("the recorded deal", ignore_case=True)  # the proof
    citation = ruling.get_by_role("link", name="texas-bid-whist-alliance.txt: Renege")
    expect(citation).to_have_attribute("href", "/console/rulebooks/texas#renege")
    accessible(page)


def test_a_deep_link_opens_exactly_that_moment(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}?at=7")
    expect(page.locator(".where strong")).to_have_text("The trump named")
    expect(page.locator('.record-list li[aria-current="step"]')).to_have_attribute("value", "7")
    page.get_by_role("link", name="Previous event").click()  # a click is a step in the history
    expect(page).to_have_url(re.compile(r"\?at=6$"))
    page.go_back()
    expect(page.locator("#moment")).to_have_attribute("data-at", "7")
    page.keyboard.press("ArrowRight")  # a key replaces the address: a reload opens where it stands
    expect(page).to_have_url(re.compile(r"\?at=8$"))
    page.reload()
    expect(page.locator(".where strong")).to_have_text("Book 1, 1st card (West)")


def test_each_step_is_said_as_the_table_says_it_not_by_its_number(screen: Page, console: Console) -> None:
    """The replay heads each moment with the hand's phase and book ("the bidding, 2nd bid", "book 2,
    1st card (West)"), the step's number only in small print, in the heading, the title and the panel."""
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}?at=0")
    where = screen.locator(".where strong")
    expect(where).to_have_text("Before the deal")
    expect(screen).to_have_title(re.compile(r"^Table 3, board 7: a renege not yet called: before the deal"))
    screen.wait_for_load_state()
    said = []
    for at in range(1, 16):
        screen.get_by_role("link", name="Next event").click()
        expect(screen.locator("#moment")).to_have_attribute("data-at", str(at))
        expect(screen.locator(".where .step-of")).to_have_text(f"step {at} of 15")
        said.append(where.inner_text())
    assert said[:4] == ["The deal", "The bidding, 1st bid", "The bidding, 2nd bid", "The bidding, 3rd bid"]
    assert said[5:8] == ["The discard", "The trump named", "Book 1, 1st card (West)"]
    assert said[11:] == [
        "Book 2, 1st card (West)",
        "Book 2, 2nd card (North)",
        "Book 2, 3rd card (East)",
        "Book 2, 4th card (South)",
    ]
    expect(screen).to_have_title(re.compile(r": book 2, 4th card \(South\) ·"))
    expect(screen.locator("#moment")).not_to_contain_text(re.compile(r"\b[Ee]vent \d"))
    step = screen.locator(".where .step-of").bounding_box()
    heading = where.bounding_box()
    assert step and heading and step["height"] < heading["height"], "the step's number is the small print"
    accessible(screen)


def test_n_jumps_to_the_next_infraction_and_the_books_step_by_book(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}?at=0")
    page.keyboard.press("ArrowDown")  # the end of the first book
    expect(page.locator(".trick h3")).to_contain_text("Book 1")
    first_book_end = _at(page)
    page.keyboard.press("n")
    expect(page.locator("#moment")).not_to_have_attribute("data-at", str(first_book_end))
    renege = _at(page)
    expect(page.locator(f'.record-list li[value="{renege}"]')).to_have_class(re.compile("renege"))
    page.get_by_role("link", name="Start of the hand").click()
    expect(page.locator("#moment")).to_have_attribute("data-at", "0")


def test_an_anonymous_reader_does_not_see_a_hand_in_play(page: Page, console: Console) -> None:
    page.goto(f"{console.url}/console/hands")
    expect(page.get_by_role("link", name=RENEGE)).to_have_count(0)
    page.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}?at=3")
    expect(page.get_by_role("status")).to_contain_text("needs a credential")
    accessible(page)
    page.get_by_label("Token").fill(console.token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".where strong")).to_have_text("The bidding, 2nd bid")


def test_the_replay_at_phone_width_keeps_every_control(phone: Page, console: Console) -> None:
    sign_in(phone, console)
    phone.goto(f"{console.url}/console/hands/{console.hand('Table 2, board 1')}?at=30")
    for name in ("Previous event", "Next event", "Previous book", "Next book"):
        expect(phone.get_by_role("link", name=name)).to_be_visible()
    phone.get_by_role("link", name="Next event").click()
    expect(phone.locator("#moment")).to_have_attribute("data-at", "31")
    accessible(phone)


def test_keys_pressed_faster_than_the_page_loads_are_all_counted(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{console.hand('Table 1, board 1')}?at=0")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#moment")).to_have_attribute("data-at", "6")
    page.keyboard.press("End")
    expect(page.locator("#moment")).to_have_attribute("data-at", "55")


def test_the_official_records_a_finding_from_the_rulings_panel(page: Page, console: Console) -> None:
    heard = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}
    hand = console.record("texas", "north", [*random_hand(6, "texas", "north")[:20], heard])
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{hand}")
    page.keyboard.press("n")
    ruling = page.locator("article.ruling.here")
    expect(ruling).to_contain_text("pending")
    ruling.get_by_role("button", name="Uphold: loss of hand").click()
    ruling.get_by_role("button", name="Confirm: uphold: loss of hand").click()
    expect(page.locator("#moment")).to_have_attribute("data-at", "22")
    settled = page.locator("article.ruling")
    expect(settled).to_contain_text("established")
    expect(settled).to_contain_text(re.compile(r"upheld the call (in|after) book \d+ and chose loss of hand"))
    expect(page.locator(".record-list li[value='22']")).to_contain_text("The official finds")
    expect(settled.get_by_role("button")).to_have_count(0)
