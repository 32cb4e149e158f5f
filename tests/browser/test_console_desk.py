"""The director's desk in a real browser: a small Detroit tournament (8 teams, 2 rounds, a playoff
of 4) run from its creation to the medals only through the desk's forms, with a refusal shown in
words, a dispute ruled and a correction; the standings and medals the pages show are the API's."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible, sign_in

TEAMS = [(f"Desk Team {n}", f"P{n}a", f"P{n}b") for n in range(1, 9)]


def _desk_id(page: Page) -> str:
    return page.url.split("/console/desk/")[1].split("/")[0].split("#")[0]


def create(page: Page, console: Console, ruleset: str, name: str, **options: str) -> str:
    sign_in(page, console)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Tournaments").click()
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Rulebook", exact=True).select_option(ruleset)
    page.get_by_label("Name", exact=True).fill(name)
    for label, value in options.items():
        page.get_by_label(label, exact=True).fill(value)
    press(page, "Create the tournament")
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)
    return _desk_id(page)


def press(page: Page, button: str) -> None:
    """Submit a desk form and hold the page to having recorded it (no refusal shown)."""
    with page.expect_navigation():
        page.get_by_role("button", name=button, exact=True).first.click()
    refused = page.locator("#refused")
    assert refused.count() == 0, refused.inner_text()


def seat_round(page: Page, number: int) -> None:
    """The draws the round needs, then its proposal confirmed."""
    seating = page.locator("#round")
    expect(seating.get_by_role("heading", level=2)).to_have_text(f"Seating: round {number}")
    while seating.get_by_role("button", name="Draw:").count():
        seating.get_by_role("button", name="Draw:").first.click()
    seating.get_by_role("button", name=f"Confirm round {number}'s seating").click()


def play_sheet(page: Page, base: str, match: str, totals: list[str]) -> None:
    """A paper sheet entered by the table's totals, then signed by both sides."""
    page.goto(f"{base}/sheets/{match}")
    page.get_by_label("One hand a line").fill("\n".join(totals))
    press(page, "Enter the hands")
    expect(page.locator("#refused")).to_have_count(0)
    for side in ("north-south", "east-west"):
        press(page, f"Sign for {side}")
    expect(page.locator(f"#sheet-{match} .status")).to_have_text("signed")


def totals(k: int) -> list[str]:
    """Four hands whose total differs from table to table (no tie in the standings), each within
    Detroit's 14 points a hand (IX, X)."""
    return [f"{k + 2} 0", f"0 {k}", f"{k + 1} 0", "0 1"]


def open_matches(console: Console, tournament: str, stage: str) -> list[str]:
    sheets = console.get(f"/tournaments/{tournament}/matches")["matches"]
    return [s["match"] for s in sheets if s["stage"] == stage and s["status"] != "signed"]


def settle_ties(page: Page, console: Console, tournament: str, places: int) -> None:
    """Every tie among the first ``places`` played off (the draw seats at random: there may be none),
    through the desk's tie-break form, in the order the API lists the teams."""
    for tie in console.get(f"/tournaments/{tournament}/standings")["ties"]:
        if tie["rank"] <= places:
            page.locator("#tie-teams").fill(" ".join(tie["teams"]))
            page.locator("#tie-reason").fill("won the playoff of 4 hands")
            press(page, "Record the tie-break")
            expect(page.locator("#standings")).to_contain_text(f"Played off: {', '.join(tie['teams'])}")


def shown_standings(page: Page) -> list[tuple[str, str]]:
    rows = page.locator("#standings tbody tr")
    return [(r.get_attribute("data-team") or "", r.locator("td").first.inner_text()) for r in rows.all()]


def test_a_detroit_tournament_is_run_from_creation_to_medals_at_the_desk(
    page: Page, console: Console
) -> None:
    tournament = create(page, console, "detroit", "Desk Open", Rounds="2")
    base = f"{console.url}/console/desk/{tournament}"
    page.get_by_label("One team a line").fill("\n".join(f"{n}: {a}, {b}" for n, a, b in TEAMS[1:]))
    press(page, "Register the list")
    page.get_by_label("Team name", exact=True).fill(TEAMS[0][0])
    page.get_by_label("First player", exact=True).fill(TEAMS[0][1])
    page.get_by_label("Second player", exact=True).fill(TEAMS[0][2])
    press(page, "Register the team")
    expect(page.locator("table.teams tbody tr")).to_have_count(8)
    accessible(page)

    for number in (1, 2):
        page.goto(base)
        seat_round(page, number)
        matches = open_matches(console, tournament, "round")
        assert len(matches) == 4, matches
        for k, match in enumerate(matches, start=1):
            if (number, k) == (1, 1):
                _correct_and_dispute(page, base, match)
            else:
                play_sheet(page, base, match, totals(k + 4 * number))

    page.goto(base)
    api = console.get(f"/tournaments/{tournament}/standings")
    assert shown_standings(page) == [(r["team"], str(r["rank"])) for r in api["rows"]]
    seeds = console.get(f"/tournaments/{tournament}/seeding")["seeds"][:4]
    page.get_by_label("Seeds, in order").fill(" ".join(seeds))
    page.locator("#seeds-reason").fill("a playoff of four")
    press(page, "Seed as written")
    expect(page.locator("#playoff .seeds")).to_have_text(" ".join(seeds))

    while matches := open_matches(console, tournament, "playoff"):
        for k, match in enumerate(matches, start=1):
            play_sheet(page, base, match, totals(k))
    page.goto(base)
    medals = console.get(f"/tournaments/{tournament}/medals")
    assert medals["complete"], medals
    for place, team in medals["places"].items():
        expect(page.locator(f'#medals dd[data-place="{place}"]')).to_contain_text(team)
    accessible(page)


