"""A conduct tech through the REST API: the opponents' call, the official's finding, the ruling and score."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def _ruling(client: FlaskClient, hand: str, kind: str) -> dict[str, Any]:
    rulings = client.get(f"/hands/{hand}/rulings").get_json()["rulings"]
    found: dict[str, Any] = next(r for r in rulings if r["kind"] == kind)
    return found


def test_a_conduct_call_waits_for_the_officials_finding_then_costs_the_hand(client: FlaskClient) -> None:
    hand = client.post("/hands", json={"ruleset": "detroit", "dealer": "west"}).get_json()["id"]
    bids = [
        {"type": "bid", "seat": seat, "bid": bid}
        for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
    ]
    call = {
        "type": "tech_call",
        "by": "east",
        "against": "south",
        "infraction": "talking_the_game",
        "note": "south told north to lead hearts",
    }
    answer = client.post(f"/hands/{hand}/events", json=[*bids, call])
    assert answer.status_code < 300, answer.get_json()
    state = client.get(f"/hands/{hand}").get_json()
    ruling = _ruling(client, hand, "talking_the_game")
    assert (ruling["status"], ruling["called_by"]) == ("pending", {"seat": "east", "event": 5})
    assert "south told north to lead hearts" in ruling["detail"]
    assert not state["score"]["final"]

    answer = client.post(f"/hands/{hand}/events", json={"type": "finding", "call": 5, "finding": "upheld"})
    assert answer.status_code < 300, answer.get_json()
    state = client.get(f"/hands/{hand}").get_json()
    ruling = _ruling(client, hand, "talking_the_game")
    assert ruling["status"] == "established"
    assert ruling["effect"] == {"type": "loss_of_hand", "team": "north_south"}
    cited = {"document": "detroit-senior-olympics-bid-whist.txt", "section": "III.c.viii"}
    assert cited in ruling["citations"]
    assert state["score"]["final"] and state["score"]["decided_by"] == "talking_the_game@5"
    assert state["score"]["points"] == {"north_south": 0, "east_west": 4}


def test_a_finding_needs_a_conduct_call_and_the_officials_choice(client: FlaskClient) -> None:
    hand = client.post("/hands", json={"ruleset": "chicago", "dealer": "west"}).get_json()["id"]
    call = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}
    assert client.post(f"/hands/{hand}/events", json=call).status_code < 300
    refused = client.post(f"/hands/{hand}/events", json={"type": "finding", "call": 1, "finding": "upheld"})
    assert refused.status_code == 422, refused.get_json()
    chosen = {"type": "finding", "call": 1, "finding": "upheld", "option": "no_penalty"}
    assert client.post(f"/hands/{hand}/events", json=chosen).status_code < 300
    ruling = _ruling(client, hand, "looking_at_kitty")
    assert (ruling["status"], ruling["effect"]) == ("established", {"type": "none"})
    assert ruling["choice"] == {"event": 2, "option": "no_penalty", "by": "official"}


def test_the_officials_finding_and_choice_keep_a_note_and_refuse_an_overlong_one(client: FlaskClient) -> None:
    hand = client.post("/hands", json={"ruleset": "chicago", "dealer": "west"}).get_json()["id"]
    call = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}
    assert client.post(f"/hands/{hand}/events", json=call).status_code < 300
    found = {"type": "finding", "call": 1, "finding": "upheld", "option": "no_penalty"}
    overlong = client.post(f"/hands/{hand}/events", json={**found, "note": "x" * 501})
    assert overlong.status_code == 422, overlong.get_json()
    noted = client.post(f"/hands/{hand}/events", json={**found, "note": "the kitty was already face up"})
    assert noted.status_code < 300, noted.get_json()
    events = client.get(f"/hands/{hand}/events").get_json()["events"]
    assert events[-1]["note"] == "the kitty was already face up"
    assert _ruling(client, hand, "looking_at_kitty")["status"] == "established"


def test_an_officials_choice_keeps_its_note(client: FlaskClient) -> None:
    hand = client.post("/hands", json={"ruleset": "ontario", "dealer": "west"}).get_json()["id"]
    bids = [
        {"type": "bid", "seat": "north", "bid": "3 hearts"},
        {"type": "bid", "seat": "east", "bid": "3 spades"},
    ]
    assert client.post(f"/hands/{hand}/events", json=bids).status_code < 300
    chosen = {"type": "choice", "ruling": "same_number@2", "option": "stand_down", "by": "official"}
    answer = client.post(f"/hands/{hand}/events", json={**chosen, "note": "east meant to pass"})
    assert answer.status_code < 300, answer.get_json()
    assert client.get(f"/hands/{hand}/events").get_json()["events"][-1]["note"] == "east meant to pass"
