"""Hand records over HTTP: ``GET /hands/{id}/record`` (JSON or text) and ``POST /hands/import``
(records as JSON or text, plain items, the events as listed), refusals as problem+json with where."""

from __future__ import annotations

import http.client
import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.domain.handfile import from_text
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import LiveServer, client_as, token
from tests.e2e.test_hand_list import linked_hand

PROBLEM = "application/problem+json"


def _hand(client: FlaskClient, events: list[dict[str, Any]], ruleset: str = "texas") -> str:
    opened = client.post(
        "/hands", json={"ruleset": ruleset, "dealer": "north", "label": "Board 7"}
    ).get_json()
    if events:
        assert client.post(f"/hands/{opened['id']}/events", json=events).status_code == 201
    return str(opened["id"])


def _reneged() -> list[dict[str, Any]]:
    return [
        *random_hand(4, "texas", "north")[:12],
        {"type": "play", "seat": "west", "card": "2H"},
        {"type": "renege_call", "by": "north", "against": "west"},
    ]


def test_a_record_exported_and_imported_in_either_form_makes_the_same_hand(client: FlaskClient) -> None:
    hand = _hand(client, _reneged())
    record = client.get(f"/hands/{hand}/record")
    assert record.status_code == 200 and record.headers["ETag"] == '"14"'
    assert record.get_json()["format"] == "adjudicator-hand/1"
    text = client.get(f"/hands/{hand}/record", headers={"Accept": "text/plain"})
    assert text.mimetype == "text/plain" and text.headers["ETag"] == '"14"'
    assert client.get(f"/hands/{hand}/record?format=text").data == text.data
    assert from_text(text.get_data(as_text=True)) == [record.get_json()]
    assert "; renege@13 (established)" in text.get_data(as_text=True)
    unchanged = client.get(f"/hands/{hand}/record?format=text", headers={"If-None-Match": '"14"'})
    assert unchanged.status_code == 304

    as_json = client.post("/hands/import", json=record.get_json())
    as_text = client.post("/hands/import", data=text.data, content_type="text/plain")
    for reply in (as_json, as_text):
        assert reply.status_code == 201, reply.get_json()
        (imported,) = reply.get_json()["hands"]
        assert imported["version"] == imported["events"] == reply.get_json()["events"] == 14
        copy = imported["id"]
        for part in ("rulings", "score"):
            assert (
                client.get(f"/hands/{copy}/{part}").get_json()
                == client.get(f"/hands/{hand}/{part}").get_json()
            )
        again = client.get(f"/hands/{copy}/record").get_json()
        assert again["imported"]["from"] == hand and again["imported"]["by"]["name"] == "Chief official"
        first = record.get_json()
        assert {**again, "id": hand, "imported": None} == first


def test_the_events_as_listed_import_as_a_new_hand(client: FlaskClient) -> None:
    hand = _hand(client, random_hand(5, "texas", "north"))
    listed = client.get(f"/hands/{hand}/events").get_json()["events"]
    reply = client.post("/hands/import", json=[{"ruleset": "texas", "dealer": "north", "events": listed}])
    assert reply.status_code == 201, reply.get_json()
    copy = reply.get_json()["hands"][0]["id"]
    assert client.get(f"/hands/{copy}/score").get_json() == client.get(f"/hands/{hand}/score").get_json()
    copied = client.get(f"/hands/{copy}/record").get_json()["events"]
    assert [e["recorded_at"] for e in copied] == [e["recorded_at"] for e in listed]


def test_a_malformed_text_record_says_which_line(client: FlaskClient) -> None:
    head = '[Format "adjudicator-hand/1"]\n[Ruleset "texas"]\n[Dealer "north"]\n'
    text = head + "\n[Auction]\n#1 east 4\n#1 south pass\n"
    reply = client.post("/hands/import", data=text, content_type="text/plain")
    assert reply.status_code == 422 and reply.mimetype == PROBLEM
    problem = reply.get_json()
    assert problem["type"] == "urn:adjudicator:problem:invalid-record"
    assert problem["line"] == 7 and problem["hand"] == 0
    assert problem["detail"] == "hand 1, line 7: event #1 is given twice (first at line 6)"


