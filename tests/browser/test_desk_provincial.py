"""Ontario's provincial entry at the desk (issue 32), at a laptop's and a phone's width: a pair whose
players won a district's gold medal recorded on this server is taken without a declared title (the desk
links the names to their records); a pair with neither a recorded gold nor a declared title is refused
in words citing section B, and an official admits it with a reason."""

from __future__ import annotations

import uuid
from typing import Any

from playwright.sync_api import Page, expect

from adjudicator.simulation.tournaments import run_ontario
from tests.browser.conftest import Console, accessible, sign_in
from tests.browser.test_console_twice import caught_up


def _district(console: Console, tag: str) -> tuple[list[str], str]:
    """A district day played to its medals, its gold medal pair linked to two new records: their names,
    and the day's id."""
    day = run_ontario(players=8, seed=3, games=12)
    gold = day.tournament.medals()["places"]["gold"]
    winners = list(day.tournament.roster.teams[gold]["players"])
    names = [f"Ruth Gold {tag}", f"Sam Gold {tag}"]
    records = {
        p: console.post("/players", {"name": n, "district": "Windsor"})["player"]
        for p, n in zip(winners, names, strict=True)
    }
    linked: list[dict[str, Any]] = [
        {**e, "person": records[e["player"]]}
        if e["type"] == "player_registered" and e["player"] in records
        else e
        for e in day.log
    ]
    created = {k: v for k, v in linked[0].items() if k != "type"} | {"name": f"Windsor {tag}"}
    district = console.post("/tournaments", created)["id"]
    for start in range(1, len(linked), 200):
        console.post(f"/tournaments/{district}/events", linked[start : start + 200])
    caught_up(console)
    return names, str(district)


def _register(page: Page, team: str, first: str, second: str) -> None:
    page.get_by_label("Team name", exact=True).fill(team)
    page.get_by_label("First player", exact=True).fill(first)
    page.get_by_label("Second player", exact=True).fill(second)
    with page.expect_navigation():
        page.get_by_role("button", name="Register the team", exact=True).first.click()


def test_a_recorded_district_gold_qualifies_and_a_pair_without_one_is_refused_then_admitted(
    screen: Page, console: Console
) -> None:
    page, tag = screen, uuid.uuid4().hex[:6]
    (ruth, sam), district = _district(console, tag)
    body = {
        "ruleset": "ontario",
        "level": "provincial",
        "name": f"Provincials {tag}",
        "starts_at": "2099-08-20T09:00:00-04:00",
    }
    tournament = console.post("/tournaments", body)["id"]
    sign_in(page, console)
    page.goto(f"{console.url}/console/desk/{tournament}")
    _register(page, "Champions", ruth, sam)
    asking = page.locator("#asking")
    expect(asking).to_contain_text(f"Is this {ruth} of the Windsor district?")
    with page.expect_navigation():
        asking.get_by_role("button", name="Register the team").click()
    expect(page.locator("#refused")).to_have_count(0)
    expect(page.locator("#field")).to_contain_text("Champions")
    registered = console.get(f"/tournaments/{tournament}/events")["events"][-1]
    assert {f["district_gold"] for f in registered["declared"].values()} == {district}
    _register(page, "Newcomers", f"Nell New {tag}", f"Ned New {tag}")
    asking = page.locator("#asking")
    if asking.count():
        with page.expect_navigation():
            asking.get_by_role("button", name="Register the team").click()
    refused = page.locator("#refused")
    expect(refused).to_contain_text(
        f"Nell New {tag} declares no qualifying title, and no district gold medal of theirs is recorded "
        "on this server"
    )
    expect(refused).to_contain_text("ontario-55-bid-euchre.txt B")
    admit = page.get_by_role("button", name="Admit anyway")
    box = admit.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
    accessible(page, contrast=page.viewport_size == {"width": 390, "height": 844})
    page.get_by_label("Why the official admits it").fill(
        "Canada 55+ Games gold, 2023: the certificate was shown"
    )
    with page.expect_navigation():
        admit.click()
    expect(page.locator("#refused")).to_have_count(0)
    expect(page.locator("#field")).to_contain_text(f"Nell New {tag}")
    events = console.get(f"/tournaments/{tournament}/events")["events"]
    assert [e["type"] for e in events if e["type"] in ("entry_admitted", "team_registered")][-2:] == [
        "entry_admitted",
        "team_registered",
    ]
