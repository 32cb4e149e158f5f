"""A whole day in the browser: one official at a laptop and four scorekeepers on phones, each its own
browser context (its own cookie, its own session), run a small tournament from its creation to the
medals through the pages alone: the desk creates it, registers the field and issues each table's
token, which the official reads off the desk and types into the table's phone.

To keep the day to a minute, table 1's match of the first round is recorded hand by hand on its
scorekeeper's phone (the quiet hands by their results, six taps each; the last, the deal skipped as
a table does, card by card), and every other match goes in at the desk as its paper sheet's totals,
its signatures given at its table's phone.
The last hand at table 1 holds a renege: called on the phone, it is on the official's open calls page
without a reload within the product's 2 seconds; the official claims it, records the inspection that
proves it (the ruling, which closes the call), the table agrees to the score, the hand goes on the
sheet, and the standings on the tournament's page move by that hand's points. The REST API is only
read, to check what the pages say (and, for the Ontario day, to list the ties the desk settles).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import (
    LAPTOP,
    OPPONENTS,
    PHONE,
    Console,
    _page,
    accessible,
    call_renege_in_time,
    served,
)
from tests.browser.day_hands import SEATS, renege_hand, result_taps
from tests.browser.test_console_desk import create, press, seat_round, settle_ties

TEAM = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}
Event = dict[str, Any]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    """A service of this module's own, empty: its calls and tournaments are the day's alone."""
    with served(tmp_path_factory.mktemp("day")) as console:
        yield console


@dataclass(frozen=True)
class Day:
    official: Page
    keepers: dict[int, Page]  # table -> its scorekeeper's phone


@pytest.fixture
def day(browser: Browser) -> Iterator[Day]:
    """Five contexts of one browser: the official's laptop, four phones; each fails the test if its
    console reports an error."""
    opened = contextmanager(_page)
    with ExitStack() as stack:
        official = stack.enter_context(opened(browser, LAPTOP))
        keepers = {n: stack.enter_context(opened(browser, PHONE)) for n in range(1, 5)}
        yield Day(official, keepers)


# ---------------------------------------------------------------- the pages


def sign_in(page: Page, url: str, token: str, then: str) -> None:
    page.goto(f"{url}/console/sign-in?next={then}")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"**{then}")


def issue_tokens(official: Page, tables: int) -> dict[int, str]:
    """Each table's scorekeeper token, issued at the desk and read off its page (shown once)."""
    tokens = {}
    for table in range(1, tables + 1):
        official.get_by_label("Table number").fill(str(table))
        press(official, "Issue the table's token")
        tokens[table] = official.locator("#issued code.token").inner_text()  # the desk again, below
    return tokens


def recorded(phone: Page, version: int) -> None:
    expect(phone.locator("#panel")).to_have_attribute("data-version", str(version))
    expect(phone.locator("#link")).to_have_text("Every entry is recorded.")


def calls_open(phone: Page) -> None:
    summary = phone.locator("summary", has_text="Calls:")
    if summary.locator("xpath=..").get_attribute("open") is None:
        summary.click()


def tap(phone: Page, event: Event) -> None:
    """One entry as the table taps it, the deal not entered (every card not yet played offered)."""
    kind = event["type"]
    if kind == "bid":
        expect(phone.locator("#turn")).to_have_text(f"{event['seat'].capitalize()} to bid")
        if event["bid"] == "pass":
            phone.get_by_role("button", name="Pass", exact=True).click()
        else:
            level, strain = event["bid"].split(" ", 1)
            phone.locator(f'.level[data-level="{level}"]').click()
            phone.locator(f'.kind[data-kind="{strain}"]').click()
    elif kind == "discard":
        phone.locator('.mode[data-mode="discard"]').click()  # the turn says declare; either comes first
        for card in event["cards"]:
            phone.locator(f'.offer[data-seat="any"] .card-pick[data-card="{card}"]').click()
        phone.get_by_role("button", name=re.compile("^Record the discard")).click()
    elif kind == "declare":
        phone.locator('.mode[data-mode="declare"]').click()
        name = event.get("trump") or f"no trump {event['direction']}"
        phone.get_by_role("button", name=name, exact=True).click()
    elif kind == "play":
        phone.locator(f'.seat-pick[data-seat="{event["seat"]}"]').click()
        phone.locator(f'.offer[data-seat="any"] .card-pick[data-card="{event["card"]}"]').click()
    elif kind == "concede":
        calls_open(phone)
        form = phone.locator('form[data-type="concede"]')
        form.get_by_label("Conceding").select_option(event["seat"])
        form.get_by_label("Agreed by (other team)").select_option(event["agreed_by"])
        form.get_by_role("button", name="Record the concession").click()
    else:
        raise AssertionError(f"no tap for {kind}")


