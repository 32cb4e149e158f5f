"""A hand's status follows the hand: in play once the first card is due, complete once a ruling decides it."""

from __future__ import annotations

from flask.testing import FlaskClient

from adjudicator.simulation.hands import scripted_hand


def _open(client: FlaskClient, ruleset: str, dealer: str) -> str:
    hand: str = client.post("/hands", json={"ruleset": ruleset, "dealer": dealer}).get_json()["id"]
    return hand


def test_a_hand_whose_first_card_is_due_is_in_play(client: FlaskClient) -> None:
    events = scripted_hand(7, dealer="west")
    first_play = next(i for i, e in enumerate(events) if e["type"] == "play")
    hand = _open(client, "detroit", "west")
    client.post(f"/hands/{hand}/events", json=events[: first_play - 1])
    assert client.get(f"/hands/{hand}").get_json()["status"] == "kitty"  # the declaration is still due
    client.post(f"/hands/{hand}/events", json=events[first_play - 1])
    answer = client.get(f"/hands/{hand}").get_json()
    assert (answer["status"], answer["turn"]["action"]) == ("play", "play")


def test_a_hand_a_ruling_decided_is_complete(client: FlaskClient) -> None:
    hand = _open(client, "texas", "north")
    bids = [{"type": "bid", "seat": s, "bid": b} for s, b in (("east", "4"), ("north", "5"))]
    client.post(
        f"/hands/{hand}/events", json=[*bids, {"type": "tech_call", "by": "west", "against": "north"}]
    )
    answer = client.get(f"/hands/{hand}").get_json()
    assert answer["score"]["final"] and answer["score"]["decided_by"] == "bid_out_of_turn@2"
    assert answer["status"] == "complete"
