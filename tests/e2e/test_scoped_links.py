"""A scoped scorekeeper links, signs and records only for its own table and match (issue 19, item 7),
through a real server: table 1's scorekeeper put table 2's final hand on R1-T1's sheet (201), and
table 2 then could not link its own hand anywhere.
"""

from __future__ import annotations

from flask import Flask

from adjudicator.simulation.tournaments import Director
from tests.e2e.conftest import HTTP, LiveServer, token
from tests.e2e.test_roles import _registered, _tournament, random_hand


def _seated(app: Flask) -> str:
    """A Detroit tournament of 8 teams, round 1 seated (R1-T1 to R1-T4), no hand linked yet."""
    director: Director = _registered(8)
    director.seat_next_round()
    return _tournament(app, director)


def _final_hand(keeper: HTTP, seed: int) -> str:
    """A hand the scorekeeper opens and records to its end (so it belongs to the keeper's table)."""
    hand = str(keeper.post("/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"])
    reply = keeper.post(f"/hands/{hand}/events", random_hand(seed, "detroit", "north"))
    assert reply.status == 201, reply.body
    assert keeper.get(f"/hands/{hand}/score").body["final"] is True
    return hand


def _link(keeper: HTTP, tournament: str, match: str, hand: str) -> int:
    reply = keeper.post(f"/tournaments/{tournament}/matches/{match}/hands", {"hand": hand})
    if reply.status != 201:
        assert reply.headers["content-type"].startswith("application/problem+json")
    return reply.status


def test_a_scoped_scorekeeper_links_only_its_own_tables_hands(live_server: LiveServer) -> None:
    app = live_server.app
    tournament = _seated(app)
    one = live_server.client(token(app, "scorekeeper", "T1 keeper", tournament, 1))
    two = live_server.client(token(app, "scorekeeper", "T2 keeper", tournament, 2))
    official = live_server.client()
    first, second = _final_hand(one, 8), _final_hand(two, 9)
    by_official = str(official.post("/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"])
    assert official.post(f"/hands/{by_official}/events", random_hand(10, "detroit", "north")).status == 201
    version = official.get(f"/tournaments/{tournament}").body["version"]

    assert _link(one, tournament, "R1-T1", second) == 403  # table 2's hand on table 1's sheet
    assert _link(one, tournament, "R1-T2", second) == 403  # on table 2's sheet, by table 1
    assert _link(one, tournament, "R1-T2", first) == 403  # its own hand on another table's sheet
    assert _link(one, tournament, "R1-T1", by_official) == 403  # a hand no table opened: an official's
    assert official.get(f"/tournaments/{tournament}").body["version"] == version

    assert _link(two, tournament, "R1-T2", second) == 201  # table 2 links its own
    assert _link(one, tournament, "R1-T1", first) == 201
    assert _link(official, tournament, "R1-T3", by_official) == 201
    sheet = official.get(f"/tournaments/{tournament}/matches/R1-T1").body
    assert str(sheet).count(second) == 0 and str(sheet).count(first) >= 1


def test_a_scoped_scorekeeper_signs_only_its_own_tables_sheet(live_server: LiveServer) -> None:
    app = live_server.app
    tournament = _seated(app)
    one = live_server.client(token(app, "scorekeeper", "T1 keeper", tournament, 1))
    other_tournament = _seated(app)
    elsewhere = live_server.client(token(app, "scorekeeper", "Elsewhere", other_tournament, 1))
    signature = {"team": "T1", "player": "P1a"}

    def refused(keeper: HTTP, match: str, status: int) -> None:
        reply = keeper.post(f"/tournaments/{tournament}/matches/{match}/signatures", signature)
        assert reply.status == status, reply.body
        reply = keeper.post(f"/tournaments/{tournament}/events", {"type": "sheet_signed", "match": match})
        assert reply.status == status, reply.body

    refused(one, "R1-T2", 403)
    refused(elsewhere, "R1-T1", 404)  # private: to another tournament's token, as if there were none
    assert live_server.client().post(f"/tournaments/{tournament}/board", {"public": True}).status == 201
    refused(elsewhere, "R1-T1", 403)
