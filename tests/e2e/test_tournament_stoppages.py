"""Issue 11 through the API: a Detroit playoff team not present is eliminated by the official and its
opponent advances (I Playoff Pairing); a signed Cardtel sheet is corrected only for arithmetic, a hand's
result going to a dispute (Score Sheets 3, 5-7)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import Director, whist_hand


def _create(client: FlaskClient, ruleset: str) -> str:
    reply = client.post("/tournaments", json={"ruleset": ruleset, "name": "Issue 11"})
    assert reply.status_code == 201, reply.get_json()
    tournament_id: str = reply.get_json()["id"]
    return tournament_id


def _post(client: FlaskClient, tournament_id: str, events: Any) -> Any:
    return client.post(f"/tournaments/{tournament_id}/events", json=events)


def _seeded_detroit() -> Director:
    director = Director(5)
    director.record({"type": "tournament_created", "ruleset": "detroit", "name": "Issue 11"})
    for n in range(1, 21):
        director.record({"type": "team_registered", "team": f"T{n:02d}", "number": n})
    scorer = whist_hand("detroit", 500)
    t = director.tournament
    for _ in range(3):
        director.seat_next_round()
        director.play_round(scorer)
    director.settle_ties(17)
    director.record({"type": "playoff_seeded", "seeds": t.propose_seeding()["seeds"], "by": "official"})
    return director


def test_an_absent_playoff_team_is_eliminated_and_its_opponent_advances(client: FlaskClient) -> None:
    director = _seeded_detroit()
    tournament_id = _create(client, "detroit")
    for start in range(1, len(director.log), 200):  # at most 200 events a request
        setup = _post(client, tournament_id, director.log[start : start + 200])
        assert setup.status_code == 201, setup.get_json()
    seeds = director.tournament.seeding["seeds"] if director.tournament.seeding else []
    absent = {"type": "team_absent", "match": "P1-1", "team": seeds[15], "reason": "not present at the call"}
    reply = _post(client, tournament_id, absent)
    assert reply.status_code == 201, reply.get_json()
    state = client.get(f"/tournaments/{tournament_id}").get_json()
    assert state["bracket"]["matches"]["P1-1"]["winner"] == seeds[0]
    sheet = next(s for s in state["sheets"] if s["match"] == "P1-1")
    assert sheet["status"] == "eliminated"
    assert {"document": "detroit-senior-olympics-bid-whist.txt", "section": "I Playoff Pairing"} in sheet[
        "stoppage"
    ]["citations"]
    signed = _post(client, tournament_id, {"type": "sheet_signed", "match": "P1-1", "team": seeds[0]})
    assert signed.status_code == 422
    assert "decided by an absence" in signed.get_json()["detail"]


def _hand(winner: str, points: int) -> dict[str, Any]:
    loser = "east_west" if winner == "north_south" else "north_south"
    return {
        "final": True,
        "void": False,
        "winner": winner,
        "points": {winner: points, loser: 0},
        "hand_wins": {winner: 1, loser: 0},
        "boston": None,
    }


def test_a_signed_cardtel_sheet_is_corrected_only_for_arithmetic(client: FlaskClient) -> None:
    tournament_id = _create(client, "cardtel")
    setup = [
        {"type": "team_registered", "team": "Aces", "number": 1},
        {"type": "team_registered", "team": "Kings", "number": 2},
        {"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["Aces", "Kings"]},
        {
            "type": "seating_confirmed",
            "round": 1,
            "tables": [{"table": 1, "north_south": "Aces", "east_west": "Kings"}],
        },
        *(
            {"type": "hand_scored", "match": "R1-T1", "hand": f"h{n}", "score": _hand(side, pts)}
            for n, (side, pts) in enumerate(
                [("north_south", 5), ("north_south", 5), ("east_west", 2), ("east_west", 3)], start=1
            )
        ),
        {"type": "sheet_signed", "match": "R1-T1", "team": "Aces"},
        {"type": "sheet_signed", "match": "R1-T1", "team": "Kings"},
    ]
    reply = _post(client, tournament_id, setup)
    assert reply.status_code == 201, reply.get_json()
    result = {"type": "sheet_corrected", "match": "R1-T1", "hand": "h4", "reason": "a renege"}
    refused = _post(client, tournament_id, {**result, "score": _hand("north_south", 4)})
    assert refused.status_code == 422
    assert "never a hand's result" in refused.get_json()["detail"]
    arithmetic = {
        **result,
        "reason": "3 was added as 2",
        "score": {"points": {"north_south": 0, "east_west": 4}},
    }
    assert _post(client, tournament_id, arithmetic).status_code == 201
    sheet = client.get(f"/tournaments/{tournament_id}").get_json()["sheets"][0]
    assert sheet["result"]["points"] == {"north_south": 10, "east_west": 6}