def record_hand(phone: Page, events: list[Event]) -> int:
    """The entries tapped one by one on the recorder: the hand's version after them."""
    expect(phone.locator("#panel")).to_have_attribute("data-version", "0")
    phone.get_by_role("button", name="Skip the deal").click()
    for n, event in enumerate(events, start=1):
        tap(phone, event)
        recorded(phone, n)
    return len(events)


def record_result(phone: Page, taps: tuple[str, str, str, int]) -> None:
    """The hand by its result (who won the bid, the bid, its trump, the books taken, then record it),
    and both teams' agreement: six taps."""
    expect(phone.locator("#panel")).to_have_attribute("data-version", "0")
    for step, value in zip(("seat", "level", "kind", "books"), taps, strict=True):
        phone.locator(f'.result-pick[data-step="{step}"][data-value="{value}"]').click()
    phone.get_by_role("button", name="Record the result").click()
    recorded(phone, 1)
    phone.get_by_role("button", name="Both teams agree to this score").click()
    recorded(phone, 3)


def agree(phone: Page, version: int) -> None:
    """A player of each team agrees to the score: the hand may go on the sheet."""
    score = phone.locator(".score")
    for n, by in enumerate(("north", "east"), start=1):
        score.get_by_label("Confirming player").select_option(by)
        score.get_by_role("button", name="We agree").click()
        recorded(phone, version + n)


def open_next(phone: Page, number: int) -> None:
    """From the recorder back to the table, and the next hand opened there."""
    if "/console/record/" in phone.url:
        phone.get_by_role("link", name="Back to table").click()
        phone.wait_for_url("**/console/table?hand=*")
    if number == 1:  # the match's first dealer: the rulebook's draw, here won by north
        phone.get_by_role("radio", name=re.compile("^North")).check()
    phone.get_by_role("button", name=f"Open hand {number}").click()
    phone.wait_for_url("**/console/record/*")


def sign_at_table(phone: Page) -> None:
    for side in ("north-south", "east-west"):
        with phone.expect_navigation():
            phone.get_by_role("button", name=f"Sign for {side}").click()
        assert phone.locator("#refused").count() == 0, phone.locator("#refused").inner_text()


def unsigned(official: Page, base: str) -> list[str]:
    """The matches the desk lists as not signed yet, in its order."""
    official.goto(base)
    rows = official.locator("#sheets tbody tr").filter(has=official.locator(".status:not(.status-signed)"))
    return [r.locator("a").inner_text().removeprefix("Sheet ") for r in rows.all()]


def paper_sheet(official: Page, base: str, match: str, lines: list[str]) -> None:
    """A paper sheet's totals entered at the desk (its signatures are given at the table)."""
    official.goto(f"{base}/sheets/{match}")
    official.get_by_label("One hand a line").fill("\n".join(lines))
    press(official, "Enter the hands")


def key_values(page: Page, url: str, team: str, basis: list[str]) -> dict[str, str]:
    """The tournament page's standings row of ``team`` as shown: each ranking key's value."""
    page.goto(url)
    rows = page.locator("#standings table.standings-table").first.locator("tbody tr")
    row = rows.filter(has=page.locator("th .team-id", has_text=team))
    return dict(zip(basis, row.locator("td.key").all_inner_texts(), strict=True))


def team_of(hall: Console, tournament: str, side: str | list[str]) -> str:
    """A sheet's side as its team: the team itself, or the registered team of its two players."""
    if isinstance(side, str):
        return side
    teams = hall.get(f"/tournaments/{tournament}")["teams"]
    return next(t["team"] for t in teams if sorted(t["players"]) == sorted(side))