def test_every_refusal_is_a_problem_that_says_where_and_writes_nothing(
    client: FlaskClient, app: Flask
) -> None:
    store = app.extensions["adjudicator.adapters.hand_store"]
    before = store.events.app.recorder.max_notification_id() or 0
    good = {
        "format": "adjudicator-hand/1",
        "ruleset": "texas",
        "dealer": "north",
        "events": random_hand(3, "texas", "north"),
    }
    bad_card = {**good, "events": [{"type": "play", "seat": "east", "card": "ZZ"}]}
    impossible = {**good, "events": [*good["events"][:10], good["events"][9]]}  # a card played twice
    cases = [
        (
            [good, {**good, "format": "adjudicator-hand/9"}],
            422,
            "invalid-body",
            {"hand": 1, "pointer": "/1/format"},
        ),
        (
            [good, {**good, "events": [{"type": "bid", "seat": "east"}]}],
            422,
            "invalid-body",
            {"pointer": "/1/events/0/bid"},
        ),
        ([good, {**good, "colour": "red"}], 422, "invalid-body", {"pointer": "/1/colour"}),
        ([good, bad_card], 422, "illegal-event", {"hand": 1, "event": 1, "field": "card"}),
        ([good, impossible], 422, "illegal-event", {"hand": 1, "event": 11}),
        (
            {"ruleset": "texas", "dealer": "north", "events": [], "provenance": {}},
            422,
            "invalid-body",
            {"pointer": "/provenance"},
        ),
        ([], 422, "invalid-body", {}),
    ]
    for body, status, kind, members in cases:
        reply = client.post("/hands/import", json=body)
        assert reply.status_code == status and reply.mimetype == PROBLEM, (body, reply.get_json())
        problem = reply.get_json()
        assert problem["type"] == f"urn:adjudicator:problem:{kind}", problem
        assert members.items() <= problem.items(), problem
    assert client.post("/hands/import", data="{", content_type="application/json").status_code == 400
    assert client.post("/hands/import", data="x", content_type="application/xml").status_code == 415
    assert client.get("/hands/00000000-0000-4000-8000-000000000000/record").status_code == 404
    assert client.get(f"/hands/{_hand(client, [])}/record?format=pdf").status_code == 400
    assert store.events.app.recorder.max_notification_id() == before + 1  # only the hand just opened


def test_a_scorekeeper_imports_only_the_tables_own_events(app: Flask) -> None:
    scorekeeper = client_as(app, token(app, "scorekeeper", "Table 2"))
    record = {
        "format": "adjudicator-hand/1",
        "ruleset": "texas",
        "dealer": "north",
        "events": random_hand(3, "texas", "north"),
    }
    assert scorekeeper.post("/hands/import", json=record).status_code == 201
    inspected = {**record, "events": [*record["events"][:20], {"type": "close"}]}
    refused = scorekeeper.post("/hands/import", json=inspected)
    assert refused.status_code == 403 and refused.get_json()["needs"] == ["official"]
    viewer = client_as(app, token(app, "viewer", "Press"))
    assert viewer.post("/hands/import", json=record).status_code == 403


def test_a_viewer_reads_no_concealed_card_in_a_record_while_the_hand_is_in_play(
    client: FlaskClient, app: Flask
) -> None:
    hand = _hand(client, random_hand(3, "texas", "north")[:10])
    viewer = client_as(app, token(app, "viewer", "Press"))
    record = viewer.get(f"/hands/{hand}/record").get_json()
    deal, *_ = record["events"]
    assert deal["hands"] is None and deal["kitty"] is None
    text = viewer.get(f"/hands/{hand}/record?format=text").get_data(as_text=True)
    assert "#1 deal hands=null kitty=null kitty_positions=null" in text
    assert client_as(app, None).get(f"/hands/{hand}/record").status_code == 401


def test_a_text_record_over_http(live_server: LiveServer) -> None:
    """A real server: the text as an official would send it with curl."""
    http_client = live_server.client()
    opened = http_client.post("/hands", {"ruleset": "ontario", "dealer": "west"}).body
    http_client.post(f"/hands/{opened['id']}/events", [{"type": "bid", "seat": "north", "bid": "3 hearts"}])
    conn = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=30)
    auth = {"Authorization": f"Bearer {live_server.token}"}
    conn.request("GET", f"/hands/{opened['id']}/record", headers={**auth, "Accept": "text/plain"})
    text = conn.getresponse().read()
    conn.request(
        "POST", "/hands/import", body=text, headers={**auth, "Content-Type": "text/plain; charset=utf-8"}
    )
    reply = conn.getresponse()
    assert reply.status == 201
    assert json.loads(reply.read())["events"] == 1
    conn.close()


def test_a_record_names_the_tournament_sheet_that_links_its_hand(app: Flask, client: FlaskClient) -> None:
    tournament, hand = linked_hand(app, client)
    app.extensions["adjudicator.read_models"].catch_up()
    record = client.get(f"/hands/{hand}/record").get_json()
    assert record["tournament"] == {"id": tournament, "match": "R1-T1", "table": 1}
    text = client.get(f"/hands/{hand}/record?format=text").get_data(as_text=True)
    assert f'[Tournament "{tournament}"]\n[Match "R1-T1"]\n[Table 1]\n' in text
    copy = client.post("/hands/import", json=record).get_json()["hands"][0]["id"]
    assert client.get(f"/hands/{copy}/record").get_json()["tournament"] == record["tournament"]  # provenance


def test_an_events_provenance_is_an_author_and_a_time(client: FlaskClient) -> None:
    event = {
        "type": "bid",
        "seat": "east",
        "bid": "4",
        "author": {"name": "Ann", "role": "king"},
        "recorded_at": 5,
    }
    reply = client.post("/hands/import", json={"ruleset": "texas", "dealer": "north", "events": [event]})
    assert reply.status_code == 422
    assert reply.get_json()["errors"] == {
        "events": {
            "0": {
                "author": {"role": ["Must be one of: official, scorekeeper, viewer."]},
                "recorded_at": ["Not a valid string."],
            }
        }
    }
