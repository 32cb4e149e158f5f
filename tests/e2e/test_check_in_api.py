"""Check-in and the board's setting over REST (``checkInTeam``, ``setBoard``), a tournament's date
at its creation, and the desk's forms for both: officials only, refused in words, nothing half-written."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import client_as, token
from tests.e2e.test_console_desk_forms import signed_in


def _field(client: FlaskClient, teams: int = 3, **settings: str) -> str:
    created = client.post("/tournaments", json={"ruleset": "texas", "name": "Hall Open", **settings})
    assert created.status_code == 201, created.get_json()
    tournament: str = created.get_json()["id"]
    field = [
        {"type": "team_registered", "team": f"T{n}", "players": [f"a{n}", f"b{n}"]}
        for n in range(1, teams + 1)
    ]
    assert client.post(f"/tournaments/{tournament}/events", json=field).status_code == 201
    return tournament


def test_a_tournament_is_created_with_its_date_and_shown_with_it(app: Flask, client: FlaskClient) -> None:
    tournament = _field(client, date="2026-11-24")
    assert client.get(f"/tournaments/{tournament}").get_json()["date"] == "2026-11-24"
    refused = client.post("/tournaments", json={"ruleset": "texas", "date": "24 Nov"})
    assert refused.status_code == 422
    browser, _ = signed_in(app)
    page = browser.get(f"/console/tournaments/{tournament}").get_data(as_text=True)
    assert "Tuesday 24 November 2026" in page


def test_a_team_checks_in_once_and_the_proposal_names_the_others(app: Flask, client: FlaskClient) -> None:
    tournament = _field(client)
    answer = client.post(f"/tournaments/{tournament}/check-ins", json={"team": "T2", "by": "Chief"})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["events"] == [{"type": "team_checked_in", "team": "T2", "by": "Chief"}]
    again = client.post(f"/tournaments/{tournament}/check-ins", json={"team": "T2"})
    assert again.status_code == 422 and "already checked in" in again.get_json()["detail"]
    assert client.get(f"/tournaments/{tournament}/proposal").get_json()["not_checked_in"] == ["T1", "T3"]
    scorekeeper = client_as(app, token(app, "scorekeeper", "Table 1"))
    assert scorekeeper.post(f"/tournaments/{tournament}/check-ins", json={"team": "T1"}).status_code == 403
    assert scorekeeper.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 403
    made = client.post(f"/tournaments/{tournament}/board", json={"public": True})
    assert made.status_code == 201 and client.get(f"/tournaments/{tournament}").get_json()["board_public"]


def test_the_desk_checks_a_team_in_and_creates_a_dated_tournament(app: Flask, client: FlaskClient) -> None:
    browser, csrf = signed_in(app)
    created = browser.post(
        "/console/desk/new", data={"ruleset": "texas", "name": "Desk Day", "date": "2026-11-24", "csrf": csrf}
    )
    assert created.status_code == 303, created.get_data(as_text=True)
    tournament = created.headers["Location"].split("/console/desk/")[1]
    state = client.get(f"/tournaments/{tournament}").get_json()
    assert (state["name"], state["date"]) == ("Desk Day", "2026-11-24")
    browser.post(f"/console/desk/{tournament}/teams", data={"pasted": "A: a1, a2\nB: b1, b2", "csrf": csrf})
    answer = browser.post(f"/console/desk/{tournament}/check-ins", data={"team": "T01", "csrf": csrf})
    assert answer.status_code == 303, re.findall(r"Not recorded[^<]*", answer.get_data(as_text=True))
    assert client.get(f"/tournaments/{tournament}").get_json()["checked_in"] == ["T01"]
    page = browser.get(f"/console/desk/{tournament}").get_data(as_text=True)
    assert "Not checked in yet: T02." in page and "checked in" in page
    refused = browser.post(f"/console/desk/{tournament}/check-ins", data={"team": "T01", "csrf": csrf})
    assert refused.status_code == 200 and "already checked in" in refused.get_data(as_text=True)


def test_the_desk_makes_the_board_public_and_private_again(app: Flask, client: FlaskClient) -> None:
    tournament = _field(client, teams=4)  # an odd field's bye breaks the desk's override form (h-desk)
    browser, csrf = signed_in(app)
    assert "Make the board public" in browser.get(f"/console/desk/{tournament}").get_data(as_text=True)
    for public in (True, False):
        answer = browser.post(
            f"/console/desk/{tournament}/board", data={"public": str(public).lower(), "csrf": csrf}
        )
        assert answer.status_code == 303, re.findall(r"Not recorded[^<]*", answer.get_data(as_text=True))
        assert client.get(f"/tournaments/{tournament}").get_json()["board_public"] is public
