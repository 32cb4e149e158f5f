"""Every route through Flask's test client: bodies, headers, problems, and nothing stored on refusal."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator import adjudicate
from adjudicator.domain import words as say
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.simulation.hands import random_hand

PROBLEM = "application/problem+json"


def js(response: Any) -> Any:
    """The response's JSON body."""
    return response.json


def open_hand(client: FlaskClient, **body: Any) -> str:
    response = client.post("/hands", json={"ruleset": "texas", "dealer": "north", **body})
    assert response.status_code == 201, js(response)
    hand_id: str = js(response)["id"]
    return hand_id


def stored_versions(app: Flask, hand_id: str) -> list[int]:
    """The aggregate versions actually in the event store: what a refusal must not change."""
    from uuid import UUID

    store = app.extensions["adjudicator.adapters.hand_store"]
    return [e.originator_version for e in store.app.recorder.select_events(UUID(hand_id))]


def assert_problem(response: Any, status: int, kind: str | None = None) -> dict[str, Any]:
    assert response.status_code == status
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = js(response)
    assert {"type", "title", "status", "detail"} <= body.keys()
    assert body["status"] == status
    if kind is not None:
        assert body["type"] == f"urn:adjudicator:problem:{kind}"
    return body


def test_rulesets_lists_every_rulebook(client: FlaskClient) -> None:
    response = client.get("/rulesets")
    assert response.status_code == 200
    assert [r["id"] for r in js(response)] == list(RULESETS)
    assert js(response)[0].keys() == {"id", "game", "title", "document"}
    assert client.get("/rulesets", headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


def test_open_hand_answers_201_with_location_and_version_0(client: FlaskClient) -> None:
    response = client.post(
        "/hands",
        json={"ruleset": "chicago", "dealer": "west", "players": {"north": "Ann"}, "label": "T3"},
    )
    assert response.status_code == 201
    body = js(response)
    assert response.headers["Location"] == f"/hands/{body['id']}"
    assert response.headers["ETag"] == '"0"'
    assert body["version"] == 0 and body["ruleset"] == "chicago" and body["dealer"] == "west"
    assert body["players"] == {"north": "Ann"} and body["label"] == "T3"
    assert body["status"] == "bidding" and body["turn"] == {"seat": "north", "action": "bid"}
    assert js(client.get(response.headers["Location"])) == body


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ruleset": "ontario-2030", "dealer": "north"}, "ruleset"),
        ({"ruleset": "texas"}, "dealer"),
        ({"ruleset": "texas", "dealer": "north", "colour": "red"}, "colour"),
        ({"ruleset": "texas", "dealer": "north", "players": {"middle": "X"}}, "players/middle"),
        ([], None),
    ],
)
def test_open_hand_refuses_a_malformed_body(client: FlaskClient, body: Any, field: str | None) -> None:
    problem = assert_problem(client.post("/hands", json=body), 422, "invalid-body")
    assert problem["field"] == field
    assert problem["errors"]


