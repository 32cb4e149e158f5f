"""Through a real HTTP server (waitress on 127.0.0.1): what a scorekeeper's client would see."""

from __future__ import annotations

import threading
from typing import Any

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, LiveServer

CALLS: list[dict[str, Any]] = [
    {"type": "tech_call", "by": "east", "against": "north"},
    {"type": "renege_call", "by": "north", "against": "east"},
]


def _open(http: HTTP, ruleset: str = "texas") -> str:
    reply = http.post("/hands", {"ruleset": ruleset, "dealer": "north"})
    assert reply.status == 201
    hand_id: str = reply.body["id"]
    return hand_id


def _views(http: HTTP, hand_id: str) -> tuple[Any, Any, Any, Any]:
    return tuple(http.get(f"/hands/{hand_id}{path}").body for path in ("/state", "/rulings", "/score", ""))


def test_event_by_event_and_one_array_give_the_same_hand(live_server: LiveServer) -> None:
    events = [*random_hand(11, "texas", "north"), *CALLS]
    http = live_server.client()
    one_by_one, at_once = _open(http), _open(http)
    for version, event in enumerate(events, start=1):
        reply = http.post(f"/hands/{one_by_one}/events", event, {"If-Match": f'"{version - 1}"'})
        assert (reply.status, reply.body, reply.headers["etag"]) == (
            201,
            {"version": version},
            f'"{version}"',
        )
    assert http.post(f"/hands/{at_once}/events", events).body == {"version": len(events)}
    state, rulings, score, summary = _views(http, one_by_one)
    assert (state, rulings, score) == _views(http, at_once)[:3]
    assert rulings["rulings"], "the calls are ruled on"
    assert score["final"] is True
    assert summary["version"] == len(events)
    http.close()


def test_a_stale_if_match_writes_nothing(live_server: LiveServer) -> None:
    http = live_server.client()
    hand_id = _open(http)
    events = random_hand(12, "texas", "north")
    assert http.post(f"/hands/{hand_id}/events", events[:3]).status == 201
    before = http.get(f"/hands/{hand_id}/events").body
    reply = http.post(f"/hands/{hand_id}/events", events[3:6], {"If-Match": '"2"'})
    assert reply.status == 412 and reply.headers["etag"] == '"3"'
    assert reply.headers["content-type"] == "application/problem+json"
    assert http.get(f"/hands/{hand_id}/events").body == before
    assert http.post(f"/hands/{hand_id}/events", events[3:6], {"If-Match": '"3"'}).body == {"version": 6}
    http.close()


def test_racing_conditional_appends_record_each_version_once(live_server: LiveServer) -> None:
    """Eight clients append the same next event with If-Match: one wins each version."""
    http = live_server.client()
    hand_id = _open(http)
    events = random_hand(13, "texas", "north")[:24]
    outcomes: list[int] = []
    lock = threading.Lock()

    def client() -> None:
        mine = live_server.client()
        while True:
            version = int(mine.get(f"/hands/{hand_id}").headers["etag"].strip('"'))
            if version >= len(events):
                break
            reply = mine.post(f"/hands/{hand_id}/events", events[version], {"If-Match": f'"{version}"'})
            assert reply.status in (201, 409, 412), reply.body
            with lock:
                outcomes.append(reply.status)
        mine.close()

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert outcomes.count(201) == len(events)
    recorded = http.get(f"/hands/{hand_id}/events").body["events"]
    assert [e["version"] for e in recorded] == list(range(1, len(events) + 1))
    assert [
        {k: v for k, v in e.items() if k not in ("version", "recorded_at", "author")} for e in recorded
    ] == events
    http.close()
