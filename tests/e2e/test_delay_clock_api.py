"""The delay clock over the API and on the desk: Chicago's clock from sitting down forfeits the hand
once stopped at 5 minutes or more (the desk offers "Forfeit the hand" from then), and is not charged as
it runs; Cardtel's is charged as it runs, each step once; a rulebook without a clock, a clock said to
start later than now and a stop with no clock running are refused as problem+json in words, nothing
recorded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api.auth import COOKIE


def _seated(client: FlaskClient, ruleset: str) -> str:
    """A tournament of ``ruleset`` with Aces (north-south) and Kings (east-west) seated at table 1."""
    tournament = client.post("/tournaments", json={"ruleset": ruleset, "name": "Clocked"}).get_json()["id"]
    events: list[dict[str, Any]] = [
        {"type": "team_registered", "team": t, "name": t, "players": [f"{t} 1", f"{t} 2"]}
        for t in ("Aces", "Kings")
    ]
    tables = [{"table": 1, "north_south": "Aces", "east_west": "Kings"}]
    events.append({"type": "seating_overridden", "round": 1, "tables": tables, "reason": "the rotation"})
    answer = client.post(f"/tournaments/{tournament}/events", json=events)
    assert answer.status_code == 201, answer.get_json()
    return str(tournament)


def _ago(minutes: float) -> str:
    return (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat()


def _refused(client: FlaskClient, tournament: str, path: str, body: dict[str, Any], words: str) -> None:
    version = client.get(f"/tournaments/{tournament}").get_json()["version"]
    answer = client.post(f"/tournaments/{tournament}/matches/R1-T1/{path}", json=body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.content_type == "application/problem+json"
    assert words in answer.get_json()["detail"], answer.get_json()
    assert client.get(f"/tournaments/{tournament}").get_json()["version"] == version


def test_chicagos_clock_forfeits_the_hand_when_stopped_after_5_minutes(
    app: Flask, client: FlaskClient, official_token: str
) -> None:
    tournament = _seated(client, "chicago")
    assert (
        client.post(f"/tournaments/{tournament}/matches/R1-T1/clock", json={"team": "Kings"}).status_code
        == 201
    )
    assert client.post(f"/tournaments/{tournament}/matches/R1-T1/clock/stop", json={}).status_code == 201
    sheet = client.get(f"/tournaments/{tournament}/matches/R1-T1").get_json()
    assert sheet["hands"] == [] and sheet["rulings"] == []  # ready within 5 minutes: nothing charged

    started = client.post(
        f"/tournaments/{tournament}/matches/R1-T1/clock", json={"team": "Kings", "since": _ago(6)}
    )
    assert started.status_code == 201, started.get_json()
    (clock,) = client.get(f"/tournaments/{tournament}/clocks").get_json()["clocks"]
    assert clock["said"] == "Kings not ready 6 min after sitting down: they forfeit the hand to Aces", clock
    browser = app.test_client()
    browser.set_cookie(COOKIE, official_token)
    desk = browser.get(f"/console/desk/{tournament}").get_data(as_text=True)
    assert 'data-from="5">Forfeit the hand to Aces</button>' in desk
    _refused(client, tournament, "clock/charge", {}, "forfeit the hand once: stop the clock to charge it")

    assert client.post(f"/tournaments/{tournament}/matches/R1-T1/clock/stop", json={}).status_code == 201
    sheet = client.get(f"/tournaments/{tournament}/matches/R1-T1").get_json()
    assert [h["points"] for h in sheet["hands"]] == [{"north_south": 0, "east_west": 0}]
    assert sheet["result"]["hands_won"]["north_south"] == 1
    assert "forfeits the hand" in sheet["rulings"][0]["detail"]
    _refused(client, tournament, "clock/stop", {}, "no team is on the clock at table 1")


def test_cardtels_clock_is_charged_as_it_runs_each_step_once(client: FlaskClient) -> None:
    tournament = _seated(client, "cardtel")
    since = {"team": "Kings", "since": _ago(8)}
    assert client.post(f"/tournaments/{tournament}/matches/R1-T1/clock", json=since).status_code == 201
    for _ in range(2):  # charged twice at 8 minutes: the two steps reached, once
        assert (
            client.post(f"/tournaments/{tournament}/matches/R1-T1/clock/charge", json={}).status_code == 201
        )
    sheet = client.get(f"/tournaments/{tournament}/matches/R1-T1").get_json()
    assert sheet["result"]["points"]["north_south"] == 6 and len(sheet["hands"]) == 2, sheet["result"]
    (clock,) = client.get(f"/tournaments/{tournament}/clocks").get_json()["clocks"]
    assert clock["said"] == "Kings late 8 min: 6 points to Aces so far, next step at 12 min", clock


def test_refused_a_clock_the_rulebook_lacks_or_that_starts_later_than_now(client: FlaskClient) -> None:
    texas = _seated(client, "texas")
    _refused(
        client,
        texas,
        "clock",
        {"team": "Kings"},
        "Texas Bid Whist Alliance Standard Rules of Play run no delay clock",
    )
    cardtel = _seated(client, "cardtel")
    later = (datetime.now(UTC) + timedelta(minutes=10)).isoformat()
    _refused(
        client, cardtel, "clock", {"team": "Kings", "since": later}, "cannot have started later than now"
    )
