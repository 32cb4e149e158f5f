"""Printouts and spreadsheets from the desk (issue 31, item 8), in a real browser: the desk links to
the standings, the score sheets and the bracket as printable pages and as CSV; printed (print media
emulated), a page is black on white without the console's tools, every sheet on it kept whole on one
page of paper, teams by their names and matches in words; the CSV link downloads with the desk's
sign-in."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in
from tests.browser.test_board_projector import _created, _semi_finals

WHITE, BLACK = "rgb(255, 255, 255)", "rgb(0, 0, 0)"


def _printed(page: Page) -> str:
    page.emulate_media(media="print")
    expect(page.locator(".print-tools")).to_be_hidden()
    colours = page.evaluate(
        "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]"
    )
    assert colours == [WHITE, BLACK], colours
    text = page.locator("main").inner_text()
    for identifier in ("PJ1", "PJ2", "R1-T1", "P1-1", "north_south"):
        assert identifier not in text, identifier
    return text


def test_the_desk_prints_and_downloads_the_standings_sheets_and_bracket(console: Console, page: Page) -> None:
    director = _semi_finals()
    tournament = _created(console, director, public=False)
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/{tournament}")
    links = page.locator(".exports")
    expect(links.get_by_role("link", name="print")).to_have_count(3)

    links.get_by_role("link", name="print").nth(1).click()
    expect(page).to_have_url(f"{console.url}/console/tournaments/{tournament}/print/sheets")
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    accessible(page)
    sheets = director.tournament.state()["sheets"]
    expect(page.locator(".print-sheet")).to_have_count(len(sheets))
    text = _printed(page)
    assert "Round 1, table 1" in text and "Semi-final 1" in text and "Projector 2" in text
    kept: list[str] = page.locator(".print-sheet").evaluate_all(
        "all => all.map(s => getComputedStyle(s).breakInside)"
    )
    assert set(kept) == {"avoid"}, kept
    first = page.locator(".print-sheet").first
    expect(first.locator("tbody tr")).to_have_count(len(sheets[0]["hands"]))

    page.emulate_media(media="screen")
    page.go_back()
    links.get_by_role("link", name="print").first.click()
    expect(page).to_have_url(f"{console.url}/console/tournaments/{tournament}/print/standings")
    text = _printed(page)
    expect(page.locator("tbody tr")).to_have_count(4)
    assert "Place" in text and "Projector 1" in text

    page.emulate_media(media="screen")
    page.go_back()
    links.get_by_role("link", name="print").last.click()
    expect(page).to_have_url(f"{console.url}/console/tournaments/{tournament}/print/bracket")
    text = _printed(page)
    assert "Semi-final 1" in text and "Semi-final 2" in text

    page.emulate_media(media="screen")
    page.go_back()
    href = links.get_by_role("link", name="CSV").first.get_attribute("href")
    assert href == f"/tournaments/{tournament}/standings.csv"
    download = page.request.get(f"{console.url}{href}")  # with the desk's sign-in, as the link is followed
    assert download.status == 200 and download.headers["content-type"].startswith("text/csv")
    assert "Projector 1" in download.text() and "PJ1" not in download.text()


def test_a_printable_page_is_not_there_for_another_part(console: Console, page: Page) -> None:
    tournament = _created(console, _semi_finals(), public=False)
    sign_in(page, console)
    answer = page.request.get(f"{console.url}/console/tournaments/{tournament}/print/medals")
    assert answer.status == 404 and "standings, sheets or bracket" in answer.text()
