"""The table recorder's dry run (``POST /console/record/{id}/check``): what the REST API would answer,
always as a 200 the page reads, and nothing written."""

from __future__ import annotations

import uuid

from flask import Flask

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import client_as, token

EVENTS = random_hand(2, "texas", "north")


def _hand(app: Flask, keeper: str) -> str:
    client = client_as(app, keeper)
    hand_id = str(client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"])
    assert client.post(f"/hands/{hand_id}/events", json=EVENTS[:8]).status_code == 201
    return hand_id


def test_a_new_possible_entry_would_be_recorded_and_nothing_is_written(app: Flask) -> None:
    keeper = token(app, "scorekeeper")
    hand_id = _hand(app, keeper)
    answer = client_as(app, keeper).post(f"/console/record/{hand_id}/check", json=EVENTS[8])
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "recorded": None}
    assert client_as(app, keeper).get(f"/hands/{hand_id}").get_json()["version"] == 8


def test_an_entry_sent_before_under_its_id_is_known_as_recorded(app: Flask) -> None:
    keeper = token(app, "scorekeeper")
    hand_id = _hand(app, keeper)
    entry = {**EVENTS[8], "id": str(uuid.uuid4())}
    client = client_as(app, keeper)
    assert client.post(f"/hands/{hand_id}/events", json=entry).status_code == 201
    assert client.post(f"/console/record/{hand_id}/check", json=entry).get_json() == {
        "ok": True,
        "recorded": 9,
    }


def test_an_impossible_entry_is_refused_with_the_engines_words(app: Flask) -> None:
    keeper = token(app, "scorekeeper")
    hand_id = _hand(app, keeper)
    again = {**EVENTS[7], "card": EVENTS[8]["card"]}  # the leader plays twice to the first book
    verdict = client_as(app, keeper).post(f"/console/record/{hand_id}/check", json=again).get_json()
    assert verdict["ok"] is False
    assert verdict["problem"]["status"] == 422
    assert f"{EVENTS[7]['seat']} has already played to book 1" in verdict["problem"]["detail"]


def test_what_the_credential_may_not_record_is_refused_as_the_api_refuses_it(app: Flask) -> None:
    keeper = token(app, "scorekeeper")
    hand_id = _hand(app, keeper)
    misdeal = {"type": "misdeal", "reason": "other"}
    verdict = client_as(app, keeper).post(f"/console/record/{hand_id}/check", json=misdeal).get_json()
    assert verdict["problem"]["status"] == 403
    viewer = client_as(app, token(app, "viewer"))
    assert (
        viewer.post(f"/console/record/{hand_id}/check", json=EVENTS[8]).get_json()["problem"]["status"] == 403
    )
    shapeless = client_as(app, keeper).post(f"/console/record/{hand_id}/check", json={"type": "play"})
    assert shapeless.get_json()["problem"]["status"] == 422
