"""A claim let go or handed over, over HTTP: each a recorded event after the claim, never an edit;
``GET /calls`` shows who holds the call and its claims' history; a release or a handover the caller
may not make is a problem+json with nothing recorded."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import LiveServer, client_as, token
from tests.e2e.test_roles import _call_waiting, _last_notification

PROBLEM = "application/problem+json"


def listed(app: Flask, client: FlaskClient, call: str) -> dict[str, Any]:
    """The call as ``GET /calls`` lists it once the read models caught up."""
    app.extensions["adjudicator.read_models"].catch_up()
    found = [c for c in client.get("/calls").get_json()["calls"] if c["id"] == call]
    assert len(found) == 1, found
    return found[0]


def refused(app: Flask, reply: Any, status: int, kind: str, before: int) -> str:
    assert reply.status_code == status, reply.get_json()
    assert reply.headers["Content-Type"] == PROBLEM
    problem = reply.get_json()
    assert problem["type"] == f"urn:adjudicator:problem:{kind}", problem
    assert _last_notification(app) == before, "a refused request stored something"
    return str(problem["detail"])


def test_an_official_who_cannot_go_releases_the_call_and_another_claims_it(
    app: Flask, client: FlaskClient
) -> None:
    call = _call_waiting(app)
    assert client.post(f"/calls/{call}/claim").status_code == 200
    released = client.post(f"/calls/{call}/release", json={"reason": "called to table 3 first"})
    assert released.status_code == 200, released.get_json()
    body = released.get_json()
    assert (body["status"], body["claimed_by"]) == ("open", None)
    assert [(c["type"], c["by"]) for c in body["claims"]] == [
        ("call_claimed", "Chief official"),
        ("call_released", "Chief official"),
    ]
    assert body["claims"][1]["reason"] == "called to table 3 first"
    shown = listed(app, client, call)
    assert shown["status"] == "open" and shown["claims"] == body["claims"]

    second = client_as(app, token(app, "official", "Second official"))
    assert second.post(f"/calls/{call}/claim").get_json()["claimed_by"] == "Second official"
    shown = listed(app, client, call)
    assert (shown["status"], shown["claimed_by"]) == ("claimed", "Second official")
    assert [c["type"] for c in shown["claims"]] == ["call_claimed", "call_released", "call_claimed"]


def test_releasing_a_call_one_does_not_hold_is_refused_in_words(app: Flask, client: FlaskClient) -> None:
    call = _call_waiting(app)
    before = _last_notification(app)
    said = refused(app, client.post(f"/calls/{call}/release", json={}), 409, "call-not-held", before)
    assert "not claimed" in said and "nothing was recorded" in said
    assert client.post(f"/calls/{call}/claim").status_code == 200
    other = client_as(app, token(app, "official", "Second official"))
    before = _last_notification(app)
    said = refused(app, other.post(f"/calls/{call}/release", json={}), 409, "call-not-held", before)
    assert "held by Chief official, not by Second official" in said
    missing = client.post(f"/calls/{call.split('@')[0]}@99/release", json={})
    assert missing.status_code == 404 and missing.get_json()["type"].endswith("unknown-call")
    keeper = client_as(app, token(app, "scorekeeper", "Table 12"))
    assert keeper.post(f"/calls/{call}/release", json={}).status_code == 403


def test_a_claim_handed_to_another_official_is_theirs_to_release(app: Flask, client: FlaskClient) -> None:
    call = _call_waiting(app)
    token(app, "official", "Floor official")
    assert client.post(f"/calls/{call}/claim").status_code == 200
    handed = client.post(f"/calls/{call}/handover", json={"to": "Floor official"})
    assert handed.status_code == 200, handed.get_json()
    assert (handed.get_json()["status"], handed.get_json()["claimed_by"]) == ("claimed", "Floor official")
    shown = listed(app, client, call)
    assert shown["claimed_by"] == "Floor official"
    assert shown["claims"][-1] | {"at": None} == {
        "type": "call_handed_over",
        "call": call,
        "by": "Chief official",
        "to": "Floor official",
        "at": None,
    }
    before = _last_notification(app)
    said = refused(app, client.post(f"/calls/{call}/release", json={}), 409, "call-not-held", before)
    assert "held by Floor official" in said


def test_a_call_is_handed_only_to_a_live_official(app: Flask, client: FlaskClient) -> None:
    call = _call_waiting(app)
    token(app, "scorekeeper", "Table 12")
    assert client.post(f"/calls/{call}/claim").status_code == 200
    for to in ("Table 12", "Nobody at all"):
        before = _last_notification(app)
        reply = client.post(f"/calls/{call}/handover", json={"to": to})
        said = refused(app, reply, 422, "not-an-official", before)
        assert f"{to!r} is not a live official's credential" in said
        assert reply.get_json()["field"] == "to"
    before = _last_notification(app)
    said = refused(
        app,
        client.post(f"/calls/{call}/handover", json={"to": "Chief official"}),
        409,
        "call-not-held",
        before,
    )
    assert "already Chief official's" in said
    bad = client.post(f"/calls/{call}/handover", json={"to": ""})
    assert bad.status_code == 422 and bad.get_json()["type"].endswith("invalid-body")
    assert listed(app, client, call)["claimed_by"] == "Chief official"


def test_a_ruled_call_has_no_claim_to_let_go(app: Flask, client: FlaskClient) -> None:
    call = _call_waiting(app)
    hand, _ = call.split("@")
    assert client.post(f"/calls/{call}/claim").status_code == 200
    finding = {"type": "finding", "call": 4, "finding": "upheld"}
    assert client.post(f"/hands/{hand}/events", json=finding).status_code == 201
    app.extensions["adjudicator.read_models"].catch_up()
    before = _last_notification(app)
    said = refused(app, client.post(f"/calls/{call}/release", json={}), 409, "call-not-held", before)
    assert "already ruled" in said


def test_one_official_claiming_at_once_from_several_devices_gets_the_claim_each_time(
    live_server: LiveServer,
) -> None:
    """A double tap, a phone and a laptop: one official's claims of one call sent at the same moment
    over real HTTP, twenty times over. Each answers as the first (200, the call held by that
    official), and the call's log holds one claim."""
    app = live_server.app
    for _ in range(20):
        call = _call_waiting(app)
        replies: list[tuple[int, Any]] = []

        def claim(call: str = call, replies: list[tuple[int, Any]] = replies) -> None:
            mine = live_server.client()
            reply = mine.post(f"/calls/{call}/claim", None)
            replies.append((reply.status, reply.body))
            mine.close()

        taps = [threading.Thread(target=claim) for _ in range(6)]
        for thread in taps:
            thread.start()
        for thread in taps:
            thread.join()
        assert all(status == 200 for status, _ in replies), [b for s, b in replies if s != 200]
        held = {(b["status"], b["claimed_by"], len(b["claims"])) for _, b in replies}
        assert held == {("claimed", "Chief official", 1)}, held
