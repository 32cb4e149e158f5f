"""A Bid Euchre hand goes through the API exactly like a Bid Whist hand (issue 4)."""

from __future__ import annotations

from typing import Any

from adjudicator import adjudicate
from adjudicator.domain import words as say
from adjudicator.simulation.hands import random_euchre_hand, scripted_euchre_hand
from tests.e2e.conftest import LiveServer


def _open(live_server: LiveServer) -> str:
    reply = live_server.client().post("/hands", {"ruleset": "ontario", "dealer": "west"})
    assert reply.status == 201 and reply.body["ruleset"] == "ontario"
    hand_id: str = reply.body["id"]
    return hand_id


def test_a_recorded_bid_euchre_hand_replays_through_the_api_as_the_domain_rules_it(
    live_server: LiveServer,
) -> None:
    events: list[dict[str, Any]] = scripted_euchre_hand(7, bid="call for two")  # with its exchange
    events.append({"type": "renege_call", "by": "east", "against": "north"})  # no renege: dismissed
    http = live_server.client()
    one_by_one, at_once = _open(live_server), _open(live_server)
    for version, event in enumerate(events, start=1):
        reply = http.post(f"/hands/{one_by_one}/events", event, {"If-Match": f'"{version - 1}"'})
        assert (reply.status, reply.body) == (201, {"version": version}), reply.body
    assert http.post(f"/hands/{at_once}/events", events).body == {"version": len(events)}
    domain = adjudicate("ontario", "west", events)
    for hand_id in (one_by_one, at_once):
        assert http.get(f"/hands/{hand_id}/state").body == domain.state
        rulings = http.get(f"/hands/{hand_id}/rulings").body["rulings"]
        assert [{k: v for k, v in r.items() if k != "text"} for r in rulings] == domain.rulings_data()
        assert [r["text"] for r in rulings] == [
            say.ruling_in_full(r, domain.score) for r in domain.rulings_data()
        ]
        score = http.get(f"/hands/{hand_id}/score").body
        assert score["points"] == {"north_south": -12, "east_west": 1}
        assert score["made"] is False and score["winner"] == "east_west"
    summary = http.get(f"/hands/{one_by_one}").body
    assert summary["ruleset"] == "ontario" and summary["version"] == len(events)


def test_an_impossible_bid_euchre_event_is_refused_and_nothing_is_stored(live_server: LiveServer) -> None:
    events = random_euchre_hand(5, "west")
    http = live_server.client()
    hand_id = _open(live_server)
    bad = [*events[:6], {"type": "play", "seat": "north", "card": "10H"}]  # no tens in the double deck
    reply = http.post(f"/hands/{hand_id}/events", bad)
    assert reply.status == 422
    assert "not in this game's deck" in reply.body["detail"]
    assert http.get(f"/hands/{hand_id}").body["version"] == 0
