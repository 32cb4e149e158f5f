"""The API reference page in a real browser: rendered from the document ``/openapi.json`` serves,
every operation by tag with its roles, parameters, body and answers, the schemas they name, the
problem types; at laptop and phone width, readable without a credential (the contract is public)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible


def test_every_operation_of_the_served_document_is_on_the_page(page: Page, console: Console) -> None:
    page.goto(f"{console.url}/console/api")
    expect(page.get_by_role("heading", level=1)).to_have_text("API reference")
    document = page.request.get(f"{console.url}/openapi.json").json()
    operations = [op for ops in document["paths"].values() for op in ops.values()]
    expect(page.locator("article.op")).to_have_count(len(operations))
    for tag in document["tags"]:
        expect(page.locator(f"#tag-{tag['name']}-h")).to_have_text(tag["name"].capitalize())
    accessible(page)


def test_an_operation_says_its_roles_body_and_answers_and_links_its_schemas(
    page: Page, console: Console
) -> None:
    page.goto(f"{console.url}/console/api")
    page.get_by_role("navigation", name="Operations").get_by_role(
        "link", name="POST /tournaments/{tournament_id}/matches/{match}/hands"
    ).click()
    link = page.locator("#op-linkHand")
    expect(link.locator(".tag-role")).to_have_text(["official", "scorekeeper"])
    expect(link.get_by_role("table", name="Parameters of linkHand")).to_contain_text("If-Match")
    expect(link.get_by_role("table", name="Responses of linkHand")).to_contain_text("412")
    link.get_by_role("link", name="LinkHand").click()
    schema = page.locator("#schema-LinkHand")
    expect(schema.get_by_role("table", name="Members of LinkHand")).to_contain_text("hand")
    problems = page.get_by_role("table", name="Problem types")
    expect(problems).to_contain_text("urn:adjudicator:problem:stale-version")
    expect(problems).to_contain_text("urn:adjudicator:problem:illegal-event")


def test_the_reference_at_phone_width(phone: Page, console: Console) -> None:
    phone.goto(f"{console.url}/console/api#op-getStandings")
    expect(phone.locator("#op-getStandings h3")).to_be_visible()
    expect(phone.locator("#op-getStandings")).to_contain_text("nobody without a credential")
    accessible(phone, contrast=False)  # 12,000 elements: their colours are checked at laptop width
