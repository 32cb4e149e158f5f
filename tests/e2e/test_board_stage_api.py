"""The board's JSON says where the day is, as its page heads it: the stage (registration, a round, the
playoff, the final, the final results) with its title, and a timed game's round clock while a round
is played (Ontario's 20 minutes, C.1), counted from the round's seating as recorded."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import Director, first_semi_final, run_detroit, run_ontario
from tests.e2e.test_round_clock import untimed


def _posted(client: FlaskClient, director: Director, upto: int | None = None) -> str:
    created = {k: v for k, v in director.log[0].items() if k != "type"}
    tournament = str(client.post("/tournaments", json=created).get_json()["id"])
    log = director.log[1:upto]
    for start in range(0, len(log), 200):  # a batch holds at most 200 events
        answer = client.post(f"/tournaments/{tournament}/events", json=log[start : start + 200])
        assert answer.status_code == 201, answer.get_json()
    return tournament


def _stage(client: FlaskClient, tournament: str) -> dict[str, Any]:
    answer = client.get(f"/tournaments/{tournament}/board")
    assert answer.status_code == 200, answer.get_json()
    stage: dict[str, Any] = answer.get_json()["stage"]
    return stage


def test_a_timed_round_carries_its_clock(client: FlaskClient) -> None:
    director = run_ontario(players=8, seed=3, games=1)
    seated = next(n for n, e in enumerate(director.log) if e["type"] == "seating_confirmed")
    tournament = _posted(client, director, seated)
    assert _stage(client, tournament) == {
        "kind": "registration",
        "round": None,
        "title": "Registration",
        "clock": None,
    }
    assert client.post(f"/tournaments/{tournament}/events", json=[director.log[seated]]).status_code == 201
    stage = _stage(client, tournament)
    assert (stage["kind"], stage["round"], stage["title"]) == ("round", 1, "Round 1")
    clock = stage["clock"]
    assert (clock["round"], clock["minutes"]) == (1, 20)
    started, ends = datetime.fromisoformat(clock["started_at"]), datetime.fromisoformat(clock["ends_at"])
    assert ends - started == timedelta(minutes=20)
    assert abs(datetime.now(started.tzinfo) - started) < timedelta(minutes=5)  # the seating just recorded
    assert "C.1" in [c["section"] for c in clock["citations"]]


def test_an_untimed_round_has_no_clock_and_the_playoff_and_its_end_are_named(client: FlaskClient) -> None:
    assert _stage(client, untimed(client)) == {"kind": "round", "round": 1, "title": "Round 1", "clock": None}
    semis = _posted(client, first_semi_final("Stage Open", {f"ST{n}": f"Stage {n}" for n in range(1, 5)}))
    assert _stage(client, semis) == {
        "kind": "playoff",
        "round": 1,
        "title": "Playoff: semi-finals",
        "clock": None,
    }
    done = _posted(client, run_detroit(8, 2))
    assert _stage(client, done) == {
        "kind": "finished",
        "round": None,
        "title": "Final results",
        "clock": None,
    }
