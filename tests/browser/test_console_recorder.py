"""A scorekeeper records a hand at the table on a phone: the deal tapped card by card, the bids, the
cards as they fall with the connection cut for a while, a renege and its call, the other team's
confirmation; and the stored hand is the one the same events make over REST."""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_euchre_hand, random_hand, reneging_hand
from tests.browser.conftest import Console, accessible, issue

TOURNAMENT = str(uuid.uuid4())
SEATS = ("north", "east", "south", "west")
OPPONENTS = {"north": "east", "south": "east", "east": "north", "west": "north"}


@pytest.fixture(scope="module")
def keeper(console: Console) -> str:
    """A scorekeeper's token for table 3, from the real CLI on the console's store."""
    scope = ("--tournament", TOURNAMENT, "--table", "3")
    return issue(console, "scorekeeper", f"Table 3 {time.monotonic_ns()}", *scope)


def _api(console: Console, token: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"{console.url}{path}",
        data,
        {"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method=method,
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _rest(console: Console, token: str, events: list[dict[str, Any]]) -> str:
    """The same hand posted over REST: its id."""
    opened = _api(console, token, "POST", "/hands", {"ruleset": "texas", "dealer": "north"})
    _api(console, token, "POST", f"/hands/{opened['id']}/events", events)
    return str(opened["id"])


def _sign_in(page: Page, console: Console, token: str) -> None:
    page.goto(f"{console.url}/console/sign-in?next=/console/record")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Record a hand")


def _open(page: Page, label: str) -> str:
    page.get_by_label("Rulebook").select_option("texas")
    page.get_by_label("Dealer").select_option("north")
    page.get_by_label("Label (table, board)").fill(label)
    page.get_by_role("button", name="Open the hand").click()
    expect(page).to_have_url(re.compile(r"/console/record/[0-9a-f-]{36}$"))
    return page.url.rsplit("/", 1)[1]


def _reneges(events: list[dict[str, Any]]) -> int:
    return sum(r.kind == "renege" for r in adjudicate("texas", "north", events).rulings)


def _complete(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hand played out from where ``events`` stop, every later card following suit where it can."""
    events = list(events)
    while True:
        table = adjudicate("texas", "north", events)
        turn = table.state["turn"]
        if turn is None:
            return events
        seat = turn["seat"]
        before = _reneges(events)
        for card in table.state["hands"][seat]:
            play = {"type": "play", "seat": seat, "card": card}
            if _reneges([*events, play]) == before:
                events.append(play)
                break


def _tap(page: Page, event: dict[str, Any], seat_first: bool = False) -> None:
    """One entry, tapped as a scorekeeper taps it."""
    kind = event["type"]
    if kind == "deal":
        for place in (*SEATS, "kitty"):
            page.locator(f'.target[data-target="{place}"]').click()
            cards = event["kitty"] if place == "kitty" else event["hands"][place]
            for card in cards:
                page.locator(f'#deal .deal-card[data-card="{card}"]').click()
            expect(page.locator(f'.target[data-target="{place}"] .count')).to_have_text(str(len(cards)))
        page.get_by_role("button", name="Record the deal").click()
        return
    if seat_first:
        page.locator(f'.seat-pick[data-seat="{event["seat"]}"]').click()
    if kind == "bid":
        expect(page.locator("#turn")).to_have_text(f"{event['seat'].capitalize()} to bid")
        if event["bid"] == "pass":
            page.get_by_role("button", name="Pass", exact=True).click()
        else:
            level, strain = event["bid"].split(" ", 1)
            page.locator(f'.level[data-level="{level}"]').click()
            page.locator(f'.kind[data-kind="{strain}"]').click()
    elif kind == "discard":
        for card in event["cards"]:
            page.locator(f'.offer[data-seat="{event["seat"]}"] .card-pick[data-card="{card}"]').click()
        page.get_by_role("button", name=re.compile("Record the discard")).click()
    elif kind == "declare":
        name = event.get("trump") or f"no trump {event['direction']}"
        page.get_by_role("button", name=name, exact=True).click()
    elif kind == "play":
        if not seat_first:
            expect(page.locator("#turn")).to_have_text(f"{event['seat'].capitalize()} to play")
        page.locator(f'.offer[data-seat="{event["seat"]}"] .card-pick[data-card="{event["card"]}"]').click()
    else:
        raise AssertionError(f"no tap for {kind}")


def _recorded(page: Page, version: int) -> None:
    expect(page.locator("#panel")).to_have_attribute("data-version", str(version))
    expect(page.locator("#link")).to_have_text("Every entry is recorded.")


def _stored(console: Console, hand_id: str) -> tuple[list[dict[str, Any]], Any, Any]:
    events = _api(console, console.token, "GET", f"/hands/{hand_id}/events")["events"]
    bare = [{k: v for k, v in e.items() if k not in ("id", "recorded_at", "author")} for e in events]
    rulings = _api(console, console.token, "GET", f"/hands/{hand_id}/rulings")["rulings"]
    score = _api(console, console.token, "GET", f"/hands/{hand_id}/score")
    return bare, rulings, score


def test_a_scorekeeper_records_a_whole_hand_on_a_phone_through_a_dropped_connection(
    phone: Page, console: Console, keeper: str
) -> None:
    renege = reneging_hand(1, "texas", "north")
    renege[0] = {k: v for k, v in renege[0].items() if k != "kitty_positions"}  # not known at the table
    played = _complete(renege)
    _sign_in(phone, console, keeper)
    accessible(phone)
    hand_id = _open(phone, "Table 3, board 9")
    accessible(phone)

    offline = range(20, 27)  # from the middle of a book to the middle of the next
    for n, event in enumerate(played, start=1):
        if n == offline.start:
            phone.context.set_offline(True)
        if n == offline.stop:
            phone.context.set_offline(False)
            _recorded(phone, n - 1)
        _tap(phone, event, seat_first=n in offline)
        if n in offline:
            expect(phone.locator("#unsent li")).to_have_count(n - offline.start + 1)
            expect(phone.locator("#link")).to_contain_text("Offline")
            continue
        _recorded(phone, n)
        if n == len(renege):  # the table's own scorekeeper is not told of a renege nobody has called
            expect(phone.locator(".rulings li")).to_have_count(0)
            expect(phone.locator("#panel")).not_to_contain_text("not yet called")
    reneger = adjudicate("texas", "north", renege).rulings[0].seat
    call = {"type": "renege_call", "by": OPPONENTS[reneger], "against": reneger}
    phone.get_by_text("Calls: renege").click()
    form = phone.locator('form[data-type="renege_call"]')
    form.get_by_label("Called by").select_option(call["by"])
    form.get_by_label("Against").select_option(call["against"])
    form.get_by_role("button", name="Call a renege").click()
    _recorded(phone, len(played) + 1)
    called = re.compile(r"^Renege by \w+, called by \w+, established: ")
    established = phone.locator(".rulings li").filter(has_text=called)
    expect(established).to_have_count(1)

    score = phone.locator(".score")
    expect(score.get_by_role("heading", name="The score")).to_be_visible()
    confirm = {"type": "score_confirmation", "by": OPPONENTS[OPPONENTS[reneger]], "verdict": "agreed"}
    score.get_by_label("Confirming player").select_option(confirm["by"])
    score.get_by_role("button", name="We agree").click()
    _recorded(phone, len(played) + 2)
    expect(phone.locator(".confirmed-agreed")).to_contain_text("agreed to the score")
    accessible(phone)

    same = _rest(console, console.token, [*played, call, confirm])
    mine, theirs = _stored(console, hand_id), _stored(console, same)
    assert mine[0] == theirs[0]
    assert mine[1] == theirs[1]
    assert mine[2] == theirs[2]
    assert [r["status"] for r in mine[1] if r["kind"] == "renege"] == ["established"]
    ids = [e.get("id") for e in _api(console, console.token, "GET", f"/hands/{hand_id}/events")["events"]]
    assert all(ids) and len(set(ids)) == len(ids)  # every entry sent once, under its own id


def _opened_with(console: Console, page: Page, keeper: str, events: list[dict[str, Any]]) -> str:
    """A hand the scorekeeper opened and recorded over REST, then opened on the recorder."""
    hand_id = _rest(console, keeper, events)
    page.goto(f"{console.url}/console/record/{hand_id}")
    expect(page.locator("#panel")).to_have_attribute("data-version", str(len(events)))
    return hand_id


def test_an_impossible_entry_is_refused_with_the_engines_words(
    phone: Page, console: Console, keeper: str
) -> None:
    played = random_hand(5, "texas", "north")
    _sign_in(phone, console, keeper)
    hand_id = _opened_with(console, phone, keeper, played[:8])  # the first card is on the table
    leader = played[7]["seat"]
    _tap(phone, played[8])
    _recorded(phone, 9)
    again = next(e for e in played[9:] if e["type"] == "play" and e["seat"] == leader)
    _tap(phone, again, seat_first=True)  # the leader again, before the book is done
    expect(phone.get_by_role("alert")).to_contain_text(f"{leader.capitalize()} has already played to book 1")
    expect(phone.locator("#link")).to_have_text("Every entry is recorded.")
    assert _api(console, keeper, "GET", f"/hands/{hand_id}")["version"] == 9
    accessible(phone)


def test_undo_takes_back_an_entry_not_yet_sent_and_a_sent_one_needs_an_official(
    phone: Page, console: Console, keeper: str
) -> None:
    played = random_hand(6, "texas", "north")
    _sign_in(phone, console, keeper)
    hand_id = _opened_with(console, phone, keeper, played[:8])
    phone.context.set_offline(True)
    _tap(phone, played[8], seat_first=True)
    expect(phone.locator("#unsent li")).to_have_count(1)
    phone.get_by_role("button", name="Undo the last entry").click()
    expect(phone.locator("#unsent li")).to_have_count(0)
    expect(phone.locator("#notice")).to_contain_text("It was never sent")
    phone.context.set_offline(False)
    _tap(phone, played[8])
    _recorded(phone, 9)
    phone.get_by_role("button", name="Undo the last entry").click()
    expect(phone.locator("#notice")).to_contain_text("Ask the official for a correction")
    events = _api(console, keeper, "GET", f"/hands/{hand_id}/events")["events"]
    assert [e["card"] for e in events[7:]] == [played[7]["card"], played[8]["card"]]


def test_the_other_team_disputes_the_score_and_an_official_finds_the_dispute(
    page: Page, console: Console, keeper: str
) -> None:
    played = random_hand(7, "texas", "north")
    _sign_in(page, console, keeper)
    hand_id = _opened_with(console, page, keeper, played)
    score = page.locator(".score")
    expect(score.get_by_role("row")).to_have_count(3)
    accessible(page)
    score.get_by_label("Confirming player").select_option("east")
    score.get_by_label("If you dispute it: what is wrong").fill("we took the last book")
    score.get_by_role("button", name="We dispute it").click()
    _recorded(page, len(played) + 1)
    expect(page.locator(".confirmed-disputed")).to_contain_text("we took the last book")
    expect(page.locator(".rulings li strong")).to_have_text(
        "Score dispute by East: waiting for the official's ruling."
    )
    summary = _api(console, console.token, "GET", f"/hands/{hand_id}")
    assert summary["rulings"]["pending"] == 1
    finding = {"type": "finding", "call": len(played) + 1, "finding": "dismissed"}
    _api(console, console.token, "POST", f"/hands/{hand_id}/events", [finding, {"type": "close"}])
    page.reload()
    expect(page.locator(".rulings li strong")).to_have_text("Score dispute by East: dismissed.")
    expect(page.locator("form.confirm")).to_have_count(0)


def test_opening_a_hand_needs_a_credential_and_reads_well_at_laptop_width(
    page: Page, console: Console, keeper: str
) -> None:
    page.goto(f"{console.url}/console/record")
    expect(page.get_by_role("status")).to_contain_text("needs a credential")
    page.get_by_label("Token").fill(keeper)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Record a hand")
    accessible(page)
    _open(page, "Table 3, board 10")
    expect(page.get_by_role("heading", name="The deal")).to_be_visible()
    accessible(page)
    for card in ("AS", "KS"):
        page.locator(f'#deal .deal-card[data-card="{card}"]').click()
    page.reload()  # the taps so far are kept in the browser
    expect(page.locator('.target[data-target="north"] .count')).to_have_text("2")
    expect(page.locator('#deal .deal-card[data-card="KS"]')).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Skip the deal").click()
    expect(page.locator("#deal")).to_be_hidden()
    expect(page.locator("#turn")).to_have_text("East to bid")
    page.get_by_role("button", name="Pass", exact=True).click()
    _recorded(page, 1)
    expect(page.locator(".recent li")).to_have_text("East bids pass")


def test_a_bid_euchre_hand_offers_its_own_deal_and_bids(phone: Page, console: Console, keeper: str) -> None:
    _sign_in(phone, console, keeper)
    phone.get_by_label("Rulebook").select_option("ontario")
    phone.get_by_role("button", name="Open the hand").click()
    expect(phone.locator("#deal .target")).to_have_count(4)  # no kitty: 8 cards a seat
    expect(phone.locator('.target[data-target="north"]')).to_contain_text("0/8")
    phone.get_by_role("button", name="Skip the deal").click()
    bids = phone.locator('[data-mode-panel="bid"]')  # the result's taps above offer the calls too
    expect(bids.get_by_role("button", name="call for two")).to_be_visible()
    phone.locator('.level[data-level="3"]').click()
    phone.locator('.kind[data-kind="hearts"]').click()
    _recorded(phone, 1)
    expect(phone.locator(".recent li")).to_have_text("East bids 3 hearts")
    accessible(phone)


def _refused_then_held(phone: Page, console: Console, keeper: str, seed: int) -> tuple[str, list[Any]]:
    """Offline, the leader again (the service will refuse it) then the next seat's card (entered on
    the table as it stood after that); back online: the hand's id and its events."""
    played = random_hand(seed, "texas", "north")
    _sign_in(phone, console, keeper)
    hand_id = _opened_with(console, phone, keeper, played[:8])  # the first card is on the table
    leader = played[7]["seat"]
    again = next(e for e in played[9:] if e["type"] == "play" and e["seat"] == leader)
    phone.context.set_offline(True)
    _tap(phone, again, seat_first=True)
    _tap(phone, played[8], seat_first=True)
    expect(phone.locator("#unsent li")).to_have_count(2)
    phone.context.set_offline(False)
    expect(phone.get_by_role("alert")).to_contain_text(f"{leader.capitalize()} has already played to book 1")
    expect(phone.locator("#link")).to_contain_text("Held: 1 not sent")
    return hand_id, played


def test_entries_taken_after_a_refused_one_are_held_until_the_scorekeeper_decides(
    phone: Page, console: Console, keeper: str
) -> None:
    hand_id, played = _refused_then_held(phone, console, keeper, 8)
    expect(phone.locator("#unsent li")).to_have_count(1)
    assert _api(console, keeper, "GET", f"/hands/{hand_id}")["version"] == 8  # nothing after it was sent
    accessible(phone)
    phone.reload()  # the hold outlives the page
    expect(phone.locator("#link")).to_contain_text("Held: 1 not sent")
    phone.get_by_role("button", name="Send the held entries").click()
    _recorded(phone, 9)
    events = _api(console, keeper, "GET", f"/hands/{hand_id}/events")["events"]
    assert events[-1]["card"] == played[8]["card"]


def test_held_entries_can_be_discarded_unsent(phone: Page, console: Console, keeper: str) -> None:
    hand_id, _ = _refused_then_held(phone, console, keeper, 9)
    phone.get_by_role("button", name="Discard the held entries").click()
    expect(phone.locator("#notice")).to_contain_text("Discarded: 1 entry, never sent.")
    _recorded(phone, 8)
    assert _api(console, keeper, "GET", f"/hands/{hand_id}")["version"] == 8


def test_a_bid_euchre_exchange_is_tapped_in_the_bidder_and_partner_hands(
    phone: Page, console: Console, keeper: str
) -> None:
    played = random_euchre_hand(49)  # west calls for two: passes KS QD, takes AD AH
    at = next(n for n, event in enumerate(played) if event["type"] == "exchange")
    exchange = played[at]
    _sign_in(phone, console, keeper)
    opened = _api(console, keeper, "POST", "/hands", {"ruleset": "ontario", "dealer": "north"})
    _api(console, keeper, "POST", f"/hands/{opened['id']}/events", played[:at])
    phone.goto(f"{console.url}/console/record/{opened['id']}")
    expect(phone.locator("#panel")).to_have_attribute("data-version", str(at))
    phone.locator('.seat-pick[data-seat="west"]').click()
    phone.locator('.mode[data-mode="exchange"]').click()
    bidder = phone.get_by_role("group", name="West's cards")
    partner = phone.get_by_role("group", name="East's cards")
    expect(partner).to_be_visible()
    for card in exchange["discards"]:
        bidder.locator(f'.card-pick[data-card="{card}"]').click()
    for card in exchange["receives"]:
        partner.locator(f'.card-pick[data-card="{card}"]').click()
    expect(phone.locator("#record-exchange")).to_have_text("Record the exchange (2 passed, 2 taken)")
    accessible(phone)
    phone.locator("#record-exchange").click()
    _recorded(phone, at + 1)
    stored = _api(console, keeper, "GET", f"/hands/{opened['id']}/events")["events"][-1]
    assert {k: stored[k] for k in ("type", "seat", "discards", "receives")} == exchange


def test_an_entry_made_elsewhere_shows_on_the_phone_but_not_over_a_half_made_entry(
    phone: Page, console: Console, keeper: str
) -> None:
    """Another device records on the phone's hand (here over REST): the phone's panel follows without
    a reload; while a call is being filled in on it, it keeps the call and says the hand moved."""
    played = random_hand(6, "texas", "north")
    _sign_in(phone, console, keeper)
    hand_id = _opened_with(console, phone, keeper, played[:8])
    _api(console, keeper, "POST", f"/hands/{hand_id}/events", played[8:9])
    _recorded(phone, 9)
    expect(phone.locator("#elsewhere")).to_be_hidden()
    phone.locator("summary", has_text="Calls:").click()
    form = phone.locator('form[data-type="renege_call"]')
    form.get_by_label("Called by").select_option("west")  # a call being filled in, not sent
    _api(console, keeper, "POST", f"/hands/{hand_id}/events", played[9:10])
    expect(phone.locator("#elsewhere")).to_contain_text("Recorded elsewhere")
    expect(form.get_by_label("Called by")).to_have_value("west")
    expect(phone.locator("#panel")).to_have_attribute("data-version", "9")
    phone.get_by_role("button", name="refresh").click()
    _recorded(phone, 10)
    expect(phone.locator("#elsewhere")).to_be_hidden()
    accessible(phone)
