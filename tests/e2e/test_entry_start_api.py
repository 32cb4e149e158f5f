"""A tournament's start over REST (issue 32, item 2): the start with its zone in the tournament's answer
and its list; Ontario's default of a team not present at the start, recorded, kept out of the draw and
the seating, and the Event Convenor's exception; a provincial entry qualified by a district gold
recorded on this server."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import run_ontario


def _created(client: FlaskClient, **settings: object) -> str:
    answer = client.post("/tournaments", json=settings)
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["id"])


def test_the_start_is_answered_with_its_zone_in_the_tournament_and_the_list(
    app: Flask, client: FlaskClient
) -> None:
    tournament = _created(client, ruleset="detroit", name="Zoned", starts_at="2099-05-16T10:00:00-04:00")
    assert client.get(f"/tournaments/{tournament}").get_json()["starts_at"] == "2099-05-16T10:00:00-04:00"
    app.extensions["adjudicator.read_models"].catch_up()
    listed = {row["id"]: row for row in client.get("/tournaments").get_json()["tournaments"]}
    assert listed[tournament]["starts_at"] == "2099-05-16T10:00:00-04:00"
    plain = _created(client, ruleset="texas")
    assert client.get(f"/tournaments/{plain}").get_json()["starts_at"] is None


def pairs(count: int) -> list[dict[str, Any]]:
    """``count`` Ontario pairs of players 55 or over living in Ontario, "Pair 1" on."""
    return [event for n in range(1, count + 1) for event in _pair(n)]


def _pair(n: int) -> list[dict[str, Any]]:
    players = [f"P{n}a", f"P{n}b"]
    facts = {"birth_date": "1950-01-01", "residence": "Ontario"}
    return [
        *({"type": "player_registered", "player": p} for p in players),
        {
            "type": "team_registered",
            "team": f"Pair {n}",
            "players": players,
            "declared": dict.fromkeys(players, facts),
        },
    ]


def test_a_team_not_checked_in_at_ontarios_start_is_recorded_in_default_and_left_out_of_the_draw(
    client: FlaskClient,
) -> None:
    start = datetime.now(UTC) + timedelta(seconds=3)
    tournament = _created(client, ruleset="ontario", name="District Day", starts_at=start.isoformat())
    events = f"/tournaments/{tournament}/events"
    assert client.post(events, json=pairs(5)).status_code == 201
    for n in range(1, 5):
        checked = client.post(f"/tournaments/{tournament}/check-ins", json={"team": f"Pair {n}"})
        assert checked.status_code == 201, checked.get_json()
    time.sleep(max(0.0, (start - datetime.now(UTC)).total_seconds()) + 0.2)
    drawn = client.post(f"/tournaments/{tournament}/draws", json={})
    assert drawn.status_code == 201, drawn.get_json()
    recorded = drawn.get_json()["events"]
    assert recorded[0] == {"type": "team_in_default", "team": "Pair 5"}
    assert sorted(recorded[-1]["outcome"]) == ["Pair 1", "Pair 2", "Pair 3", "Pair 4"]
    teams = {t["team"]: t for t in client.get(f"/tournaments/{tournament}").get_json()["teams"]}
    assert teams["Pair 5"]["withdrawn"]["reason"] == f"in default: not present at the start at {start:%H:%M}"
    assert {"document": "ontario-55-bid-euchre.txt", "section": "A"} in teams["Pair 5"]["withdrawn"][
        "citations"
    ]
    late = client.post(f"/tournaments/{tournament}/check-ins", json={"team": "Pair 5"})
    assert late.status_code == 422 and "an official may admit" in late.get_json()["detail"]
    exception = {
        "type": "entry_admitted",
        "team": "Pair 5",
        "reason": "the Event Convenor's exception: a detour",
    }
    assert client.post(events, json=exception).status_code == 201
    assert client.post(f"/tournaments/{tournament}/check-ins", json={"team": "Pair 5"}).status_code == 201
    teams = {t["team"]: t for t in client.get(f"/tournaments/{tournament}").get_json()["teams"]}
    assert teams["Pair 5"]["withdrawn"] is None


def _linked(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A simulated day's log with each player linked to an association record of the same name."""
    return [{**e, "person": f"rec-{e['player']}"} if e["type"] == "player_registered" else e for e in log]


def test_a_district_gold_recorded_here_qualifies_for_the_provincial_championships_without_a_title(
    app: Flask, client: FlaskClient
) -> None:
    day = run_ontario(players=8, seed=3, games=12)
    created, *rest = _linked(day.log)
    district = _created(client, **{k: v for k, v in created.items() if k != "type"})
    for start in range(0, len(rest), 200):  # at most 200 events a request
        assert (
            client.post(f"/tournaments/{district}/events", json=rest[start : start + 200]).status_code == 201
        )
    gold = client.get(f"/tournaments/{district}/medals").get_json()
    winners = [f"rec-{p}" for p in gold["members"]["gold"]]
    app.extensions["adjudicator.read_models"].catch_up()
    provincial = _created(
        client,
        ruleset="ontario",
        level="provincial",
        name="Provincials",
        starts_at="2099-08-20T09:00:00-04:00",
    )

    def entry(team: str, people: list[str], **declared: Any) -> list[dict[str, Any]]:
        players = [f"{team} {n}" for n in (1, 2)]
        registered = [
            {"type": "player_registered", "player": p, "person": r}
            for p, r in zip(players, people, strict=True)
        ]
        team_entry = {"type": "team_registered", "team": team, "players": players}
        if declared:
            team_entry["declared"] = {players[0]: declared}
        return [*registered, team_entry]

    events = f"/tournaments/{provincial}/events"
    refused = client.post(
        events, json=entry("Others", ["rec-nobody-1", "rec-nobody-2"], district_gold=district)
    )
    assert refused.status_code == 422
    problem = refused.get_json()
    assert (
        "Others 1 declares no qualifying title, and no district gold medal of theirs is recorded"
        in problem["detail"]
    )
    assert {"document": "ontario-55-bid-euchre.txt", "section": "B"} in problem["citations"]
    taken = client.post(events, json=entry("Champions", winners))
    assert taken.status_code == 201, taken.get_json()
    registered = taken.get_json()["events"][-1]
    assert registered["declared"] == {f"Champions {n}": {"district_gold": district} for n in (1, 2)}