def _correct_and_dispute(page: Page, base: str, match: str) -> None:
    """A hand entered one at a time, corrected by a new event; a dispute filed and denied; a hand
    entered on the signed sheet refused in the engine's words, nothing recorded."""
    page.goto(f"{base}/sheets/{match}")
    for ns, ew in (("7", "0"), ("0", "5"), ("6", "0")):
        page.get_by_label("North-south points").first.fill(ns)
        page.get_by_label("East-west points").first.fill(ew)
        press(page, "Enter the hand")
    page.get_by_label("Hand", exact=True).select_option(f"{match}/2")
    page.locator("#correct-ns").fill("0")
    page.locator("#correct-ew").fill("4")
    page.locator("#correct-reason").fill("the table added 4 and 1 as 5")
    press(page, "Correct the score")
    corrections = page.locator(f"#sheet-{match} details, #sheet-{match}")
    expect(corrections).to_contain_text("became 0\u20134")
    page.get_by_label("North-south points").first.fill("0")
    page.get_by_label("East-west points").first.fill("3")
    press(page, "Enter the hand")
    page.get_by_label("What is disputed").fill("hand 3: we say the last book was ours")
    press(page, "File the dispute")
    page.locator("#rule-reason").fill("the sheet stands")
    press(page, "Record the ruling")
    expect(page.locator(f"#sheet-{match}")).to_contain_text(re.compile("the sheet stands", re.IGNORECASE))
    for side in ("north-south", "east-west"):
        press(page, f"Sign for {side}")
    page.get_by_label("North-south points").first.fill("7")
    page.get_by_label("East-west points").first.fill("0")
    page.get_by_role("button", name="Enter the hand", exact=True).click()
    expect(page.locator("#refused")).to_contain_text("signed")
    expect(page.locator(f"#sheet-{match} .status")).to_have_text("signed")


def test_an_ontario_day_of_16_players_follows_its_movement_at_the_desk(page: Page, console: Console) -> None:
    """Two sessions of two games: each session starts from a drawn seating, its second game is the
    movement's proposal (winners move, partners split), confirmed; the medals come from the standings."""
    tournament = create(
        page, console, "ontario", "Desk Euchre Day", Date="2026-11-24", Rounds="4", **{"Games a session": "2"}
    )
    base = f"{console.url}/console/desk/{tournament}"
    page.get_by_label("One team a line").fill("\n".join(f"Pair {n}: O{n}a, O{n}b" for n in range(1, 9)))
    press(page, "Register the list")
    expect(page.locator("table.teams tbody tr")).to_have_count(8)
    assert len(console.get(f"/tournaments/{tournament}")["players"]) == 16
    for game in range(1, 5):
        page.goto(base)
        proposal = console.get(f"/tournaments/{tournament}/proposal")
        if game in (2, 4):  # the movement: the proposal the desk shows is the API's, seat by seat
            shown = page.locator("table.proposal tbody tr")
            expect(shown).to_have_count(4)
            for row, table in zip(shown.all(), proposal["tables"], strict=True):
                expect(row.locator("td").nth(1)).to_have_text(" & ".join(table["north_south"]))
        seat_round(page, game)
        for k, match in enumerate(open_matches(console, tournament, "round"), start=1):
            play_sheet(page, base, match, [f"{k + game} 0", "0 2"] * 4)
    page.goto(base)
    settle_ties(page, console, tournament, 3)  # the medals go down the standings (Ontario E)
    api = console.get(f"/tournaments/{tournament}/standings")
    assert shown_standings(page) == [(r["team"], str(r["rank"])) for r in api["rows"]]
    medals = console.get(f"/tournaments/{tournament}/medals")
    assert medals["complete"], medals
    for place, team in medals["places"].items():
        expect(page.locator(f'#medals dd[data-place="{place}"]')).to_contain_text(team)
    accessible(page)


def test_the_desk_and_a_sheet_fit_a_phone_and_pass_axe(phone: Page, console: Console) -> None:
    sign_in(phone, console)
    tournament = console.tournaments["Demo Open"]
    for path in ("", "/sheets/R1-T2"):
        phone.goto(f"{console.url}/console/desk/{tournament}{path}")
        expect(phone.get_by_role("heading", level=1)).to_be_visible()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path or 'the desk'} is {width} px wide at a phone's 390"
        accessible(phone)
    phone.keyboard.press("Tab")  # the skip link first, then every form field in order
    expect(phone.locator(":focus")).to_have_text("Skip to content")
