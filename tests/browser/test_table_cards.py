"""Table cards in a real browser: the desk's printing page lays out one large card a table, each with
a QR code of the address that signs its phone in (the very address, as segno encodes it) and a code
to type; a phone that opens that address lands on its table's page and stays there after a reload;
a code typed on the sign-in page does the same; a card withdrawn at the desk in one click sends its
phone to a page that says so."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

import segno
from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in
from tests.browser.test_console_table import rest

SHOTS = os.environ.get("ADJUDICATOR_SHOTS")  # a folder to keep screenshots in, when set


def _shot(screen: Page, name: str) -> None:
    if SHOTS:
        width = screen.viewport_size["width"] if screen.viewport_size else 0
        screen.screenshot(path=f"{SHOTS}/{name}-{width}.png", full_page=True)


def four_teams(console: Console, name: str) -> str:
    """A Detroit tournament of four teams, round 1 seated at tables 1 and 2: its id."""
    created = rest(console, "/tournaments", {"ruleset": "detroit", "name": name, "rounds": 1})
    teams = [
        {"type": "team_registered", "team": t, "number": n, "players": [f"{t}a", f"{t}b"]}
        for n, t in enumerate(("TA", "TB", "TC", "TD"), start=1)
    ]
    rest(console, f"/tournaments/{created['id']}/events", teams)
    rest(console, f"/tournaments/{created['id']}/draws", {})
    rest(console, f"/tournaments/{created['id']}/rounds/1/seating", {})
    return str(created["id"])


def printed(page: Page, console: Console, tournament: str) -> list[dict[str, str]]:
    """The official makes the cards from the desk: what each printed card says."""
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/{tournament}")
    page.get_by_role("link", name="Table cards to print").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Table cards")
    expect(page.get_by_label("Tables, from 1 to")).to_have_value("2")
    page.get_by_role("button", name="Make the cards to print").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Table cards to print")
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(2)
    return [
        {
            "table": str(card.get_attribute("data-table")),
            "url": str(card.get_attribute("data-url")),
            "code": card.locator(".card-code").inner_text(),
            "path": str(card.locator("svg path[stroke]").get_attribute("d")),
        }
        for card in cards.all()
    ]


def test_the_printing_page_shows_a_large_card_a_table_with_its_qr_code(
    screen: Page, console: Console
) -> None:
    tournament = four_teams(console, f"Cards Cup {screen.viewport_size}")
    cards = printed(screen, console, tournament)
    assert [c["table"] for c in cards] == ["1", "2"]
    for card in cards:
        assert urlsplit(card["url"]).path == "/console/join" and card["url"].startswith(console.url)
        encoded = segno.make(card["url"], error="m", micro=False).svg_inline(scale=1, border=4, omitsize=True)
        expected = re.search(r' d="([^"]+)"', encoded)
        assert expected is not None and card["path"] == expected.group(1), (
            "the QR code holds the card's address"
        )
        assert re.fullmatch(r"[ACDEFGHJKMNPQRTUVWXY]{4} [ACDEFGHJKMNPQRTUVWXY]{4}", card["code"])
    accessible(screen)
    _shot(screen, "cards-screen")

    screen.emulate_media(media="print")
    _shot(screen, "cards-print")
    expect(screen.locator("header.site")).to_be_hidden()
    expect(screen.locator(".screen-only")).to_be_hidden()
    first = screen.locator("article.table-card").first
    box, qr = first.bounding_box(), first.locator("svg").bounding_box()
    assert box is not None and qr is not None
    assert box["height"] > 400, "half a page a card"
    assert qr["width"] > 200, "a QR code a phone reads from across the table"
    assert first.locator(".card-table").inner_text() == "Table 1"
    pdf = (
        screen.pdf(format="A4")
        if screen.context.browser and screen.context.browser.browser_type.name == "chromium"
        else b""
    )
    assert pdf.startswith(b"%PDF")


def test_a_phone_joins_by_its_card_stays_and_is_told_when_it_is_withdrawn(
    page: Page, phone: Page, console: Console
) -> None:
    tournament = four_teams(console, "Cards Day")
    cards = printed(page, console, tournament)

    phone.goto(cards[0]["url"])  # what the phone's camera opens
    phone.wait_for_url("**/console/table")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Table 1")
    phone.reload()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Table 1")
    accessible(phone)

    other = phone.context.browser.new_context(viewport=phone.viewport_size).new_page()  # type: ignore[union-attr,arg-type]
    other.goto(f"{console.url}/console/sign-in")
    _shot(other, "sign-in-by-code")
    other.get_by_label("The card's code").fill(cards[1]["code"].lower())
    other.get_by_role("button", name="Sign this phone in").click()
    other.wait_for_url("**/console/table")
    expect(other.get_by_role("heading", level=1)).to_contain_text("Table 2")
    other.context.close()

    page.goto(f"{console.url}/console/desk/{tournament}/cards")
    page.get_by_role("button", name="Withdraw the card of table 1").click()
    _shot(page, "cards-listed")
    rows = page.locator("tr[data-card]")
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(rows.first).to_contain_text("withdrawn at")
    expect(rows.nth(1).get_by_role("button", name="Withdraw the card of table 2")).to_be_visible()
    accessible(page)

    phone.reload()
    expect(phone.get_by_role("heading", level=1)).to_have_text("This card was withdrawn")
    expect(phone.get_by_role("alert")).to_contain_text("table 1")
    expect(phone.get_by_text("Ask the director for a new card")).to_be_visible()
    accessible(phone)
    _shot(phone, "card-withdrawn")
