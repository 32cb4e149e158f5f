"""The recorder as a scorekeeper uses it, a phone in one hand (390 px) or at a laptop (1366 px): a bid
typed as the player said it is recorded for the chosen seat; after each entry the focus is where the
next tap is (the bid pad, then the cards of the seat to play); once the deal is entered, the seat to
play is offered the cards it holds, also by a scorekeeper's credential without a table that entered
the deal itself (one that did not enter it is told why every card is offered); and on a phone,
nothing is held over the entries."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from adjudicator.simulation.hands import random_hand
from tests.browser.conftest import Console, accessible, issue
from tests.browser.test_console_recorder import _api, _opened_with, _recorded, _sign_in, _tap, keeper

__all__ = ["keeper"]  # the module's fixture: a scorekeeper's token for table 3


def test_a_typed_bid_is_recorded_and_the_focus_follows_the_turn(
    screen: Page, console: Console, keeper: str
) -> None:
    played = random_hand(11, "texas", "north")
    _sign_in(screen, console, keeper)
    hand_id = _opened_with(console, screen, keeper, played[:1])  # the deal entered
    first = played[1]
    expect(screen.locator(f'.seat-pick[data-seat="{first["seat"]}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    screen.get_by_label("Another bid, as said").fill(first["bid"])
    screen.get_by_role("button", name="Record the bid").click()
    _recorded(screen, 2)
    expect(screen.get_by_role("alert")).to_be_hidden()
    stored = _api(console, keeper, "GET", f"/hands/{hand_id}/events")["events"][1]
    assert (stored["type"], stored["seat"], stored["bid"]) == ("bid", first["seat"], first["bid"])
    expect(screen.locator('[data-mode-panel="bid"] button').first).to_be_focused()  # the next bid

    opening = next(n for n, e in enumerate(played) if e["type"] == "play")
    for n, event in enumerate(played[2:opening], start=3):
        _tap(screen, event)
        _recorded(screen, n)
    leader = played[opening]["seat"]
    expect(screen.locator("#turn")).to_have_text(f"{leader.capitalize()} to play")
    offered = screen.locator(f'.offer[data-seat="{leader}"] .card-pick')
    expect(offered.and_(screen.locator(":visible"))).to_have_count(12)  # the cards the seat holds
    expect(screen.locator('.offer[data-seat="any"]')).to_have_count(0)
    expect(screen.locator(f'.offer[data-seat="{leader}"] .card-pick:focus')).to_have_count(1)
    _tap(screen, played[opening])
    _recorded(screen, opening + 1)
    second = played[opening + 1]["seat"]
    expect(screen.locator(f'.offer[data-seat="{second}"] .card-pick:focus')).to_have_count(1)
    accessible(screen)


def test_on_a_phone_the_connection_box_covers_no_entry(phone: Page, console: Console, keeper: str) -> None:
    played = random_hand(12, "texas", "north")
    _sign_in(phone, console, keeper)
    _opened_with(console, phone, keeper, played[:8])
    for target in ("#cards-title", "#rulings-title", ".seats", ".modes"):
        uncovered = phone.locator(target).evaluate(
            """element => {
                element.scrollIntoView({block: "start"});
                const box = element.getBoundingClientRect();
                const found = document.elementFromPoint(box.left + 4, box.top + 4);
                return element.contains(found);
            }"""
        )
        assert uncovered, f"{target} is covered when scrolled to the top of the screen"


def test_an_unscoped_scorekeeper_who_entered_the_deal_offers_each_seat_its_own_cards(
    screen: Page, console: Console
) -> None:
    """A scorekeeper's credential without a table, which entered the deal itself: each seat is offered
    only the cards it holds (the sight shows the recorder the cards it typed), and a tap records."""
    unscoped = issue(console, "scorekeeper", f"anywhere {time.monotonic_ns()}")
    played = random_hand(13, "texas", "north")
    _sign_in(screen, console, unscoped)
    hand_id = _opened_with(console, screen, unscoped, played[:7])
    expect(screen.locator('.offer[data-seat="any"]')).to_have_count(0)
    expect(screen.locator("#deal-hidden")).to_have_count(0)
    held = _api(console, console.token, "GET", f"/hands/{hand_id}/state")["hands"]
    for seat, cards in held.items():
        offered = screen.locator(f'.offer[data-seat="{seat}"] .card-pick')
        assert sorted(offered.evaluate_all("picks => picks.map(p => p.dataset.card)")) == sorted(cards)
    _tap(screen, played[7])
    _recorded(screen, 8)
    second = played[8]["seat"]  # the focus on the cards of the seat to play next
    expect(screen.locator(f'.offer[data-seat="{second}"] .card-pick:focus')).to_have_count(1)
    accessible(screen)


def test_a_scorekeeper_who_did_not_enter_the_deal_is_told_why_every_card_is_offered(
    screen: Page, console: Console
) -> None:
    """A deal an official entered stays concealed from an unscoped scorekeeper while the hand is in
    play: the recorder offers every card not yet played and says why."""
    unscoped = issue(console, "scorekeeper", f"anywhere {time.monotonic_ns()}")
    hand_id = console.record("texas", "north", random_hand(13, "texas", "north")[:8])
    _sign_in(screen, console, unscoped)
    screen.goto(f"{console.url}/console/record/{hand_id}")
    expect(screen.locator("#panel")).to_have_attribute("data-version", "8")
    expect(screen.locator('.offer[data-seat="any"]')).to_have_count(1)
    expect(screen.locator("#deal-hidden")).to_contain_text("this credential does not see it")
    accessible(screen)
