"""A playoff match called to a table through the API (``match_called`` on ``POST /tournaments/{id}/events``):
before the call no table's scorekeeper may put a hand on the final's sheet; once the director calls
the final to table 1, table 1's scorekeeper links the hand it recorded there, and table 2's may not.
A call that cannot be is a 422 problem in words, and nothing is recorded."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.hands import random_hand
from adjudicator.simulation.tournaments import whist_hand
from tests.e2e.conftest import client_as, token
from tests.e2e.test_hand_list import _caught_up
from tests.e2e.test_roles import _registered, _tournament


def _final_waiting(app: Flask) -> str:
    """Four Detroit teams: round 1 played and signed, the playoff seeded, both semi-finals played and
    signed; the final's sheet open, at no table."""
    director = _registered(4)
    director.seat_next_round()
    director.play_round(whist_hand("detroit", 21))
    director.settle_ties(4)
    t = director.tournament
    director.record({"type": "playoff_seeded", "seeds": t.propose_seeding()["seeds"]})
    for semi in ("P1-1", "P1-2"):
        director.play(t.sheets[semi], whist_hand("detroit", 22))
    assert t.sheets["final"].table is None
    return _tournament(app, director)


def _hand_at_table(keeper: FlaskClient) -> str:
    """A hand the table's scorekeeper opens and records to its end (so it belongs to that table)."""
    hand = str(keeper.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"])
    assert keeper.post(f"/hands/{hand}/events", json=random_hand(8, "detroit", "north")).status_code == 201
    return hand


def _call(client: FlaskClient, tournament: str, **event: Any) -> Any:
    return client.post(f"/tournaments/{tournament}/events", json={"type": "match_called", **event})


def _final(client: FlaskClient, tournament: str) -> dict[str, Any]:
    sheet: dict[str, Any] = client.get(f"/tournaments/{tournament}/matches/final").get_json()
    return sheet


def test_the_final_called_to_table_1_takes_table_1s_hands(app: Flask, client: FlaskClient) -> None:
    tournament = _final_waiting(app)
    one = client_as(app, token(app, "scorekeeper", "Final table keeper", tournament, 1))
    two = client_as(app, token(app, "scorekeeper", "Table 2 keeper", tournament, 2))
    hand, elsewhere = _hand_at_table(one), _hand_at_table(two)
    link = f"/tournaments/{tournament}/matches/final/hands"
    assert one.post(link, json={"hand": hand}).status_code == 403  # the final is at no table yet

    called = _call(client, tournament, match="final", table=1, reason="the feature table")
    assert called.status_code == 201, called.get_json()
    assert called.get_json()["events"][0] == {
        "type": "match_called",
        "match": "final",
        "table": 1,
        "reason": "the feature table",
    }
    assert _final(client, tournament)["table"] == 1
    assert _call(one, tournament, match="final", table=1).status_code == 403  # the director's call

    assert two.post(link, json={"hand": elsewhere}).status_code == 403  # table 2's hand, table 2's keeper
    linked = one.post(link, json={"hand": hand})
    assert linked.status_code == 201, linked.get_json()
    assert [line["hand"] for line in _final(client, tournament)["hands"]] == [hand]


def test_a_call_that_cannot_be_is_a_problem_in_words_and_records_nothing(
    app: Flask, client: FlaskClient
) -> None:
    tournament = _final_waiting(app)
    assert _call(client, tournament, match="final", table=1).status_code == 201
    version = client.get(f"/tournaments/{tournament}").get_json()["version"]
    refused = {
        "table 0": ({"match": "final", "table": 0}, "table", "greater than or equal to 1"),
        "an unknown match": ({"match": "P7-7", "table": 2}, "match", "unknown match 'P7-7'"),
        "a signed match": ({"match": "P1-1", "table": 2}, "match", "P1-1 is signed by both teams"),
        "the table it is at": ({"match": "final", "table": 1}, "table", "already played at table 1"),
        "a table in use": (
            {"match": "third_place", "table": 1},
            "table",
            "table 1 has final in progress, not signed by both teams",
        ),
    }
    for why, (event, member, words) in refused.items():
        reply = _call(client, tournament, **event)
        assert reply.status_code == 422, (why, reply.get_json())
        assert reply.headers["content-type"].startswith("application/problem+json")
        problem = reply.get_json()
        assert words in str(problem), (why, problem)
        assert member in str(problem), (why, problem)
    assert client.get(f"/tournaments/{tournament}").get_json()["version"] == version


def test_a_preliminary_match_moved_mid_match_goes_on_at_its_new_table(
    app: Flask, client: FlaskClient
) -> None:
    """The lights went out at table 2: its match, one hand in, is called to table 5, whose scorekeeper
    goes on with it; table 2's no longer writes on it; the hand listing and the board say table 5."""
    director = _registered(4)
    director.seat_next_round()
    tournament = _tournament(app, director)
    two = client_as(app, token(app, "scorekeeper", "Dark table keeper", tournament, 2))
    five = client_as(app, token(app, "scorekeeper", "Spare table keeper", tournament, 5))
    link = f"/tournaments/{tournament}/matches/R1-T2/hands"
    first = _hand_at_table(two)
    assert two.post(link, json={"hand": first}).status_code == 201
    _caught_up(app)
    assert client.get(f"/hands?tournament={tournament}&table=2").get_json()["hands"][0]["id"] == first

    moved = _call(client, tournament, match="R1-T2", table=5, reason="the lights went out at table 2")
    assert moved.status_code == 201, moved.get_json()
    late, second = _hand_at_table(two), _hand_at_table(five)
    assert two.post(link, json={"hand": late}).status_code == 403
    assert five.post(link, json={"hand": second}).status_code == 201
    assert [line["hand"] for line in client.get(link.removesuffix("/hands")).get_json()["hands"]] == [
        first,
        second,
    ]
    _caught_up(app)
    listed = client.get(f"/hands?tournament={tournament}&table=5").get_json()["hands"]
    assert {h["id"] for h in listed} == {first, second}
    playing = client.get(f"/tournaments/{tournament}/board").get_json()["playing"]
    assert [(t["table"], t["status"]) for t in playing["tables"]] == [(1, "open"), (5, "open")]
