"""The round clock of a timed game: Ontario's 20-minute games (C.1) counted down on the desk and on
the table's page from the round's seating as recorded; a rulebook without a time limit shows none."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import run_ontario
from api.auth import COOKIE
from tests.e2e.conftest import token


def _page(app: Flask, bearer: str, path: str) -> str:
    browser = app.test_client()
    browser.set_cookie(COOKIE, bearer)
    answer = browser.get(path)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    return answer.get_data(as_text=True)


def test_ontario_rounds_are_clocked_on_the_desk_and_the_table(
    app: Flask, client: FlaskClient, official_token: str
) -> None:
    director = run_ontario(players=8, seed=3, games=1)
    seated = next(n for n, e in enumerate(director.log) if e["type"] == "seating_confirmed")
    tournament = client.post("/tournaments", json={"ruleset": "ontario", "name": "Clocked"}).get_json()["id"]
    assert client.post(f"/tournaments/{tournament}/events", json=director.log[1:seated]).status_code == 201
    desk = _page(app, official_token, f"/console/desk/{tournament}")
    assert "round-clock" not in desk  # nothing seated yet: no clock
    assert client.post(f"/tournaments/{tournament}/events", json=[director.log[seated]]).status_code == 201
    desk = _page(app, official_token, f"/console/desk/{tournament}")
    assert 'Round 1: <strong class="clock-left">20 minutes left</strong> of its 20-minute games' in desk
    assert "ontario-55-bid-euchre.txt: C.1" in desk
    table = token(app, "scorekeeper", "Clocked table 1", tournament=tournament, table=1)
    assert "20 minutes left" in _page(app, table, "/console/table")
    board = _page(app, official_token, f"/console/board/{tournament}")  # the hall's projector too
    assert 'Round 1: <strong class="clock-left">20 minutes left</strong>' in board
    assert "round-clock" not in _page(app, official_token, f"/console/board/{untimed(client)}")


def untimed(client: FlaskClient) -> str:
    """A Texas tournament with its first round seated: no time limit, no clock."""
    tournament = client.post("/tournaments", json={"ruleset": "texas", "name": "Untimed"}).get_json()["id"]
    teams = [{"type": "team_registered", "team": t, "name": t} for t in ("A", "B")]
    assert client.post(f"/tournaments/{tournament}/events", json=teams).status_code == 201
    assert client.post(f"/tournaments/{tournament}/rounds/1/seating", json={}).status_code == 201
    return str(tournament)


def test_a_rulebook_without_a_time_limit_shows_no_clock(
    app: Flask, client: FlaskClient, official_token: str
) -> None:
    assert "round-clock" not in _page(app, official_token, f"/console/desk/{untimed(client)}")
