"""A private tournament is private (issue 29, item 2), over HTTP: its hands, players, labels, calls,
board, list rows and stream messages reach only the officials and the tournament's own credentials
(and the hall's unscoped ones); an anonymous reader and another tournament's table token learn
nothing of it, finished or not: every answer is the one a tournament or hand that is not there gets.
Made public, it reads as any tournament does; made private again, it is shut again."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any
from uuid import uuid4

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, LiveServer, Reply, token
from tests.e2e.test_hand_list import _caught_up

PLAYERS = {"north": "Alice Secret", "east": "Bob Hidden", "south": "Cleo Quiet", "west": "Dan Unseen"}
LABEL = "Secret Cup, R1-T2, hand 1"
BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}
HAND_READS = ("", "/events", "/state", "/rulings", "/score")
SHUT_OUT = ("anonymous", "other")
LET_IN = ("own", "official", "hall")
#: What the hidden tournament's answers must not carry, in any words.
SECRETS = ("Secret", "Alice", "Hidden", "R1-T2, hand")


@dataclass
class Hall:
    """A private tournament (``secret``) with a finished hand on R1-T2's sheet and a hand in play with
    a call waiting, another tournament, the readers, and the read models' position before the hands."""

    server: LiveServer
    secret: str
    elsewhere: str
    finished: str
    called: str
    before: int
    readers: dict[str, HTTP]

    def official(self) -> HTTP:
        return self.readers["official"]


def _tournament(official: HTTP, name: str, teams: int) -> str:
    tournament = str(official.post("/tournaments", {"ruleset": "texas", "name": name}).body["id"])
    field = [
        {"type": "team_registered", "team": f"T{n}", "players": [f"{name} {n}a", f"{name} {n}b"]}
        for n in range(1, teams + 1)
    ]
    assert official.post(f"/tournaments/{tournament}/events", field).status == 201
    assert official.post(f"/tournaments/{tournament}/rounds/1/seating", {}).status == 201
    return tournament


def _hall(server: LiveServer) -> Hall:
    app, official = server.app, server.client()
    secret, elsewhere = _tournament(official, "Secret Cup", 4), _tournament(official, "Open Cup", 2)
    assert official.post(f"/tournaments/{elsewhere}/board", {"public": True}).status == 201
    readers = {
        "anonymous": server.client(None),
        "other": server.client(token(app, "scorekeeper", "Open T1", elsewhere, 1)),
        "own": server.client(token(app, "scorekeeper", "Secret T2", secret, 2)),
        "official": official,
        "hall": server.client(token(app, "viewer", "Hall viewer")),
    }
    _caught_up(app)
    before = int(official.get("/hands").body["position"])
    keeper = readers["own"]
    opened = {"ruleset": "texas", "dealer": "north", "label": LABEL, "players": PLAYERS}
    finished = str(keeper.post("/hands", opened).body["id"])
    assert keeper.post(f"/hands/{finished}/events", random_hand(8, "texas", "north")).status == 201
    linked = keeper.post(f"/tournaments/{secret}/matches/R1-T2/hands", {"hand": finished})
    assert linked.status == 201, linked.body
    in_play = {**opened, "ruleset": "detroit", "dealer": "west", "label": "Secret Cup, R1-T2, hand 2"}
    called = str(keeper.post("/hands", in_play).body["id"])
    assert keeper.post(f"/hands/{called}/events", [*BIDS, CALL]).status == 201
    _caught_up(app)
    return Hall(server, secret, elsewhere, finished, called, before, readers)


@pytest.fixture
def hall(live_server: LiveServer) -> Hall:
    return _hall(live_server)


