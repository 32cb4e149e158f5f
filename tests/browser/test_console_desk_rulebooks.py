"""The director's desk in a real browser for the other Bid Whist rulebooks: a Texas, a Chicago and a
Cardtel tournament (8 teams, 2 rounds) run from creation to the medals only through the desk's forms,
each exercising what its rulebook does its own way (MATRIX: Bid Whist: tournaments):

- Texas: a round is best 3 of 5 hands; Bostons break ties (a Boston entered on a sheet); the top 8
  are seeded as the standings propose, and the bracket runs to the Final Four;
- Chicago: a game is first to 3 hand-wins, a no-trump hand counting two and a set hand scoring nothing
  to anyone (its winner said in the form); the top 7 are seeded, the first on a bye;
- Cardtel: once signed, a sheet's correction may fix only its arithmetic (anything else refused in
  words), a dispute with its form and $10 fee, the director's playoff field, and a level playoff
  sheet decided by a tie-breaking hand (Play 10).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, accessible
from tests.browser.test_console_desk import (
    create,
    open_matches,
    play_sheet,
    press,
    seat_round,
    settle_ties,
    shown_standings,
)


def register_eight(page: Page, prefix: str) -> None:
    page.get_by_label("One team a line").fill(
        "\n".join(f"{prefix} {n}: {prefix[0]}{n}a, {prefix[0]}{n}b" for n in range(1, 9))
    )
    press(page, "Register the list")
    expect(page.locator("table.teams tbody tr")).to_have_count(8)


Sheet = list[str] | Callable[[Page, str, str], None]


def rounds(
    page: Page, console: Console, tournament: str, sheet: dict[tuple[int, int], Sheet], default: list[str]
) -> None:
    """Two rounds seated (draws first where the rulebook draws) and every sheet entered and signed
    (its totals, or a play of its own: ``(page, desk, match)``)."""
    base = f"{console.url}/console/desk/{tournament}"
    for number in (1, 2):
        page.goto(base)
        seat_round(page, number)
        matches = open_matches(console, tournament, "round")
        assert len(matches) == 4, matches
        for k, match in enumerate(matches, start=1):
            played = sheet.get((number, k), default)
            if callable(played):
                played(page, base, match)
            else:
                play_sheet(page, base, match, played)


def playoff_to_medals(page: Page, console: Console, tournament: str, lines: list[str]) -> dict:
    base = f"{console.url}/console/desk/{tournament}"
    while matches := open_matches(console, tournament, "playoff"):
        for match in matches:
            play_sheet(page, base, match, lines)
    page.goto(base)
    medals = console.get(f"/tournaments/{tournament}/medals")
    assert medals["complete"], medals
    for place, team in medals["places"].items():
        expect(page.locator(f'#medals dd[data-place="{place}"]')).to_contain_text(team)
    return medals


def standings_as_the_api(page: Page, console: Console, tournament: str) -> dict:
    api = console.get(f"/tournaments/{tournament}/standings")
    assert shown_standings(page) == [(r["team"], str(r["rank"])) for r in api["rows"]]
    return api


def test_a_texas_tournament_runs_best_of_five_rounds_to_a_final_four_at_the_desk(
    page: Page, console: Console
) -> None:
    tournament = create(page, console, "texas", "Desk Texas", Rounds="2")
    register_eight(page, "Lone Star")
    # Best 3 of 5: three hands won end the round (a fifth would be refused); one Boston, the
    # standings' third key; a hand given to the other team by a correction, its win with it.
    special: dict[tuple[int, int], Sheet] = {
        (1, 1): ["7 0 boston", "0 2", "3 0", "2 0"],
        (1, 2): _won_by_correction,
    }
    rounds(page, console, tournament, special, ["3 0", "0 2", "4 0", "2 0"])
    page.goto(f"{console.url}/console/desk/{tournament}")
    api = standings_as_the_api(page, console, tournament)
    assert api["basis"][:3] == ["rounds_won", "winning_percentage", "bostons"], api["basis"]
    assert sum(r["bostons"] for r in api["rows"]) == 1
    assert api["ties"], api  # every round 3-1: the winners tie on rounds won and percentage
    settle_ties(page, console, tournament, 8)  # a one-hand play-off for each tie in the field of 8
    proposed = console.get(f"/tournaments/{tournament}/seeding")
    assert proposed["size"] == 8 and not proposed["waiting_for"], proposed
    press(page, "Seed the playoff as proposed")
    expect(page.locator("#playoff .seeds")).to_have_text(" ".join(proposed["seeds"]))
    expect(page.locator("#playoff .bracket-list li")).to_have_count(4)
    medals = playoff_to_medals(page, console, tournament, ["3 0", "0 2", "4 0", "2 0"])
    assert list(medals["places"]) == ["1st", "2nd", "3rd", "4th"]
    accessible(page)


def test_a_chicago_tournament_counts_hands_won_and_seeds_seven_at_the_desk(
    page: Page, console: Console
) -> None:
    tournament = create(page, console, "chicago", "Desk Chicago", Rounds="2")
    base = f"{console.url}/console/desk/{tournament}"
    register_eight(page, "Lakeshore")
    page.goto(base)
    seat_round(page, 1)
    first, *others = open_matches(console, tournament, "round")
    # A game hand by hand: a set hand scores nothing to anyone (its winner said); a no-trump hand
    # counts two hands won, so three hands end the game at 3-1.
    page.goto(f"{base}/sheets/{first}")
    for ns, ew, winner, no_trump in (
        ("0", "0", "east_west", False),
        ("2", "0", "", True),
        ("3", "0", "", False),
    ):
        page.get_by_label("North-south points").first.fill(ns)
        page.get_by_label("East-west points").first.fill(ew)
        page.get_by_label("Won by").first.select_option(winner)
        if no_trump:
            page.get_by_label("No trump (two hands won)").first.check()
        press(page, "Enter the hand")
    sheet = console.get(f"/tournaments/{tournament}/matches/{first}")
    assert sheet["result"]["tally"] == {"north_south": 3, "east_west": 1}, sheet["result"]
    assert sheet["result"]["over"], sheet["result"]
    for side in ("north-south", "east-west"):
        press(page, f"Sign for {side}")
    # The other sheets alike, so that teams which sat the same sides tie: the referee decides each.
    for match in others:
        play_sheet(page, base, match, ["1 0", "0 0 ew", "2 0 nt"])  # a set hand: its winner said
    page.goto(base)
    seat_round(page, 2)
    for match in open_matches(console, tournament, "round"):
        play_sheet(page, base, match, ["0 2", "3 0", "0 1", "1 0", "1 0"])
    page.goto(base)
    api = standings_as_the_api(page, console, tournament)
    assert api["basis"][:2] == ["total_points", "games_won"], api["basis"]
    assert api["ties"], api
    settle_ties(page, console, tournament, 7)
    proposed = console.get(f"/tournaments/{tournament}/seeding")
    assert proposed["size"] == 7, proposed
    press(page, "Seed the playoff as proposed")
    expect(page.locator("#playoff .seeds")).to_have_text(" ".join(proposed["seeds"]))
    bracket = console.get(f"/tournaments/{tournament}")["bracket"]
    assert bracket["byes"] == [proposed["seeds"][0]], bracket
    playoff_to_medals(page, console, tournament, ["2 0", "0 1", "3 0 nt"])
    accessible(page)


def test_a_cardtel_tournament_corrects_only_arithmetic_and_plays_off_a_level_sheet_at_the_desk(
    page: Page, console: Console
) -> None:
    tournament = create(page, console, "cardtel", "Desk Cardtel", Rounds="2")
    base = f"{console.url}/console/desk/{tournament}"
    register_eight(page, "Capitol")
    page.goto(base)
    seat_round(page, 1)
    first, *others = open_matches(console, tournament, "round")
    play_sheet(page, base, first, ["5 0", "0 3", "4 0", "0 2"])
    _signed_sheet_corrected(page, base, first)
    for match in others:
        play_sheet(page, base, match, ["5 0", "0 3", "4 0", "0 2"])
    page.goto(base)
    seat_round(page, 2)
    for match in open_matches(console, tournament, "round"):
        play_sheet(page, base, match, ["5 0", "0 3", "4 0", "0 2"])
    page.goto(base)
    api = standings_as_the_api(page, console, tournament)
    assert api["basis"][:3] == ["total_points", "hands_won", "bostons"], api["basis"]
    # Every sheet alike: teams that sat the same sides tie on every key, a tie-breaking hand each.
    assert api["ties"], api
    settle_ties(page, console, tournament, 4)
    seeds = [r["team"] for r in console.get(f"/tournaments/{tournament}/standings")["rows"][:4]]
    page.get_by_label("Teams in the playoff").fill("4")  # the rulebook leaves the field to the director
    press(page, "Propose the field")
    expect(page.get_by_label("Seeds, in order")).to_have_value(" ".join(seeds))
    press(page, "Seed the playoff as proposed")
    expect(page.locator("#playoff .seeds")).to_have_text(" ".join(seeds))
    semi, *_ = open_matches(console, tournament, "playoff")
    page.goto(f"{base}/sheets/{semi}")
    page.get_by_label("One hand a line").fill("\n".join(["5 0", "0 5", "3 0", "0 3"]))
    press(page, "Enter the hands")
    sheet = console.get(f"/tournaments/{tournament}/matches/{semi}")
    assert sheet["result"]["over"] and sheet["result"]["winner"] is None, sheet["result"]
    page.get_by_label("Winner first").fill(f"{sheet['east_west']} {sheet['north_south']}")
    press(page, "Record the playoff game")
    for side in ("north-south", "east-west"):
        press(page, f"Sign for {side}")
    assert console.get(f"/tournaments/{tournament}/matches/{semi}")["result"]["winner"] == "east_west"
    playoff_to_medals(page, console, tournament, ["5 0", "0 3", "4 0", "0 2"])
    accessible(page)


def _won_by_correction(page: Page, base: str, match: str) -> None:
    """East-west lead 2-1 after three hands; the first, scored to north-south, was theirs: corrected,
    its win goes with it, and the round is over at 3-1 (signed)."""
    page.goto(f"{base}/sheets/{match}")
    page.get_by_label("One hand a line").fill("\n".join(["3 0", "0 2", "0 4"]))
    press(page, "Enter the hands")
    expect(page.get_by_role("button", name="Sign for north-south")).to_be_visible()
    page.get_by_label("Hand", exact=True).select_option(f"{match}/1")
    page.locator("#correct-ns").fill("0")
    page.locator("#correct-ew").fill("3")
    page.locator("#correct-reason").fill("the set was scored to the bidders")
    press(page, "Correct the score")
    expect(page.locator(f"#sheet-{match}")).to_contain_text("became 0\u20133")
    for side in ("north-south", "east-west"):
        press(page, f"Sign for {side}")
    expect(page.locator(f"#sheet-{match} .status")).to_have_text("signed")


def _signed_sheet_corrected(page: Page, base: str, match: str) -> None:
    """After both signatures: a total that did not add up is corrected; a hand's result is refused
    in the engine's words, nothing recorded; that goes to a dispute, with its form and $10 fee."""
    page.goto(f"{base}/sheets/{match}")
    page.get_by_label("Hand", exact=True).select_option(f"{match}/1")
    page.locator("#correct-ns").fill("4")
    page.locator("#correct-ew").fill("0")
    page.locator("#correct-reason").fill("the table wrote 5 for 4 books over")
    press(page, "Correct the score")
    expect(page.locator(f"#sheet-{match}")).to_contain_text("became 4\u20130")
    page.get_by_label("Hand", exact=True).select_option(f"{match}/2")
    page.locator("#correct-ns").fill("3")
    page.locator("#correct-ew").fill("0")
    page.locator("#correct-reason").fill("north-south say they made it")
    page.get_by_role("button", name="Correct the score", exact=True).click()
    expect(page.locator("#refused")).to_contain_text("only its arithmetic")
    expect(page.locator(f"#sheet-{match}")).not_to_contain_text("became 3\u20130")
    expect(page.get_by_label("Fee paid")).to_have_value("10")
    page.get_by_label("What is disputed").fill("hand 2: north-south say they made their bid")
    press(page, "File the dispute")
    page.locator("#rule-reason").fill("the sheet stands as signed")
    press(page, "Record the ruling")
    expect(page.locator(f"#sheet-{match}")).to_contain_text(re.compile("the sheet stands as signed", re.I))
