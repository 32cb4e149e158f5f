"""A mis-keyed card corrected through the API: the original stays in the history, the rulings follow."""

from __future__ import annotations

from flask.testing import FlaskClient

from adjudicator import adjudicate
from tests.unit.test_corrections import DEALER, RULESET, _miskeyed


def test_a_miskeyed_card_is_corrected_by_an_event_and_the_history_shows_both(client: FlaskClient) -> None:
    events, index, wrong = _miskeyed()
    hand = client.post("/hands", json={"ruleset": RULESET, "dealer": DEALER}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=[*events[:index], wrong]).status_code == 201
    renege = [r for r in client.get(f"/hands/{hand}/rulings").get_json()["rulings"] if r["kind"] == "renege"]
    assert renege, "the mis-keyed card reads as a renege"
    correction = {
        "type": "correct_record",
        "event": index + 1,
        "replace_with": events[index],
        "reason": "mis-keyed",
    }
    reply = client.post(f"/hands/{hand}/events", json=[correction, *events[index + 1 :]])
    assert reply.status_code == 201, reply.get_json()
    history = client.get(f"/hands/{hand}/events").get_json()["events"]
    assert history[index]["card"] == wrong["card"]
    assert history[index + 1]["type"] == "correct_record" and history[index + 1]["reason"] == "mis-keyed"
    right = adjudicate(RULESET, DEALER, events)
    rulings = client.get(f"/hands/{hand}/rulings").get_json()["rulings"]
    assert [r["kind"] for r in rulings] == [r.kind for r in right.rulings]
    score = client.get(f"/hands/{hand}/score").get_json()
    assert score["points"] == right.score["points"] and score["final"]


def test_an_impossible_correction_is_refused_and_nothing_is_stored(client: FlaskClient) -> None:
    events, index, _ = _miskeyed()
    hand = client.post("/hands", json={"ruleset": RULESET, "dealer": DEALER}).get_json()["id"]
    client.post(f"/hands/{hand}/events", json=events[: index + 6])
    played_later = events[index + 4]["card"]
    correction = {
        "type": "correct_record",
        "event": index + 1,
        "replace_with": {**events[index], "card": played_later},
        "reason": "mis-keyed",
    }
    reply = client.post(f"/hands/{hand}/events", json=correction)
    assert reply.status_code == 422
    assert "the corrected record is impossible" in reply.get_json()["detail"]
    assert client.get(f"/hands/{hand}").get_json()["version"] == index + 6