def test_unparseable_json_is_400_and_a_non_json_body_415(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    for path in ("/hands", f"/hands/{hand_id}/events"):
        problem = assert_problem(
            client.post(path, data='{"type": ', content_type="application/json"), 400, "unparseable-json"
        )
        assert "not JSON" in problem["detail"]
        assert_problem(client.post(path, data="type=play", content_type="text/plain"), 415)
        # an answer's media type, and a patch's, are not a body this API takes, however JSON they look
        for kind in ("application/problem+json", "application/merge-patch+json"):
            sent = client.post(path, data='{"type": "bid"}', content_type=kind)
            assert kind in assert_problem(sent, 415)["detail"]
    assert stored_versions(client.application, hand_id) == [1]


def test_a_whole_number_spelt_with_a_fraction_or_an_exponent_is_that_number(client: FlaskClient) -> None:
    """JSON Schema counts 40.0 and 4e1 as the integer 40, and so does every integer member here, in
    the one place bodies are read (``strict_json``); 40.5 is still refused, and 1e400 is no number."""
    for spelt in ("40.0", "4e1", "4.0E+1"):
        body = f'{{"ruleset": "detroit", "games_per_session": {spelt}}}'
        made = client.post("/tournaments", data=body, content_type="application/json")
        assert made.status_code == 201, made.get_json()
    refused = client.post(
        "/tournaments",
        data='{"ruleset": "detroit", "games_per_session": 40.5}',
        content_type="application/json",
    )
    assert_problem(refused, 422, "invalid-body")
    huge = client.post(
        "/tournaments", data='{"ruleset": "detroit", "rounds": 1e400}', content_type="application/json"
    )
    assert "too large" in assert_problem(huge, 400, "unparseable-json")["detail"]


def test_unknown_hand_is_404_on_every_route(client: FlaskClient) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    for path in ("", "/events", "/state", "/rulings", "/score"):
        assert_problem(client.get(f"/hands/{missing}{path}"), 404, "unknown-hand")
    problem = assert_problem(
        client.post(f"/hands/{missing}/events", json={"type": "close"}), 404, "unknown-hand"
    )
    assert missing in problem["detail"]
    assert_problem(client.get("/hands/not-a-uuid"), 404)
    assert_problem(client.get("/nowhere"), 404)


def test_wrong_method_is_405_and_keeps_allow(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    response = client.delete(f"/hands/{hand_id}/events")
    assert_problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert_problem(client.put("/rulesets"), 405)


def test_one_event_then_an_array_then_the_log(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    events = random_hand(4, "texas", "north")
    first = client.post(f"/hands/{hand_id}/events", json=events[0])
    assert first.status_code == 201 and js(first) == {"version": 1}
    assert first.headers["ETag"] == '"1"'
    rest = client.post(f"/hands/{hand_id}/events", json=events[1:])
    assert js(rest) == {"version": len(events)}
    log = client.get(f"/hands/{hand_id}/events")
    assert log.headers["ETag"] == f'"{len(events)}"'
    recorded = js(log)["events"]
    assert [e["version"] for e in recorded] == list(range(1, len(events) + 1))
    assert all(e["recorded_at"].endswith("+00:00") for e in recorded)
    assert [
        {k: v for k, v in e.items() if k not in ("version", "recorded_at", "author")} for e in recorded
    ] == events


def test_state_rulings_and_score_are_the_domains(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    events = [*random_hand(5, "texas", "north"), {"type": "renege_call", "by": "north", "against": "east"}]
    client.post(f"/hands/{hand_id}/events", json=events)
    expected = adjudicate("texas", "north", events)
    assert js(client.get(f"/hands/{hand_id}/state")) == expected.state
    rulings, score = expected.rulings_data(), expected.score
    said = [{**r, "text": say.ruling_in_full(r, score)} for r in rulings]  # the data, in words
    assert js(client.get(f"/hands/{hand_id}/rulings")) == {"rulings": said}
    assert rulings, "the false renege call is ruled on"
    assert js(client.get(f"/hands/{hand_id}/score")) == {**score, "text": say.score(score, rulings)}
    summary = js(client.get(f"/hands/{hand_id}"))
    assert summary["version"] == len(events) and summary["status"] == "complete"
    assert summary["contract"] == expected.score["contract"]
    assert summary["rulings"]["total"] == len(expected.rulings)


def test_state_at_any_version_replays_the_log_up_to_it(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    events = random_hand(6, "texas", "north")
    client.post(f"/hands/{hand_id}/events", json=events)
    for at in (0, 1, 5, 7, 20, len(events)):
        response = client.get(f"/hands/{hand_id}/state?at={at}")
        assert response.status_code == 200
        assert response.headers["ETag"] == f'"{at}"'
        assert js(response) == adjudicate("texas", "north", events[:at]).state
    problem = assert_problem(client.get(f"/hands/{hand_id}/state?at=999"), 404, "version-out-of-range")
    assert problem["version"] == len(events)
    for bad in ("-1", "two", "1.5"):
        assert_problem(client.get(f"/hands/{hand_id}/state?at={bad}"), 400, "invalid-query")


def test_an_impossible_event_in_an_array_is_refused_whole(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    events = random_hand(7, "texas", "north")
    client.post(f"/hands/{hand_id}/events", json=events[:5])
    before = js(client.get(f"/hands/{hand_id}/events"))
    batch = [events[5], events[6], {"type": "deal", "hands": {}, "kitty": []}]  # a second deal
    problem = assert_problem(client.post(f"/hands/{hand_id}/events", json=batch), 422, "illegal-event")
    assert problem["index"] == 2 and problem["event"] == 8 and problem["field"] == "type"
    assert problem["pointer"] == "/2/type" and "nothing was recorded" in problem["detail"]
    assert problem["version"] == 5
    assert js(client.get(f"/hands/{hand_id}/events")) == before
    assert stored_versions(client.application, hand_id) == list(range(1, 7))
    # and the hand goes on from where it was
    assert js(client.post(f"/hands/{hand_id}/events", json=events[5:])) == {"version": len(events)}


def test_a_malformed_event_names_its_member_and_position(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    single = assert_problem(
        client.post(f"/hands/{hand_id}/events", json={"type": "play", "seat": "north"}), 422, "invalid-body"
    )
    assert single["field"] == "card" and "index" not in single
    batch = assert_problem(
        client.post(
            f"/hands/{hand_id}/events",
            json=[{"type": "bid", "seat": "east", "bid": "pass"}, {"type": "bid", "seat": "up", "bid": "4"}],
        ),
        422,
        "invalid-body",
    )
    assert batch["index"] == 1 and batch["field"] == "seat" and batch["pointer"] == "/1/seat"
    assert_problem(client.post(f"/hands/{hand_id}/events", json=[]), 422, "invalid-body")
    assert_problem(client.post(f"/hands/{hand_id}/events", json={"type": "shuffle"}), 422)
    assert_problem(client.post(f"/hands/{hand_id}/events", json=[1, 2]), 422)
    assert stored_versions(client.application, hand_id) == [1]


def test_if_match_makes_the_append_conditional(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    bid = {"type": "bid", "seat": "east", "bid": "pass"}
    assert client.post(f"/hands/{hand_id}/events", json=bid, headers={"If-Match": '"0"'}).status_code == 201
    for stale in ('"0"', '"7"', 'W/"1"', '"one"', '""'):
        response = client.post(
            f"/hands/{hand_id}/events", json={**bid, "seat": "south"}, headers={"If-Match": stale}
        )
        problem = assert_problem(response, 412, "stale-version")
        assert response.headers["ETag"] == '"1"' and problem["version"] == 1
    assert stored_versions(client.application, hand_id) == [1, 2]
    star = client.post(f"/hands/{hand_id}/events", json={**bid, "seat": "south"}, headers={"If-Match": "*"})
    assert js(star) == {"version": 2}
    listed = client.post(
        f"/hands/{hand_id}/events", json={**bid, "seat": "west"}, headers={"If-Match": '"1", "2"'}
    )
    assert js(listed) == {"version": 3}


def test_if_none_match_answers_304_until_the_hand_changes(client: FlaskClient) -> None:
    hand_id = open_hand(client)
    for path in ("", "/events", "/state", "/rulings", "/score"):
        first = client.get(f"/hands/{hand_id}{path}")
        again = client.get(f"/hands/{hand_id}{path}", headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.headers["ETag"] == first.headers["ETag"]
    etag = client.get(f"/hands/{hand_id}").headers["ETag"]
    client.post(f"/hands/{hand_id}/events", json={"type": "bid", "seat": "east", "bid": "pass"})
    assert client.get(f"/hands/{hand_id}", headers={"If-None-Match": etag}).status_code == 200


def test_read_models_follow_the_event_store(app: Flask, client: FlaskClient) -> None:
    import sqlite3

    hand_id = open_hand(client)
    client.post(f"/hands/{hand_id}/events", json=random_hand(8, "texas", "north"))
    read_models = app.extensions["adjudicator.read_models"]
    read_models.catch_up()
    with sqlite3.connect(read_models.path) as db:
        row = db.execute("select version, status, winner from hands where id = ?", [hand_id]).fetchone()
    score = js(client.get(f"/hands/{hand_id}/score"))
    assert row == (js(client.get(f"/hands/{hand_id}"))["version"], "complete", score["winner"])
