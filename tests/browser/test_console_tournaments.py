"""The tournament pages in a real browser: the demonstration tournament's standings with the
playoff cut, its bracket, a sheet with its dispute, a hand followed into the replay, and the wall
sheet as it prints."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in

OPEN = "Demo Open"


def _open(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Tournaments").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tournaments")
    page.get_by_role("link", name=OPEN).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(OPEN)


def test_the_standings_show_the_rulebooks_keys_and_the_playoff_cut(page: Page, console: Console) -> None:
    _open(page, console)
    table = page.locator("table.standings-table")
    headers = table.locator("thead th")
    expect(headers.nth(2)).to_have_text("Rounds won")  # Detroit: rounds won, then total points
    expect(headers.nth(3)).to_have_text("Total points")
    teams = table.locator("tbody tr:not(.cut-line)")
    expect(teams).to_have_count(10)
    cut = table.locator("tr.cut-line")
    expect(cut).to_have_count(1)
    expect(cut).to_contain_text("top 8")
    # the line falls between the eighth team (the last seed) and the ninth (out)
    expect(table.locator("tbody tr").nth(7)).to_contain_text("seed 8")
    expect(table.locator("tbody tr").nth(8)).to_have_class("cut-line")
    expect(table.locator("tbody tr").nth(9)).to_contain_text("out")
    accessible(page)


def test_the_bracket_is_drawn_round_by_round_to_the_medals(page: Page, console: Console) -> None:
    _open(page, console)
    bracket = page.get_by_role("region", name="Bracket, one column a round")
    rounds = bracket.locator(".bracket-round h3")
    expect(rounds).to_have_text(["Quarter-finals", "Semi-finals", "Final", "Third place"])
    expect(bracket.locator(".bracket-round").first.locator(".bracket-match")).to_have_count(4)
    expect(bracket.locator(".bracket-match.decided")).to_have_count(8)
    final = bracket.locator(".bracket-final .bracket-match")
    gold = page.locator(".medals dd").first
    expect(final.locator(".entrant.won")).to_contain_text(re.compile(r"\S"))
    winner = final.locator(".entrant.won .team").inner_text()
    expect(gold).to_contain_text(winner)  # the final's winner has the gold


def test_a_sheet_shows_its_hands_signatures_and_dispute_and_a_hand_opens_in_the_replay(
    page: Page, console: Console
) -> None:
    _open(page, console)
    disputed = page.locator("#sheet-R1-T2")
    disputed.locator("summary").click()
    expect(disputed.get_by_text("Outcome:")).to_contain_text("denied")
    expect(disputed.locator(".signatures li")).to_have_count(2)
    page.get_by_role("region", name="Bracket, one column a round").get_by_role("link", name="Final").click()
    final = page.locator("#sheet-final")
    expect(final).to_have_attribute("open", "")
    expect(final.locator(".signatures li")).to_have_count(2)
    accessible(page)
    final.get_by_role("link", name="Replay hand 1 of final").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{OPEN}, final, hand 1")
    expect(page.locator("#moment")).to_have_attribute("data-at", "1")  # no infraction: at the deal


def test_at_phone_width_and_in_print(phone: Page, console: Console) -> None:
    _open(phone, console)
    expect(phone.locator("table.standings-table tr.cut-line")).to_be_visible()
    expect(phone.get_by_role("region", name="Bracket, one column a round")).to_be_visible()
    phone.locator("#sheet-R1-T1 summary").click()
    expect(phone.locator("#sheet-R1-T1").get_by_role("link", name="Replay hand 1 of R1-T1")).to_be_visible()
    accessible(phone)
    phone.emulate_media(media="print")  # the wall sheet: standings and bracket, no navigation
    expect(phone.locator("table.standings-table")).to_be_visible()
    expect(phone.locator("#sheets")).to_be_hidden()
    expect(phone.locator("header.site")).to_be_hidden()


def test_an_anonymous_reader_is_asked_to_sign_in_first(page: Page, console: Console) -> None:
    tournament = console.tournaments[OPEN]
    page.goto(f"{console.url}/console/tournaments/{tournament}")
    expect(page.get_by_role("status")).to_contain_text("needs a credential")
    page.get_by_label("Token").fill(console.token)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(rf"/console/tournaments/{tournament}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(OPEN)
    page.goto(f"{console.url}/console/tournaments")
    expect(page.get_by_role("link", name=OPEN)).to_have_attribute(
        "href", f"/console/tournaments/{tournament}"
    )
    accessible(page)