def _raw(reader: HTTP, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """A GET's status and body as text (a stream's first event, a page)."""
    conn = http.client.HTTPConnection("127.0.0.1", reader.port, timeout=30)
    sent = dict(headers or {})
    if reader.token is not None:
        sent["Authorization"] = f"Bearer {reader.token}"
    try:
        conn.request("GET", path, headers=sent)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def _event(reader: HTTP, path: str, since: int | None = None) -> dict[str, Any]:
    """The data of a stream's first event (behind waitress, the route answers one)."""
    status, text = _raw(reader, path, {} if since is None else {"Last-Event-ID": str(since)})
    assert status == 200, text
    (data,) = [line[6:] for line in text.splitlines() if line.startswith("data: ")]
    said: dict[str, Any] = json.loads(data)
    return said


def _as_if_not_there(reply: Reply, missing: Reply, known: str, unknown: str) -> None:
    """``reply`` (about ``known``) is exactly the answer about an id there is not (``unknown``)."""
    assert reply.status == missing.status, (reply.status, reply.body)
    assert json.dumps(reply.body).replace(known, unknown) == json.dumps(missing.body)
    assert reply.headers.get("content-type") == missing.headers.get("content-type")


def _listed_hands(reader: HTTP, query: str = "") -> set[str]:
    reply = reader.get(f"/hands{query}")
    assert reply.status == 200, reply.body
    return {h["id"] for h in reply.body["hands"]}


def _tells_nothing(text: str) -> None:
    for word in SECRETS:
        assert word not in text, word


def test_an_anonymous_reader_and_another_tournaments_token_get_nothing_of_its_hands(hall: Hall) -> None:
    unknown = str(uuid4())
    for name in SHUT_OUT:
        reader = hall.readers[name]
        for hand in (hall.finished, hall.called):
            for suffix in HAND_READS:
                missing = reader.get(f"/hands/{unknown}{suffix}")
                _as_if_not_there(reader.get(f"/hands/{hand}{suffix}"), missing, hand, unknown)
        for query in ("", "?q=secret", "?q=alice", "?tournament=secret%20cup", f"?tournament={hall.secret}"):
            listed = _listed_hands(reader, query)
            assert hall.finished not in listed and hall.called not in listed, (name, query)
        _tells_nothing(json.dumps(reader.get("/hands?limit=200").body))
    for name in LET_IN:
        reader = hall.readers[name]
        assert reader.get(f"/hands/{hall.finished}").body["label"] == LABEL
        assert reader.get(f"/hands/{hall.finished}").body["players"] == PLAYERS
        assert {hall.finished, hall.called} <= _listed_hands(reader, "?q=alice")
        assert hall.finished in _listed_hands(reader, f"?tournament={hall.secret}")


def test_another_tournaments_token_cannot_read_its_players_nor_write_to_it(hall: Hall) -> None:
    other, unknown = hall.readers["other"], str(uuid4())
    reads = ("", "/events", "/standings", "/matches", "/matches/R1-T2", "/bracket", "/medals", "/board")
    reads += ("/standings.csv", "/matches.csv", "/bracket.csv")
    for suffix in reads:
        missing = other.get(f"/tournaments/{unknown}{suffix}")
        _as_if_not_there(other.get(f"/tournaments/{hall.secret}{suffix}"), missing, hall.secret, unknown)
    listed = other.get("/tournaments")
    assert listed.status == 200 and hall.secret not in {t["id"] for t in listed.body["tournaments"]}
    assert hall.elsewhere in {t["id"] for t in listed.body["tournaments"]}
    _tells_nothing(json.dumps(listed.body))
    signature = {"team": "T1", "player": "Secret Cup 1a"}
    signed = other.post(f"/tournaments/{hall.secret}/matches/R1-T1/signatures", signature)
    missing = other.post(f"/tournaments/{unknown}/matches/R1-T1/signatures", signature)
    _as_if_not_there(signed, missing, hall.secret, unknown)
    appended = other.post(f"/hands/{hall.called}/events", {"type": "bid", "seat": "west", "bid": "pass"})
    missing = other.post(f"/hands/{unknown}/events", {"type": "bid", "seat": "west", "bid": "pass"})
    _as_if_not_there(appended, missing, hall.called, unknown)

    anonymous = hall.readers["anonymous"]
    for suffix in ("", "/standings"):  # a credential first, whatever the tournament: nothing told
        missing = anonymous.get(f"/tournaments/{unknown}{suffix}")
        _as_if_not_there(anonymous.get(f"/tournaments/{hall.secret}{suffix}"), missing, hall.secret, unknown)
    missing = anonymous.get(f"/tournaments/{unknown}/board")
    _as_if_not_there(anonymous.get(f"/tournaments/{hall.secret}/board"), missing, hall.secret, unknown)

    for name in LET_IN:
        reader = hall.readers[name]
        teams = reader.get(f"/tournaments/{hall.secret}").body["teams"]
        assert teams[0]["players"] == ["Secret Cup 1a", "Secret Cup 1b"]
        assert hall.secret in {t["id"] for t in reader.get("/tournaments").body["tournaments"]}
        assert reader.get(f"/tournaments/{hall.secret}/board").status == 200


def test_the_streams_and_the_calls_say_nothing_of_it_to_those_shut_out(hall: Hall) -> None:
    for name, reader in hall.readers.items():
        moved = _event(reader, "/live/stream", hall.before)
        shown = {hall.finished, hall.called} & set(moved["hands"])
        if name in SHUT_OUT:
            assert not shown and hall.secret not in moved["tournaments"], (name, moved)
            assert not moved["claims"]
        else:
            assert hall.finished in shown and hall.secret in moved["tournaments"], (name, moved)
        if name == "anonymous":
            continue  # the queue is for credentials only
        for path in ("/calls", "/calls?status=open"):
            listed = reader.get(path)
            assert listed.status == 200
            calls = {c["id"] for c in listed.body["calls"]}
            assert (f"{hall.called}@4" in calls) is (name not in SHUT_OUT), (name, calls)
        streamed = _event(reader, "/calls/stream")
        assert (f"{hall.called}@4" in {c["id"] for c in streamed["calls"]}) is (name not in SHUT_OUT)
        if name in SHUT_OUT:
            _tells_nothing(json.dumps(listed.body) + json.dumps(streamed))
    other, unknown = hall.readers["other"], str(uuid4())
    for query in (f"?tournament={hall.secret}", f"?hand={hall.finished}"):
        refused, _ = _raw(other, f"/live/stream{query}")
        assert refused == 404
    assert _raw(other, f"/live/stream?tournament={unknown}")[0] == 404


def test_the_console_shows_it_only_to_those_let_in(hall: Hall) -> None:
    unknown = str(uuid4())
    anonymous, other, own = hall.readers["anonymous"], hall.readers["other"], hall.readers["own"]
    status, page = _raw(anonymous, "/console/hands")
    assert status == 200 and hall.finished not in page
    _tells_nothing(page)
    for path in ("/console/hands/{}", "/console/board/{}", "/console/tournaments/{}"):
        shut = _raw(anonymous, path.format(hall.secret if "hands" not in path else hall.finished))
        assert shut[0] == _raw(anonymous, path.format(unknown))[0] == 303
    for path in ("/console/hands", "/console/tournaments", "/console/calls"):
        status, page = _raw(other, path)
        assert status == 200 and hall.secret not in page and hall.finished not in page, path
        _tells_nothing(page)
    for path in ("/console/tournaments/{}", "/console/board/{}"):
        status, page = _raw(other, path.format(hall.secret))
        assert status == 404 == _raw(other, path.format(unknown))[0]
        _tells_nothing(page)
    assert _raw(other, f"/console/hands/{hall.finished}")[0] == 404
    status, page = _raw(own, "/console/tournaments")
    assert status == 200 and "Secret Cup" in page
    status, page = _raw(own, f"/console/hands/{hall.finished}")
    assert status == 200 and "Alice Secret" in page


def test_made_public_it_reads_as_any_and_made_private_again_it_is_shut_again(hall: Hall) -> None:
    official, anonymous, other = hall.official(), hall.readers["anonymous"], hall.readers["other"]
    assert official.post(f"/tournaments/{hall.secret}/board", {"public": True}).status == 201
    _caught_up(hall.server.app)
    assert anonymous.get(f"/hands/{hall.finished}").body["label"] == LABEL
    assert anonymous.get(f"/hands/{hall.called}").status == 401  # in play: a credential, as ever
    assert anonymous.get(f"/tournaments/{hall.secret}/board").status == 200
    assert hall.finished in _listed_hands(anonymous, "?q=alice")
    assert other.get(f"/tournaments/{hall.secret}").status == 200
    assert hall.secret in {t["id"] for t in other.get("/tournaments").body["tournaments"]}
    assert f"{hall.called}@4" in {c["id"] for c in other.get("/calls").body["calls"]}
    moved = _event(anonymous, "/live/stream", hall.before)
    assert hall.finished in moved["hands"] and hall.secret in moved["tournaments"]

    at = int(official.get("/hands").body["position"])
    assert official.post(f"/tournaments/{hall.secret}/board", {"public": False}).status == 201
    _caught_up(hall.server.app)
    unknown = str(uuid4())
    for reader in (anonymous, other):
        missing = reader.get(f"/hands/{unknown}")
        _as_if_not_there(reader.get(f"/hands/{hall.finished}"), missing, hall.finished, unknown)
        assert hall.finished not in _listed_hands(reader, "?q=alice")
        moved = _event(reader, "/live/stream", at)
        assert hall.secret not in moved["tournaments"] and not moved["hands"], moved
    assert other.get(f"/tournaments/{hall.secret}").status == 404
    assert hall.secret not in {t["id"] for t in other.get("/tournaments").body["tournaments"]}
    assert anonymous.get(f"/tournaments/{hall.secret}/board").status == 404
