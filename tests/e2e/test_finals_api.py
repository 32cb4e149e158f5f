"""Who goes on, over REST: a final created from two qualifiers' recorded results, its field linked
both ways; a final refused in words (and nothing created) where a qualifier cannot send anyone on."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import Director, run_detroit


def _posted(client: FlaskClient, director: Director) -> str:
    created, *rest = director.log
    answer = client.post("/tournaments", json={k: v for k, v in created.items() if k != "type"})
    tournament: str = answer.get_json()["id"]
    for start in range(0, len(rest), 200):
        assert (
            client.post(f"/tournaments/{tournament}/events", json=rest[start : start + 200]).status_code
            == 201
        )
    return tournament


def _final(client: FlaskClient, *qualifiers: str, ruleset: str = "detroit") -> Any:
    body = {"ruleset": ruleset, "name": "Senior Olympics", "qualifiers": list(qualifiers)}
    return client.post("/finals", json=body)


def test_a_final_is_made_of_its_qualifiers_final_fours_and_linked_both_ways(
    app: Flask, client: FlaskClient
) -> None:
    east_run, west_run = run_detroit(8, seed=1, name="East"), run_detroit(8, seed=2, name="West")
    east, west = _posted(client, east_run), _posted(client, west_run)
    made = _final(client, east, west)
    assert made.status_code == 201, made.get_json()
    final = made.get_json()
    bracket = east_run.tournament.bracket()
    assert bracket is not None
    four = [bracket["places"][str(n)] for n in range(1, 5)]
    assert [team["name"] for team in final["teams"][:4]] == four
    assert len(final["teams"]) == 8 and final["version"] == 9
    app.extensions["adjudicator.read_models"].catch_up()
    links = client.get(f"/tournaments/{final['id']}/links").get_json()
    assert [q["name"] for q in links["qualified"]] == ["East"] * 4 + ["West"] * 4
    back = client.get(f"/tournaments/{east}/links").get_json()
    assert back["finals"] == [{"tournament": final["id"], "name": "Senior Olympics"}]


def test_a_final_that_cannot_be_made_is_refused_in_words_and_nothing_is_created(
    app: Flask, client: FlaskClient
) -> None:
    undecided = client.post("/tournaments", json={"ruleset": "detroit", "name": "North"}).get_json()["id"]
    texas = client.post("/tournaments", json={"ruleset": "texas"}).get_json()["id"]
    app.extensions["adjudicator.read_models"].catch_up()
    before = len(client.get("/tournaments").get_json()["tournaments"])
    refused = _final(client, undecided)
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    assert "Final Four of “North” are not decided yet" in refused.get_json()["detail"]
    silent = _final(client, texas, ruleset="texas")
    assert silent.status_code == 422 and "SEASON, who goes on: silent" in silent.get_json()["detail"]
    for body in ({"ruleset": "detroit", "qualifiers": []}, {"ruleset": "detroit", "qualifiers": ["x"]}, {}):
        assert client.post("/finals", json=body).status_code == 422, body
    unknown = _final(client, "6f1c0d55-5b7e-4b55-9a53-1f8e3f0c2a10")
    assert unknown.status_code == 422 and "no tournament has the id" in unknown.get_json()["detail"]
    app.extensions["adjudicator.read_models"].catch_up()
    assert len(client.get("/tournaments").get_json()["tournaments"]) == before