@dataclass(frozen=True)
class Rulebook:
    ruleset: str
    hands: int  # a match's hands
    totals: list[str]  # a paper sheet's column, the table's number added to the first line
    create: dict[str, str]  # the creation form's fields
    pasted: str  # the field, one team a line


DETROIT = Rulebook(
    "detroit",
    4,
    ["3 0", "0 2", "5 0", "0 4"],
    {"Rounds": "2"},
    "\n".join(f"Day Team {n}: D{n}a, D{n}b" for n in range(1, 9)),
)
ONTARIO = Rulebook(
    "ontario",
    8,
    ["3 0", "0 2", "5 0", "0 4", "2 0", "0 3", "4 0", "0 1"],
    {"Date": "2026-11-24", "Rounds": "2", "Games a session": "2"},
    "\n".join(f"Pair {n}: E{n}a, E{n}b" for n in range(1, 9)),
)


def column(book: Rulebook, table: int, game: int) -> list[str]:
    first_ns, first_ew = book.totals[0].split()
    return [f"{int(first_ns) + table + game} {first_ew}", *book.totals[1:]]


# ---------------------------------------------------------------- the day


def run_day(day: Day, hall: Console, book: Rulebook, name: str) -> str:
    official = day.official
    tournament = create(official, hall, book.ruleset, name, **book.create)
    base = f"{hall.url}/console/desk/{tournament}"
    wall = f"{hall.url}/console/tournaments/{tournament}"
    official.get_by_label("One team a line").fill(book.pasted)
    press(official, "Register the list")
    expect(official.locator("table.teams tbody tr")).to_have_count(8)
    tokens = issue_tokens(official, 4)
    accessible(official)  # the desk, with the token it has just shown
    for table, phone in day.keepers.items():
        sign_in(phone, hall.url, tokens[table], "/console/table")
        expect(phone.get_by_role("heading", level=1)).to_contain_text(f"Table {table}")
        expect(phone.get_by_text("No match at this table now")).to_be_visible()

    for game in (1, 2):
        official.goto(base)
        seat_round(official, game)
        for table, phone in day.keepers.items():  # each phone follows its tournament: no reload
            expect(phone.locator("#next-label")).to_have_text(f"{name}, R{game}-T{table}, hand 1")
            if (game, table) == (1, 1):
                table_one(day, hall, book, name, tournament, wall)
                continue
            paper_sheet(official, base, f"R{game}-T{table}", column(book, table, game))
            sign_at_table(phone)  # the sheet's hands reach the phone by themselves
            expect(phone.get_by_text("No match at this table now")).to_be_visible()  # signed: done
        assert unsigned(official, base) == []
    accessible(day.keepers[2])
    return tournament


