"""The living rulebook in a real browser: an official follows a ruling's citation from the replay
viewer to the rulebook's section, reads a rulebook and MATRIX.md's interpretations, and lines the five
rulebooks up side by side, at laptop and phone widths, each page passing axe-core's checks."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from adjudicator.domain.rulebooks import get_ruleset
from tests.browser.conftest import Console, accessible, sign_in

RENEGE = "Table 3, board 7: a renege not yet called"


def test_a_rulings_citation_lands_on_the_rulebooks_section(page: Page, console: Console) -> None:
    sign_in(page, console)
    page.goto(f"{console.url}/console/hands/{console.hand(RENEGE)}")
    page.keyboard.press("n")  # the next infraction: the renege
    ruling = page.locator("article.ruling.here")
    expect(ruling.get_by_role("heading")).to_contain_text("Renege by")
    ruling.get_by_role("link", name="texas-bid-whist-alliance.txt: Renege").click()
    expect(page).to_have_url(re.compile(r"/console/rulebooks/texas#renege$"))
    section = page.locator("section#renege")
    expect(section.get_by_role("heading", level=3)).to_have_text("RENEGE")
    expect(section).to_be_in_viewport()
    expect(section).to_contain_text("Cited as texas-bid-whist-alliance.txt Renege")
    expect(section.locator(".refs li").first).to_be_visible()  # the examples that exercise it
    accessible(page)


def test_a_rulebook_page_shows_its_words_its_examples_and_their_outcomes(
    page: Page, console: Console
) -> None:
    page.goto(f"{console.url}/console/rulebooks")  # public: no sign-in
    expect(page.get_by_role("heading", level=1)).to_have_text("The living rulebook")
    accessible(page)
    page.get_by_role("link", name=get_ruleset("detroit").title).click()
    expect(page).to_have_url(re.compile(r"/console/rulebooks/detroit$"))
    item = page.locator("#iii-c-i")
    expect(item.locator("blockquote")).to_contain_text("out of turn")
    example = page.locator("article.example").first
    expect(example.locator(".outcome")).to_have_text(re.compile(r"^(passed|failed|checking|no result here)$"))
    expect(example.locator("ol.steps li").first).to_contain_text("Given")
    interpretation = page.get_by_role("link", name="interpretation: forced-dealer").first
    interpretation.click()
    expect(page).to_have_url(re.compile(r"/console/rulebooks/matrix#interpretation-forced-dealer$"))
    expect(page.locator("#interpretation-forced-dealer")).to_contain_text("first three pass")
    accessible(page)


def test_the_comparison_and_a_rulebook_at_phone_width(phone: Page, console: Console) -> None:
    phone.goto(f"{console.url}/console/rulebooks/compare")
    table = phone.get_by_role("region", name="Bid Whist: bidding, side by side")
    expect(table.get_by_role("columnheader")).to_have_text(
        ["rule", "detroit", "texas", "chicago", "cardtel", "ontario"]
    )
    expect(table.get_by_role("row", name=re.compile("same level: downtown vs uptown"))).to_contain_text(
        "downtown beats uptown"
    )
    accessible(phone)
    phone.goto(f"{console.url}/console/rulebooks/ontario#i-13")
    expect(phone.locator("#i-13 blockquote")).to_contain_text("renege")
    accessible(phone)
    phone.emulate_media(media="print")
    expect(phone.locator("header.site")).to_be_hidden()


def test_every_rulebook_page_at_the_other_width(page: Page, phone: Page, console: Console) -> None:
    """Each page at the width the tests above do not open it at: all pass axe-core's checks."""
    page.goto(f"{console.url}/console/rulebooks/compare")
    expect(page.get_by_role("heading", level=1)).to_have_text("Where the rulebooks differ")
    accessible(page)
    for path, heading in (
        ("", "The living rulebook"),
        ("/texas", get_ruleset("texas").title),
        ("/matrix", "MATRIX.md"),
    ):
        phone.goto(f"{console.url}/console/rulebooks{path}")
        expect(phone.get_by_role("heading", level=1)).to_contain_text(heading)
        accessible(phone)


def test_a_director_follows_the_rulebooks_references_and_reads_bid_euchre_beside_bid_whist(
    screen: Page, console: Console
) -> None:
    """At both widths: Ontario's renege (I.13) beside the Bid Whist renege penalty, a section reference
    in a cell and a table-of-contents entry each a link to the section, and the outcomes' source said."""
    screen.goto(f"{console.url}/console/rulebooks/compare")
    infractions = screen.get_by_role("region", name="Bid Whist: infractions, side by side")
    renege = infractions.get_by_role("row", name=re.compile("^renege penalty"))
    expect(renege.get_by_role("cell").last).to_contain_text("corrected before the trick is gathered")
    renege.get_by_role("link", name="I.13").click()
    expect(screen).to_have_url(re.compile(r"/console/rulebooks/ontario#i-13$"))
    expect(screen.locator("#i-13")).to_be_in_viewport()
    screen.go_back()
    infractions.get_by_role("row", name=re.compile("^renege: not following suit")).get_by_role(
        "link", name="XI.a"
    ).click()
    expect(screen).to_have_url(re.compile(r"/console/rulebooks/detroit#xi-a$"))
    expect(screen.locator("#xi-a")).to_be_in_viewport()
    note = screen.locator(".provenance")
    expect(note).to_have_text(re.compile(r"computed by the engine running here|checking the examples now"))
    expect(screen.locator("main")).not_to_contain_text("not run")
    screen.get_by_role("link", name=re.compile(r"^IV\.\s+The Deal\s+5$")).click()
    expect(screen).to_have_url(re.compile(r"/console/rulebooks/detroit#iv$"))
    expect(screen.locator("section#iv")).to_be_in_viewport()
    accessible(screen)
    screen.goto(f"{console.url}/console/rulebooks/compare#bid-euchre-ontario")
    euchre = screen.get_by_role("region", name="Bid Euchre (ontario), side by side")
    expect(euchre.get_by_role("row", name=re.compile("^moonshot"))).to_contain_text("I.7")
    accessible(screen)
