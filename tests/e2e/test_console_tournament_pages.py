"""The console's tournament pages over the app (the browser tests walk them in Chromium): who may
read them, what an unknown tournament or a service without read models shows, and the list's order.
Also the tournament a scorekeeper's linked hand is on: its sheet carries the hand's dealer, and every
rulebook's tournament still reads (the deal's citations are Ontario's alone)."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID, uuid4

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.service import hands as hand_use
from adjudicator.service import seating
from adjudicator.service import tournaments as use
from adjudicator.service.credentials import Author
from adjudicator.simulation.hands import random_hand
from adjudicator.simulation.tournaments import Director, run_ontario, whist_hand
from api import create_app
from api.console.tournaments import KEYS
from tests.e2e.conftest import client_as, sqlite_config, token

OFFICIAL = Author("Setter", "official")


def _tournament(app: Flask, name: str) -> UUID:
    tournaments = app.extensions["adjudicator.tournaments"]
    created = use.create(tournaments, {"ruleset": "detroit", "name": name}, OFFICIAL)["id"]
    teams = [
        {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"P{n}a", f"P{n}b"]}
        for n in range(1, 5)
    ]
    use.append_events(tournaments, created, teams, author=OFFICIAL)
    return UUID(str(created))


def _caught_up(app: Flask) -> None:
    app.extensions["adjudicator.read_models"].catch_up()


def test_an_anonymous_reader_is_sent_to_sign_in(app: Flask) -> None:
    anonymous = client_as(app, None)
    for path in ("/console/tournaments", f"/console/tournaments/{uuid4()}"):
        reply = anonymous.get(path)
        assert reply.status_code == 303
        assert reply.headers["Location"].startswith("/console/sign-in?next=")


def test_the_list_is_newest_first_and_an_unknown_tournament_is_a_404_page(app: Flask) -> None:
    first, second = _tournament(app, "Spring open"), _tournament(app, "Summer open")
    _caught_up(app)
    viewer = client_as(app, token(app, "viewer"))
    listed = viewer.get("/console/tournaments").get_data(as_text=True)
    assert listed.index(str(second)) < listed.index(str(first))
    shown = viewer.get(f"/console/tournaments/{first}")
    assert shown.status_code == 200 and "Spring open" in shown.get_data(as_text=True)
    unknown = viewer.get(f"/console/tournaments/{uuid4()}")
    assert unknown.status_code == 404 and unknown.mimetype == "text/html"


def test_the_api_lists_the_same_tournaments_newest_first_to_a_credential(app: Flask) -> None:
    first, second = _tournament(app, "Autumn open"), _tournament(app, "Winter open")
    _caught_up(app)
    assert client_as(app, None).get("/tournaments").status_code == 401
    reply = client_as(app, token(app, "viewer")).get("/tournaments")
    assert reply.status_code == 200
    listed = reply.get_json()["tournaments"]
    ids = [item["id"] for item in listed]
    assert ids.index(str(second)) < ids.index(str(first))
    autumn = listed[ids.index(str(first))]
    assert {k: autumn[k] for k in ("name", "ruleset", "game", "version", "teams", "rounds", "signed")} == {
        "name": "Autumn open",
        "ruleset": "detroit",
        "game": "Bid Whist",
        "version": 5,
        "teams": 4,
        "rounds": 0,
        "signed": 0,
    }
    assert autumn["medals"] == {"places": {"gold": None, "silver": None, "bronze": None}, "complete": False}


def test_without_read_models_the_list_says_so(tmp_path: Path) -> None:
    app = create_app({**sqlite_config(tmp_path), "ADJUDICATOR_READ_MODELS": False})
    try:
        official = client_as(app, token(app, "official"))
        reply = official.get("/console/tournaments")
        assert reply.status_code == 503 and "read models" in reply.get_data(as_text=True)
        problem = official.get("/tournaments")
        assert problem.status_code == 503
        assert problem.get_json()["type"] == "urn:adjudicator:problem:read-models-off"
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()


def test_a_linked_hands_dealer_leaves_a_detroit_tournament_readable(app: Flask, client: FlaskClient) -> None:
    tournament = _tournament(app, "Linked")
    tournaments, hands = (
        app.extensions["adjudicator.tournaments"],
        app.extensions["adjudicator.adapters.hand_store"],
    )
    round_one = {"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["T1", "T2", "T3", "T4"]}
    use.append_events(tournaments, tournament, [round_one], author=OFFICIAL)
    seating.seat_round(tournaments, tournament, 1, author=OFFICIAL)
    hand = hand_use.open_hand(hands, "detroit", "east", author=OFFICIAL)["id"]
    hand_use.append_events(hands, hand, random_hand(3, "detroit", "east"), author=OFFICIAL)
    linked = client.post(f"/tournaments/{tournament}/matches/R1-T1/hands", json={"hand": str(hand)})
    assert linked.status_code == 201, linked.get_json()
    sheet = client.get(f"/tournaments/{tournament}/matches/R1-T1").get_json()
    assert sheet["deal"]["dealt"]["east"] == 1 and sheet["deal"]["citations"] == []
    assert client.get(f"/tournaments/{tournament}").status_code == 200
    page = client.get(f"/console/tournaments/{tournament}").get_data(as_text=True)
    assert f'href="/console/hands/{hand}"' in page


def _simulated(ruleset: str) -> Director:
    """A short tournament of ``ruleset`` played through the domain: Chicago seeded to its bracket of
    seven (the top seed's bye), Ontario's players, Texas and Cardtel after their first round."""
    if ruleset == "ontario":
        return run_ontario(12, games=2)
    director = Director(5)
    director.record({"type": "tournament_created", "ruleset": ruleset, "name": f"{ruleset} open"})
    for n in range(1, 9):
        director.record(
            {"type": "team_registered", "team": f"C{n}", "number": n, "players": [f"C{n}a", f"C{n}b"]}
        )
    t = director.tournament
    for _ in range(2 if ruleset == "chicago" else 1):
        director.seat_next_round()
        director.play_round(whist_hand(ruleset, 77))
    if ruleset == "chicago":
        director.settle_ties(t.propose_seeding()["size"] + 1)
        director.record({"type": "playoff_seeded", "seeds": t.propose_seeding()["seeds"]})
    return director


@pytest.mark.parametrize("ruleset", ["chicago", "ontario", "texas", "cardtel"])
def test_every_rulebooks_tournament_has_its_page(app: Flask, client: FlaskClient, ruleset: str) -> None:
    director = _simulated(ruleset)
    tournaments = app.extensions["adjudicator.tournaments"]
    created, *rest = director.log
    tournament = use.create(tournaments, {k: v for k, v in created.items() if k != "type"}, OFFICIAL)["id"]
    use.append_events(tournaments, tournament, rest, author=OFFICIAL)
    reply = client.get(f"/console/tournaments/{tournament}")
    assert reply.status_code == 200
    page = reply.get_data(as_text=True)
    for key in director.tournament.format.standings:
        assert f">{KEYS[key]}</th>" in page
    if ruleset == "chicago":  # seven seeds: the cut under the seventh, the top seed's bye
        assert "the top 7 above this line" in page and "(a bye)" in page
    if ruleset == "ontario":
        assert "Each player's standing" in page and 'aria-label="Players table"' in page