def table_one(day: Day, hall: Console, book: Rulebook, name: str, tournament: str, wall: str) -> None:
    """Table 1's match on its phone: the quiet hands, then the renege, its call, claim and ruling."""
    phone, official = day.keepers[1], day.official
    for number in range(1, book.hands):  # by their results: all but the renege's hand
        open_next(phone, number)
        record_result(phone, result_taps(book.ruleset, SEATS[(number - 1) % 4], 10 * number))
    dealer = SEATS[(book.hands - 1) % 4]
    events, reneger, held = renege_hand(book.ruleset, dealer)
    open_next(phone, book.hands)
    hand_id = phone.url.rsplit("/", 1)[1]
    version = record_hand(phone, events)

    official.goto(f"{hall.url}/console/calls")  # signed in since the desk: the same session
    expect(official.locator("#live")).to_have_text("live")
    mine = official.locator(f'li.call[data-id^="{hand_id}@"]')
    expect(mine).to_have_count(0)
    calls_open(phone)
    call_renege_in_time(phone, reneger, mine)
    recorded(phone, version + 1)
    expect(mine).to_contain_text("Table 1")
    mine.get_by_role("button", name="Claim: on my way").click()
    expect(mine.locator(".status")).to_contain_text("is on the way")

    basis = hall.get(f"/tournaments/{tournament}/standings")["basis"]
    sheet = hall.get(f"/tournaments/{tournament}/matches/R1-T1")
    wronged = TEAM[OPPONENTS[reneger]]
    side = team_of(hall, tournament, sheet[wronged])  # (Ontario seats players, by pairs at first)
    before = key_values(official, wall, side, basis)  # the standings before the ruling

    official.goto(f"{hall.url}/console/calls")
    mine.get_by_role("link", name="Record the inspection").click()
    official.wait_for_url(f"**/console/record/{hand_id}")
    calls_open(official)
    inspection = official.locator('form[data-type="inspect"]')
    inspection.get_by_label("Seat inspected").select_option(reneger)
    inspection.get_by_label("Every card it holds").select_option(held)
    inspection.get_by_role("button", name="Record the inspection").click()
    recorded(official, version + 2)
    expect(official.locator(".rulings")).to_contain_text("established")
    official.goto(f"{hall.url}/console/calls")
    expect(official.locator(f'li.call[data-id^="{hand_id}@"]')).to_have_count(0)

    recorded(phone, version + 2)  # the inspection, from the official's laptop, reaches the phone
    agree(phone, version + 2)
    phone.get_by_role("link", name="Back to table 1").click()
    sign_at_table(phone)
    after = key_values(official, wall, side, basis)
    scored = hall.get(f"/hands/{hand_id}")["score"]
    assert scored["decided_by"] and scored["decided_by"].startswith("renege@"), scored
    sheet = hall.get(f"/tournaments/{tournament}/matches/R1-T1")
    assert sheet["status"] == "signed" and sheet["hands"][-1]["hand"] == hand_id, sheet
    assert sheet["hands"][-1]["points"] == scored["points"], sheet
    if "total_points" in basis:  # Bid Whist: the points of a match in progress count, so the hand's
        key, moved = "total_points", scored["points"][wronged]
    else:  # Ontario: a game counts once over: its differential, the hand's included, to each player
        totals = sheet["result"]["points"]  # of the side (a team's row adds its players', Ontario D.2)
        key, moved = "point_differential", 2 * (totals[wronged] - totals[TEAM[reneger]])
    assert int(after[key]) - int(before[key]) == moved != 0, (before, after, scored, sheet["result"])
    expect(official.locator("#time-to-ruling")).to_contain_text("1 call ruled")
    accessible(official)


def test_a_detroit_day_of_8_teams_runs_from_creation_to_medals_through_five_browsers(
    day: Day, hall: Console
) -> None:
    official = day.official
    tournament = run_day(day, hall, DETROIT, "Day Open")
    base = f"{hall.url}/console/desk/{tournament}"
    official.goto(base)
    seeds = official.get_by_label("Seeds, in order").input_value().split()[:4]
    official.get_by_label("Seeds, in order").fill(" ".join(seeds))
    official.locator("#seeds-reason").fill("a playoff of four")
    press(official, "Seed as written")
    expect(official.locator("#playoff .seeds")).to_have_text(" ".join(seeds))
    while matches := unsigned(official, base):
        for k, match in enumerate(matches, start=1):
            paper_sheet(official, base, match, column(DETROIT, k, 0))
            for side in ("north-south", "east-west"):
                press(official, f"Sign for {side}")
    official.goto(base)
    medals = hall.get(f"/tournaments/{tournament}/medals")
    assert medals["complete"], medals
    for place, team in medals["places"].items():
        expect(official.locator(f'#medals dd[data-place="{place}"]')).to_contain_text(team)


def test_an_ontario_day_of_16_players_runs_from_creation_to_medals_through_five_browsers(
    day: Day, hall: Console
) -> None:
    official = day.official
    tournament = run_day(day, hall, ONTARIO, "Day Euchre")
    assert len(hall.get(f"/tournaments/{tournament}")["players"]) == 16
    base = f"{hall.url}/console/desk/{tournament}"
    official.goto(base)
    settle_ties(official, hall, tournament, 3)
    medals = hall.get(f"/tournaments/{tournament}/medals")
    assert medals["complete"], medals
    for place, team in medals["places"].items():
        expect(official.locator(f'#medals dd[data-place="{place}"]')).to_contain_text(team)
