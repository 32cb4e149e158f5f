"""The hands list in a real browser: filters, the read models' rows, pages that pass axe-core."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in


def test_the_list_filters_by_rulebook_and_status(page: Page, console: Console) -> None:
    sign_in(page, console)
    rows = page.locator("table.hands tbody tr")
    listed = console.get("/hands")["hands"]  # the page's first page: the demo's and its tournament's,
    assert len(listed) >= min(len(console.hands) + console.linked, 50)  # and what other tests opened
    expect(rows).to_have_count(len(listed))
    accessible(page)
    # Other tests of this worker open hands on the same service: each filter is checked against the
    # API's answer to the same filter, and the demo's own hands must be among the rows.
    page.get_by_label("Rulebook").select_option("ontario")
    page.get_by_role("button", name="Filter").click()
    expect(rows).to_have_count(len(console.get("/hands?ruleset=ontario")["hands"]))
    for row in rows.all():
        expect(row).to_contain_text("ontario")
    page.get_by_role("link", name="Clear").click()
    page.get_by_label("Status").select_option("play")
    page.get_by_role("button", name="Filter").click()
    in_play = console.get("/hands?status=play")["hands"]
    assert len(in_play) >= 2
    expect(rows).to_have_count(len(in_play))
    expect(rows.filter(has_text="a renege not yet called")).to_have_count(1)
    page.get_by_label("Rulings").select_option("pending")
    page.get_by_role("button", name="Filter").click()
    pending = console.get("/hands?status=play&has_rulings=pending")["hands"]
    assert len(pending) >= 1
    expect(rows).to_have_count(len(pending))
    expect(rows.filter(has_text="a tech call for the official")).to_have_count(1)


def test_pages_of_the_list_follow_their_cursor(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands?limit=3")
    rows = page.locator("table.hands tbody tr")
    seen, links = [], []
    while True:
        expect(rows.first).to_be_visible()
        seen += rows.locator("th a").all_inner_texts()
        links += rows.locator("th a").evaluate_all("links => links.map(link => link.href)")
        following = page.get_by_role("link", name="Next page")
        if not following.count():
            break
        following.click()
    # Other tests of this worker add hands to the shared service (and the list follows them): no
    # hand twice (by its link: unlabelled hands opened in the same minute read alike), and none of
    # the service's own missed.
    assert len(links) == len(set(links)) >= len(console.hands) + console.linked
    assert set(console.hands) <= set(seen)


def test_a_bad_filter_is_said_on_the_page(page: Page, console: Console) -> None:
    page.goto(f"{console.url}/console/hands?table=nine")
    expect(page.get_by_role("alert")).to_contain_text("table")
    accessible(page)
