"""Issue 11, Ontario through the API: the standings at the end of day 1 and of day 2 (D.1, D.2), and
the dealer of each hand on a game's sheet, the deal passing to the left (C.1)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_euchre_hand
from adjudicator.simulation.tournaments import Director, run_ontario


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


def _seated(client: FlaskClient) -> str:
    """An Ontario tournament of four pairs, round 1 seated."""
    director = Director(7)
    director.record({"type": "tournament_created", "ruleset": "ontario", "name": "Issue 11"})
    for team in "ABCD":
        players = [f"{team.lower()}1", f"{team.lower()}2"]
        for player in players:
            director.record({"type": "player_registered", "player": player})
        director.record({"type": "team_registered", "team": team, "players": players})
    director.seat_next_round()
    return _replayed(client, director.log)


def _final_hand(client: FlaskClient, dealer: str, seed: int) -> str:
    """A stored Ontario hand dealt by ``dealer``, played to its final score."""
    for attempt in range(seed, seed + 50):
        events = random_euchre_hand(attempt, dealer)  # type: ignore[arg-type]
        if adjudicate("ontario", dealer, events).score["final"]:  # type: ignore[arg-type]
            break
    opened = client.post("/hands", json={"ruleset": "ontario", "dealer": dealer})
    assert opened.status_code == 201, opened.get_json()
    hand_id: str = opened.get_json()["id"]
    recorded = client.post(f"/hands/{hand_id}/events", json=events)
    assert recorded.status_code == 201, recorded.get_json()
    return hand_id


def test_a_linked_hand_records_its_dealer_and_a_deal_out_of_turn_stands_as_a_ruling(
    client: FlaskClient,
) -> None:
    tournament_id = _seated(client)
    link = f"/tournaments/{tournament_id}/matches/R1-T1/hands"
    for n, dealer in enumerate(("north", "east", "west"), start=1):  # west dealt south's turn
        reply = client.post(link, json={"hand": _final_hand(client, dealer, 100 * n)})
        assert reply.status_code == 201, reply.get_json()
        assert reply.get_json()["events"][0]["dealer"] == dealer
    sheet = client.get(f"/tournaments/{tournament_id}/matches/R1-T1").get_json()
    assert [h["dealer"] for h in sheet["hands"]] == ["north", "east", "west"]
    assert sheet["deal"]["dealt"] == {"north": 1, "east": 1, "south": 0, "west": 1}
    assert sheet["deal"]["next"] == "west" and sheet["deal"]["per_player"] == 2
    (ruling,) = [r for r in sheet["rulings"] if r["kind"] == "deal_out_of_turn"]
    assert (ruling["dealer"], ruling["rightful"]) == ("west", "south")
    assert {"document": "ontario-55-bid-euchre.txt", "section": "C.1"} in ruling["citations"]


def test_a_dealer_that_is_not_a_seat_is_refused(client: FlaskClient) -> None:
    tournament_id = _seated(client)
    event = {"type": "hand_scored", "match": "R1-T1", "hand": "h1", "dealer": "middle"}
    event["score"] = {"points": {"north_south": 5, "east_west": 3}}
    reply = _post(client, tournament_id, event)
    assert reply.status_code == 422
