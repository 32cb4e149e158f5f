"""Who may enter, and until when, over REST and at the desk (issue 32): a refused entry is a
problem+json citing its section, nothing recorded; an official's admission is recorded with the
registration; the desk says the refusal in words and offers "Admit anyway" with a reason."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.test_console_desk_forms import signed_in

OLD = {"birth_date": "1950-01-01", "senior_olympics_registered": "2026-05-01"}


def _detroit(client: FlaskClient, starts_at: str) -> str:
    created = client.post(
        "/tournaments", json={"ruleset": "detroit", "name": "Senior Day", "starts_at": starts_at}
    )
    assert created.status_code == 201, created.get_json()
    return str(created.get_json()["id"])


def _team(team: str, **first: str) -> dict[str, Any]:
    return {
        "type": "team_registered",
        "team": team,
        "players": [f"{team} one", f"{team} two"],
        "declared": {f"{team} one": {**OLD, **first}, f"{team} two": OLD},
    }


def test_an_entry_after_the_close_is_refused_citing_its_section_and_an_admission_records_it(
    client: FlaskClient,
) -> None:
    tournament = _detroit(client, "2026-01-10T10:00:00-05:00")  # long past: registration has closed
    refused = client.post(f"/tournaments/{tournament}/events", json=_team("Aces"))
    assert refused.status_code == 422
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    problem = refused.get_json()
    assert "registration closed 15 minutes after the start" in problem["detail"]
    assert {"document": "detroit-senior-olympics-bid-whist.txt", "section": "I Registration"} in problem[
        "citations"
    ]
    assert client.get(f"/tournaments/{tournament}").get_json()["teams"] == []
    admitted = client.post(
        f"/tournaments/{tournament}/events",
        json=[
            {"type": "entry_admitted", "team": "Aces", "reason": "the bus was late", "by": "Chief"},
            _team("Aces"),
        ],
    )
    assert admitted.status_code == 201, admitted.get_json()
    log = client.get(f"/tournaments/{tournament}/events").get_json()
    assert [e["type"] for e in log["events"]][-2:] == ["entry_admitted", "team_registered"]


def test_an_ineligible_player_is_refused_in_words_citing_the_rulebook(client: FlaskClient) -> None:
    tournament = _detroit(client, "2099-05-16T10:00:00-04:00")
    refused = client.post(f"/tournaments/{tournament}/events", json=_team("Aces", birth_date="2060-01-01"))
    assert refused.status_code == 422
    problem = refused.get_json()
    assert "Aces one is 39 on 16 May 2099: a player must be over 50 years of age" in problem["detail"]
    assert problem["citations"][0] == {"document": "detroit-senior-olympics-bid-whist.txt", "section": "II.a"}
    bad = client.post(f"/tournaments/{tournament}/events", json=_team("Aces", birth_date="16 May 1950"))
    assert bad.status_code == 422 and "birth_date" in str(bad.get_json())
    assert client.post(f"/tournaments/{tournament}/events", json=_team("Aces")).status_code == 201


def test_a_start_time_is_recorded_with_its_offset_and_refused_without(client: FlaskClient) -> None:
    refused = client.post("/tournaments", json={"ruleset": "detroit", "starts_at": "2026-05-16T10:00"})
    assert refused.status_code == 422 and "offset" in str(refused.get_json())
    tournament = _detroit(client, "2026-05-16T10:00:00-04:00")
    created = client.get(f"/tournaments/{tournament}/events").get_json()["events"][0]
    assert created["starts_at"] == "2026-05-16T10:00:00-04:00"


def test_the_desk_says_the_refusal_and_the_official_admits_anyway(app: Flask, client: FlaskClient) -> None:
    browser, csrf = signed_in(app)
    created = browser.post(
        "/console/desk/new",
        data={
            "ruleset": "detroit",
            "name": "Desk Day",
            "date": "2026-01-10",
            "start_time": "10:00",
            "csrf": csrf,
        },
    )
    assert created.status_code == 303, created.get_data(as_text=True)
    tournament = created.headers["Location"].split("/console/desk/")[1]
    assert (
        client.get(f"/tournaments/{tournament}/events")
        .get_json()["events"][0]["starts_at"]
        .startswith("2026-01-10T10:00")
    )
    form = {"name": "Aces", "player1": "Ann", "player2": "Al", "number": "1", "csrf": csrf}
    form |= {"p1_born": "1950-01-01", "p1_so": "2026-01-02", "p2_born": "1950-02-02", "p2_so": "2026-01-02"}
    refused = browser.post(f"/console/desk/{tournament}/teams", data=form)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 200
    assert "Registration closed 15 minutes after the start" in page and "Admit anyway" in page
    assert client.get(f"/tournaments/{tournament}").get_json()["teams"] == []
    kept = dict(
        re.findall(r'<input type="hidden" name="(p\d_\w+|player\d|name|number)" value="([^"]*)"', page)
    )
    assert kept["player1"] == "Ann" and kept["p2_born"] == "1950-02-02"
    admitted = browser.post(
        f"/console/desk/{tournament}/teams",
        data={**kept, "admit_reason": "the road was closed", "csrf": csrf},
    )
    assert admitted.status_code == 303, re.findall(r"Not recorded[^<]*", admitted.get_data(as_text=True))
    events = client.get(f"/tournaments/{tournament}/events").get_json()["events"]
    assert events[-2] == {"type": "entry_admitted", "team": "T01", "reason": "the road was closed"} | {
        k: v for k, v in events[-2].items() if k not in ("type", "team", "reason")
    }
    assert events[-1]["declared"]["Al"] == {
        "birth_date": "1950-02-02",
        "senior_olympics_registered": "2026-01-02",
    }
