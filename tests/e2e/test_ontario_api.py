"""Issue 11, Ontario through the API: the standings at the end of day 1 and of day 2 (D.1, D.2)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from adjudicator.tournaments.simulate import run_ontario


def _create(client: FlaskClient, ruleset: str) -> str:
    reply = client.post("/tournaments", json={"ruleset": ruleset, "name": "Issue 11"})
    assert reply.status_code == 201, reply.get_json()
    tournament_id: str = reply.get_json()["id"]
    return tournament_id


def _post(client: FlaskClient, tournament_id: str, events: Any) -> Any:
    return client.post(f"/tournaments/{tournament_id}/events", json=events)


def _replayed(client: FlaskClient, log: list[dict[str, Any]]) -> str:
    tournament_id = _create(client, "ontario")
    for start in range(1, len(log), 200):  # at most 200 events a request
        setup = _post(client, tournament_id, log[start : start + 200])
        assert setup.status_code == 201, setup.get_json()
    return tournament_id


def test_the_day_standings_are_served_for_day_1_and_day_2(client: FlaskClient) -> None:
    director = run_ontario(players=8, seed=3, games=12)
    tournament_id = _replayed(client, director.log)
    reply = client.get(f"/tournaments/{tournament_id}/standings/days")
    assert reply.status_code == 200, reply.get_json()
    body = reply.get_json()
    assert reply.headers["ETag"] == f'"{body["version"]}"'
    assert [(d["day"], d["games"]) for d in body["days"]] == [(1, 12), (2, 24)]
    day1, day2 = body["days"]
    assert day1["complete"] and not day2["complete"]
    assert day1["standings"] == director.tournament.day_standings()[0]["standings"]
    assert day1["standings"]["players"], day1
    assert {"document": "ontario-55-bid-euchre.txt", "section": "D.2"} in day1["citations"]
    whole = client.get(f"/tournaments/{tournament_id}/standings").get_json()
    assert [r["team"] for r in day1["standings"]["rows"]] == [r["team"] for r in whole["rows"]]


def test_a_rulebook_without_days_serves_no_day_standings(client: FlaskClient) -> None:
    tournament_id = _create(client, "detroit")
    reply = client.get(f"/tournaments/{tournament_id}/standings/days")
    assert reply.status_code == 200
    assert reply.get_json() == {"version": 1, "days": []}


def test_the_day_standings_of_an_unknown_tournament_are_404(client: FlaskClient) -> None:
    reply = client.get("/tournaments/00000000-0000-4000-8000-000000000000/standings/days")
    assert reply.status_code == 404
