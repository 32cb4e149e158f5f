"""A hand's scope is recorded in its log (issue 21, item 4), through the API: putting a hand on a
match's sheet records, in the same commit, a ``scoped`` event in the hand's own log (the tournament,
the sheet's table and the match); an official may record one too; and who may write the hand and
see its concealed cards in play is read from the latest one.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import client_as, token
from tests.e2e.test_roles import _registered, _tournament

SEATS = ("north", "east", "south", "west")


def _seated(app: Flask) -> str:
    director = _registered(8)
    director.seat_next_round()
    return _tournament(app, director)


def test_linking_a_hand_records_its_scope_and_that_tables_scorekeeper_may_then_confirm_it(
    app: Flask, client: Any
) -> None:
    tournament = _seated(app)
    three = client_as(app, token(app, "scorekeeper", "T3 keeper", tournament, 3))
    two = client_as(app, token(app, "scorekeeper", "T2 keeper", tournament, 2))
    hand = client.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    events = random_hand(12, "detroit", "north")
    assert client.post(f"/hands/{hand}/events", json=events).status_code == 201
    confirm = {"type": "score_confirmation", "by": "east", "verdict": "agreed"}
    assert three.post(f"/hands/{hand}/events", json=confirm).status_code == 403  # a hand of no table

    linked = client.post(f"/tournaments/{tournament}/matches/R1-T3/hands", json={"hand": hand})
    assert linked.status_code == 201, linked.get_json()
    log = client.get(f"/hands/{hand}/events").get_json()["events"]
    assert len(log) == len(events) + 1
    scoped = {k: log[-1][k] for k in ("version", "type", "tournament", "table", "match")}
    assert scoped == {
        "version": len(events) + 1,
        "type": "scoped",
        "tournament": tournament,
        "table": 3,
        "match": "R1-T3",
    }
    assert client.get(f"/hands/{hand}/score").get_json()["final"] is True

    assert two.post(f"/hands/{hand}/events", json=confirm).status_code == 403  # another table's
    reply = three.post(f"/hands/{hand}/events", json=confirm)
    assert reply.status_code == 201, reply.get_json()


def test_a_link_the_tournament_refuses_records_no_scope_on_the_hand(app: Flask, client: Any) -> None:
    tournament = _seated(app)
    hand = client.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    events = random_hand(13, "detroit", "north")
    assert client.post(f"/hands/{hand}/events", json=events).status_code == 201
    linked = client.post(f"/tournaments/{tournament}/matches/R1-T1/hands", json={"hand": hand})
    assert linked.status_code == 201
    version = client.get(f"/hands/{hand}").get_json()["version"]
    assert version == len(events) + 1  # its scope
    again = client.post(f"/tournaments/{tournament}/matches/R1-T2/hands", json={"hand": hand})
    assert again.status_code == 422  # already on R1-T1's sheet
    assert client.get(f"/hands/{hand}").get_json()["version"] == version


def test_who_sees_a_hand_in_play_follows_the_latest_scope_in_its_log(app: Flask, client: Any) -> None:
    tournament = "6f1c7f26-3d4e-4f8e-9a59-4f7c5c1f0a11"
    five = client_as(app, token(app, "scorekeeper", "Table 5", tournament, 5))
    six = client_as(app, token(app, "scorekeeper", "Table 6", tournament, 6))
    hand = client.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    dealt = random_hand(23, "detroit", "north")[:10]
    assert client.post(f"/hands/{hand}/events", json=dealt).status_code == 201
    hidden = dict.fromkeys(SEATS)

    def sees(keeper: Any) -> bool:
        state = keeper.get(f"/hands/{hand}/state").get_json()
        return bool(state["hands"] != hidden)

    assert not sees(five) and not sees(six)  # an official's hand: no table's
    for table, seeing, not_seeing in ((5, five, six), (6, six, five)):
        scope = {"type": "scoped", "tournament": tournament, "table": table}
        reply = client.post(f"/hands/{hand}/events", json=scope)
        assert reply.status_code == 201, reply.get_json()
        assert sees(seeing) and not sees(not_seeing)
    assert five.post(f"/hands/{hand}/events", json={**scope, "table": 5}).status_code == 403  # an official's

    void = {"type": "correct_record", "event": len(dealt) + 2, "replace_with": None, "reason": "wrong table"}
    refused = client.post(f"/hands/{hand}/events", json=void)  # would bring back table 5's scope
    assert refused.status_code == 422 and "record its scope again" in refused.get_json()["detail"]
    assert sees(six) and not sees(five)
