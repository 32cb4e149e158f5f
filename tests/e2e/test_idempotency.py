"""Idempotent appends: an event's client-chosen ``id`` makes a retry safe, through the real API."""

from __future__ import annotations

import threading
import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.e2e.conftest import LiveServer, client_as, sqlite_config, token


def _with_ids(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**event, "id": str(uuid.uuid4())} for event in events]


def _open(client: FlaskClient) -> str:
    reply = client.post("/hands", json={"ruleset": "texas", "dealer": "north"})
    assert reply.status_code == 201
    hand_id: str = reply.get_json()["id"]
    return hand_id


def test_the_same_event_posted_twice_with_one_id_is_stored_once(client: FlaskClient) -> None:
    hand_id = _open(client)
    events = _with_ids(random_hand(21, "texas", "north")[:4])
    first = client.post(f"/hands/{hand_id}/events", json=events[:3])
    again = client.post(f"/hands/{hand_id}/events", json=events[:3])
    assert (
        (again.status_code, again.get_json(), again.headers["ETag"])
        == (
            first.status_code,
            first.get_json(),
            first.headers["ETag"],
        )
        == (201, {"version": 3}, '"3"')
    )
    assert client.post(f"/hands/{hand_id}/events", json=events[3]).get_json() == {"version": 4}
    # One event of an earlier batch, alone, and after the hand moved on: still its first answer.
    assert (
        client.post(f"/hands/{hand_id}/events", json=events[3], headers={"If-Match": '"3"'}).status_code
        == 201
    )
    listed = client.get(f"/hands/{hand_id}/events").get_json()
    assert client.get(f"/hands/{hand_id}").get_json()["version"] == 4
    assert [e["id"] for e in listed["events"]] == [e["id"] for e in events]
    assert listed["events"][0]["type"] == events[0]["type"]


def test_another_event_under_a_used_id_is_an_idempotency_conflict(client: FlaskClient) -> None:
    hand_id = _open(client)
    events = _with_ids(random_hand(22, "texas", "north")[:3])
    assert client.post(f"/hands/{hand_id}/events", json=events[:2]).status_code == 201
    other = {**events[2], "id": events[1]["id"]}
    for body in (other, [events[0], events[2]], [events[2], events[2]]):
        reply = client.post(f"/hands/{hand_id}/events", json=body)
        assert reply.status_code == 409, reply.get_json()
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert reply.get_json()["type"] == "urn:adjudicator:problem:idempotency-conflict"
    assert client.get(f"/hands/{hand_id}").get_json()["version"] == 2


def test_a_tournament_event_posted_again_is_answered_as_the_first_time(client: FlaskClient) -> None:
    tournament_id = client.post("/tournaments", json={"ruleset": "detroit", "name": "Spring"}).get_json()[
        "id"
    ]
    teams = _with_ids([{"type": "team_registered", "team": f"T{n}", "number": n} for n in range(1, 5)])
    first = client.post(f"/tournaments/{tournament_id}/events", json=teams)
    again = client.post(f"/tournaments/{tournament_id}/events", json=teams)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    listed = client.get(f"/tournaments/{tournament_id}/events").get_json()
    assert len(listed["events"]) == 5
    assert [e.get("id") for e in listed["events"]] == [None, *(t["id"] for t in teams)]
    changed = {**teams[0], "team": "T9", "number": 9}
    reply = client.post(f"/tournaments/{tournament_id}/events", json=changed)
    assert reply.status_code == 409
    assert reply.get_json()["type"] == "urn:adjudicator:problem:idempotency-conflict"


def test_the_id_survives_a_restart(tmp_path: Any) -> None:
    config = {**sqlite_config(tmp_path), "ADJUDICATOR_READ_MODELS": False}
    events = _with_ids(random_hand(23, "texas", "north")[:2])
    first_app = create_app(config)
    client = client_as(first_app, token(first_app, "official"))
    hand_id = _open(client)
    assert client.post(f"/hands/{hand_id}/events", json=events).get_json() == {"version": 2}
    first_app.extensions["adjudicator.adapters.hand_store"].close()
    second: Flask = create_app(config)
    reply = client_as(second, token(second, "official")).post(f"/hands/{hand_id}/events", json=events)
    assert (reply.status_code, reply.get_json()) == (201, {"version": 2})
    second.extensions["adjudicator.adapters.hand_store"].close()


def test_concurrent_retries_store_every_id_once(live_server: LiveServer) -> None:
    """Eight clients post the same events with the same ids, event by event: each is stored once."""
    http = live_server.client()
    hand_id = http.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
    events = _with_ids(random_hand(24, "texas", "north")[:20])
    replies: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def client() -> None:
        mine = live_server.client()
        for version, event in enumerate(events, start=1):
            reply = mine.post(f"/hands/{hand_id}/events", event)
            with lock:
                replies.append((version, reply.status, reply.body))
        mine.close()

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(status == 201 and body == {"version": version} for version, status, body in replies), replies
    listed = http.get(f"/hands/{hand_id}/events").body
    assert [e["id"] for e in listed["events"]] == [e["id"] for e in events]
    http.close()
