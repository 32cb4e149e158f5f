"""A hand recorded by its result through the API (issue 31, item 3): one ``result`` event (the
contract and the books won) scores the hand and puts it on a match's sheet exactly as the same hand
recorded card by card; a result the rulebook does not allow is refused in words, nothing stored; a
renege call on it waits for its books, entered as they lie, and books that disagree with the result
bring an official."""

from __future__ import annotations

from typing import Any

from flask import Flask

from adjudicator.simulation.hands import scripted_hand
from tests.e2e.test_roles import _registered, _tournament

RESULT = {"type": "result", "seat": "south", "bid": "5 uptown", "trump": "spades", "books": 12}


def _seated(app: Flask) -> str:
    director = _registered(8)
    director.seat_next_round()
    return _tournament(app, director)


def _opened(client: Any, ruleset: str = "detroit") -> str:
    hand: str = client.post("/hands", json={"ruleset": ruleset, "dealer": "west"}).get_json()["id"]
    return hand


def _recorded(client: Any, hand: str, events: Any) -> None:
    reply = client.post(f"/hands/{hand}/events", json=events)
    assert reply.status_code == 201, reply.get_json()


def test_a_hand_recorded_by_its_result_goes_on_the_sheet_as_the_same_hand_played_card_by_card(
    app: Flask, client: Any
) -> None:
    tournament = _seated(app)
    by_result, by_cards = _opened(client), _opened(client)
    _recorded(client, by_result, RESULT)
    _recorded(client, by_cards, scripted_hand(12, bidder="south", dealer="west", bid="5 uptown"))
    scores = [client.get(f"/hands/{hand}/score").get_json() for hand in (by_result, by_cards)]
    assert scores[0] == scores[1]
    assert scores[0]["final"] and scores[0]["points"] == {"north_south": 6, "east_west": 0}
    assert client.get(f"/hands/{by_result}").get_json()["status"] == "complete"

    for hand, match in ((by_result, "R1-T1"), (by_cards, "R1-T2")):
        linked = client.post(f"/tournaments/{tournament}/matches/{match}/hands", json={"hand": hand})
        assert linked.status_code == 201, linked.get_json()
    sheets = {s["match"]: s for s in client.get(f"/tournaments/{tournament}").get_json()["sheets"]}
    on_sheet = [
        [{k: v for k, v in h.items() if k != "hand"} for h in sheets[m]["hands"]] for m in ("R1-T1", "R1-T2")
    ]
    assert on_sheet[0] == on_sheet[1] and len(on_sheet[0]) == 1


def test_a_result_the_rulebook_does_not_allow_is_refused_in_words_and_nothing_is_stored(
    app: Flask, client: Any
) -> None:
    whist, euchre = _opened(client), _opened(client, "ontario")
    for hand, event, said in (
        (whist, {**RESULT, "bid": "8 uptown"}, "the levels are 4 to 7"),
        (whist, {**RESULT, "trump": None}, "name its trump suit"),
        (whist, {**RESULT, "books": 0}, "the kitty is its first"),
        (euchre, {"type": "result", "seat": "north", "bid": "3 hearts", "books": 9}, "has 8 tricks"),
        (euchre, {"type": "result", "seat": "north", "bid": "pass", "books": 4}, "not a pass"),
    ):
        reply = client.post(f"/hands/{hand}/events", json=event)
        assert reply.status_code == 422, reply.get_json()
        assert reply.content_type == "application/problem+json"
        assert said in reply.get_json()["detail"]
    schema = client.post(f"/hands/{whist}/events", json={**RESULT, "books": 14})
    assert schema.status_code == 422 and "books" in str(schema.get_json()["errors"])
    assert [client.get(f"/hands/{h}").get_json()["version"] for h in (whist, euchre)] == [0, 0]


def test_a_call_on_a_hand_recorded_by_its_result_waits_for_its_books_and_a_disagreement_goes_to_an_official(
    app: Flask, client: Any
) -> None:
    hand = _opened(client)
    _recorded(client, hand, RESULT)
    call = {"type": "renege_call", "by": "west", "against": "north"}
    early = client.post(f"/hands/{hand}/events", json=call)
    assert early.status_code == 422 and "enter its books as they lie" in early.get_json()["detail"]

    plays = [
        e for e in scripted_hand(11, bidder="south", dealer="west", bid="5 uptown") if e["type"] == "play"
    ]
    _recorded(client, hand, plays)  # the books as they lie: North-South took 11, not 12
    rulings = client.get(f"/hands/{hand}/rulings").get_json()["rulings"]
    assert [(r["kind"], r["status"]) for r in rulings] == [("result_conflict", "pending")]
    assert "took 12 by the result, 11 by the books entered" in rulings[0]["detail"]
    assert client.get(f"/hands/{hand}/score").get_json()["books"] == {"north_south": 12, "east_west": 1}

    _recorded(client, hand, call)  # now the engine rules on the record: no renege, a false call
    kinds = [r["kind"] for r in client.get(f"/hands/{hand}/rulings").get_json()["rulings"]]
    assert "false_renege_call" in kinds
    corrected = {
        "type": "correct_record",
        "event": 1,
        "replace_with": {**RESULT, "books": 11},
        "reason": "miscounted",
    }
    _recorded(client, hand, corrected)
    kinds = [r["kind"] for r in client.get(f"/hands/{hand}/rulings").get_json()["rulings"]]
    assert "result_conflict" not in kinds
