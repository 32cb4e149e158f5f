"""A tournament's start over REST (issue 32, item 2): the start with its zone in the tournament's answer
and its list; Ontario's default of a team not present at the start, recorded, kept out of the draw and
the seating, and the Event Convenor's exception; a provincial entry qualified by a district gold
recorded on this server."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient


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
