"""GET /hands: every hand from the read models, filtered, sorted, and a page at a time by cursor; and
the paging of GET …/events.

The read models are brought up to date with ``catch_up()`` where a test needs them current (the
service's own follower lags by up to half a second).
"""

from __future__ import annotations

import base64
import json
import sqlite3
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.hand_list import HandQuery
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import client_as, token
from tests.e2e.test_roles import _finished_hand, _hand_in_play, _registered, _tournament

#: A Detroit hand with a conduct call waiting for the official's finding: a pending ruling.
PENDING = [
    *(
        {"type": "bid", "seat": seat, "bid": bid}
        for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
    ),
    {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"},
]


def _caught_up(app: Flask) -> ReadModels:
    models: ReadModels = app.extensions["adjudicator.read_models"]
    models.catch_up()
    return models


def _open(
    client: FlaskClient,
    ruleset: str = "texas",
    events: list[dict[str, Any]] | None = None,
    dealer: str = "north",
) -> str:
    hand = client.post("/hands", json={"ruleset": ruleset, "dealer": dealer}).get_json()["id"]
    if events:
        assert client.post(f"/hands/{hand}/events", json=events).status_code == 201
    return str(hand)


def _every_page(client: FlaskClient, query: str, between: Any = None) -> list[dict[str, Any]]:
    """Follow ``next`` to the last page, calling ``between()`` after each page."""
    listed: list[dict[str, Any]] = []
    url = f"/hands?{query}"
    while True:
        reply = client.get(url)
        assert reply.status_code == 200, reply.get_json()
        page = reply.get_json()
        listed += page["hands"]
        if page["next"] is None:
            return listed
        if between is not None:
            between()
        url = f"/hands?{query}&cursor={page['next']}"


def test_every_hand_is_listed_with_its_contract_score_and_rulings(app: Flask, client: FlaskClient) -> None:
    finished = _open(client, "detroit", random_hand(8, "detroit", "north"))
    ruled = _open(client, "detroit", PENDING, "west")
    fresh = _open(client, "texas")
    models = _caught_up(app)
    reply = client.get("/hands")
    assert reply.status_code == 200
    page = reply.get_json()
    assert page["next"] is None and page["position"] == models.position()
    assert reply.headers["X-Read-Model-Position"] == str(models.position())
    by_id = {hand["id"]: hand for hand in page["hands"]}
    assert set(by_id) == {finished, ruled, fresh}
    for hand_id, listed in by_id.items():
        whole = client.get(f"/hands/{hand_id}").get_json()
        for key in ("ruleset", "dealer", "label", "players", "opened_at", "version", "status", "contract"):
            assert listed[key] == whole[key], key
        assert listed["score"] == whole["score"] and listed["rulings"] == whole["rulings"]
        assert "tournament" not in listed  # no sheet links these
    assert by_id[ruled]["rulings"]["pending"] == 1


def test_filters(app: Flask, client: FlaskClient) -> None:
    finished = _open(client, "detroit", random_hand(8, "detroit", "north"))
    ruled = _open(client, "detroit", PENDING, "west")
    fresh = _open(client, "texas")
    _caught_up(app)

    def ids(query: str) -> set[str]:
        reply = client.get(f"/hands?{query}")
        assert reply.status_code == 200, reply.get_json()
        return {hand["id"] for hand in reply.get_json()["hands"]}

    assert ids("ruleset=texas") == {fresh}
    assert ids("ruleset=detroit&status=complete") == {finished}
    assert ids("ruleset=detroit") == {finished, ruled}
    assert ids("status=bidding") == {h for h in (finished, ruled, fresh) if _bidding(client, h)} >= {fresh}
    pending = ids("has_rulings=pending")
    established = ids("has_rulings=established")
    assert pending == {ruled} and fresh not in established
    for hand_id in pending:
        assert client.get(f"/hands/{hand_id}").get_json()["rulings"]["pending"] > 0
    for hand_id in established:
        assert client.get(f"/hands/{hand_id}").get_json()["rulings"]["established"] > 0
    assert ids("ruleset=ontario") == set()


def _bidding(client: FlaskClient, hand_id: str) -> bool:
    return bool(client.get(f"/hands/{hand_id}").get_json()["status"] == "bidding")


def test_a_hand_a_sheet_links_shows_its_tournament_match_and_table(app: Flask, client: FlaskClient) -> None:
    director = _registered()
    director.seat_next_round()
    tournament = _tournament(app, director)
    hand = _finished_hand(app)
    other = _finished_hand(app)
    linked = client.post(f"/tournaments/{tournament}/matches/R1-T1/hands", json={"hand": hand})
    assert linked.status_code == 201, linked.get_json()
    _caught_up(app)
    listed = {h["id"]: h for h in client.get("/hands").get_json()["hands"]}
    assert listed[hand]["tournament"] == tournament
    assert listed[hand]["match"] == "R1-T1" and listed[hand]["table"] == 1
    assert "tournament" not in listed[other]
    assert [h["id"] for h in client.get(f"/hands?tournament={tournament}").get_json()["hands"]] == [hand]
    assert [h["id"] for h in client.get(f"/hands?tournament={tournament}&table=1").get_json()["hands"]] == [
        hand
    ]
    assert client.get(f"/hands?tournament={tournament}&table=2").get_json()["hands"] == []


@pytest.mark.parametrize("sort", ["opened_at", "-opened_at", "version", "-version"])
def test_sorted_pages_chain_to_the_end_with_every_hand_once(
    app: Flask, client: FlaskClient, sort: str
) -> None:
    for n in range(7):
        _open(client, "texas", random_hand(n, "texas", "north")[: n * 3])
    _caught_up(app)
    whole = client.get(f"/hands?sort={sort}&limit=200").get_json()["hands"]
    assert len(whole) == 7
    key = "opened_at" if "opened_at" in sort else "version"
    keys = [(h[key], h["id"]) for h in whole]
    assert keys == sorted(keys, reverse=sort.startswith("-"))
    paged = _every_page(client, f"sort={sort}&limit=3")
    assert [h["id"] for h in paged] == [h["id"] for h in whole]


def test_hands_opened_between_pages_are_neither_doubled_nor_missed(app: Flask, client: FlaskClient) -> None:
    before = {_open(client) for _ in range(6)}
    _caught_up(app)
    added: set[str] = set()

    def open_more() -> None:
        if len(added) < 6:  # three times: then the list runs out
            added.update(_open(client) for _ in range(2))
            _caught_up(app)

    listed = [h["id"] for h in _every_page(client, "limit=2", open_more)]
    assert len(listed) == len(set(listed)), "a hand was listed twice"
    assert set(listed) >= before, "a hand was missed"
    # every hand opened meanwhile came after the cursor: listed too
    assert set(listed) == before | added and len(added) == 6


def test_bad_queries_are_400_invalid_query_naming_the_member(app: Flask, client: FlaskClient) -> None:
    for n in range(3):
        _open(client, "texas", random_hand(n, "texas", "north")[:2])
    _caught_up(app)
    cursor = client.get("/hands?limit=1").get_json()["next"]
    forged = base64.urlsafe_b64encode(json.dumps(["x", 1, "y"]).encode()).decode()
    wrong_key = base64.urlsafe_b64encode(json.dumps([None, 1, "y"]).encode()).decode()
    digest = HandQuery(sort="version").filters()
    huge = base64.urlsafe_b64encode(json.dumps([digest, 10**30, "y"]).encode()).decode()
    text_key = base64.urlsafe_b64encode(json.dumps([digest, "3", "y"]).encode()).decode()
    cases = {
        "limit=0": "limit",
        "limit=201": "limit",
        "limit=many": "limit",
        "sort=label": "sort",
        "has_rulings=detected": "has_rulings",
        "status=finished": "status",
        "ruleset=bridge": "ruleset",
        f"tournament={'x' * 201}": "tournament",
        f"q={'x' * 101}": "q",
        "table=0": "table",
        "colour=red": "colour",
        "cursor=%%%": "cursor",
        "cursor=bm90IGpzb24": "cursor",
        f"cursor={forged}": "cursor",
        f"cursor={wrong_key}": "cursor",
        f"sort=version&cursor={cursor}": "cursor",  # another list's cursor
        f"ruleset=detroit&cursor={cursor}": "cursor",
        f"sort=version&cursor={huge}": "cursor",
        f"sort=version&cursor={text_key}": "cursor",
    }
    for query, member in cases.items():
        reply = client.get(f"/hands?{query}")
        assert reply.status_code == 400, (query, reply.get_json())
        problem = reply.get_json()
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert problem["type"] == "urn:adjudicator:problem:invalid-query", query
        assert problem["field"] == member, (query, problem)


def test_anonymous_lists_finished_hands_and_a_viewer_no_uncalled_ruling(app: Flask) -> None:
    in_play, _ = _hand_in_play(app)
    finished = _finished_hand(app)
    _caught_up(app)
    anonymous = client_as(app, None).get("/hands")
    assert anonymous.status_code == 200
    assert [h["id"] for h in anonymous.get_json()["hands"]] == [finished]
    viewer = client_as(app, token(app, "viewer")).get("/hands").get_json()["hands"]
    assert {h["id"] for h in viewer} == {in_play, finished}
    for hand in viewer:
        if hand["status"] not in ("complete", "closed", "void"):
            assert hand["rulings"]["detected"] == 0


def test_anonymous_reads_none_lists_nothing(tmp_path: Any) -> None:
    from api import create_app
    from tests.e2e.conftest import sqlite_config

    app = create_app({**sqlite_config(tmp_path), "ADJUDICATOR_ANONYMOUS_READS": "none"})
    try:
        assert client_as(app, None).get("/hands").status_code == 401
    finally:
        app.extensions["adjudicator.read_models"].stop()
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


def test_without_read_models_the_list_is_503(tmp_path: Any) -> None:
    from api import create_app
    from tests.e2e.conftest import sqlite_config

    app = create_app({**sqlite_config(tmp_path), "ADJUDICATOR_READ_MODELS": False})
    try:
        reply = client_as(app, token(app, "official")).get("/hands")
        assert reply.status_code == 503
        assert reply.get_json()["type"] == "urn:adjudicator:problem:read-models-off"
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


# ---------------------------------------------------------------------- GET …/events, a page at a time


def test_event_pages_chain_to_the_whole_log_and_no_paging_answers_as_before(client: FlaskClient) -> None:
    hand = _open(client, "detroit", random_hand(8, "detroit", "north"))
    whole = client.get(f"/hands/{hand}/events")
    assert "next" not in whole.get_json()
    events = whole.get_json()["events"]
    paged: list[dict[str, Any]] = []
    after = 0
    while after is not None:
        reply = client.get(f"/hands/{hand}/events?after={after}&limit=7")
        assert reply.status_code == 200 and reply.headers["ETag"] == whole.headers["ETag"]
        page = reply.get_json()
        assert len(page["events"]) <= 7
        paged += page["events"]
        after = page["next"]
    assert paged == events
    assert client.get(f"/hands/{hand}/events?limit=3").get_json()["events"] == events[:3]
    assert client.get(f"/hands/{hand}/events?after={len(events)}").get_json() == {"events": [], "next": None}
    for bad in ("after=-1", "limit=0", "limit=1001", "after=x", "upto=3"):
        reply = client.get(f"/hands/{hand}/events?{bad}")
        assert reply.status_code == 400, bad
        assert reply.get_json()["type"] == "urn:adjudicator:problem:invalid-query"


def test_tournament_event_pages(app: Flask, client: FlaskClient) -> None:
    tournament = _tournament(app, _registered())
    whole = client.get(f"/tournaments/{tournament}/events").get_json()
    assert "next" not in whole
    first = client.get(f"/tournaments/{tournament}/events?limit=2").get_json()
    assert first["events"] == whole["events"][:2] and first["next"] == 2
    rest = client.get(f"/tournaments/{tournament}/events?after=2").get_json()
    assert rest["events"] == whole["events"][2:] and rest["next"] is None
    assert client.get(f"/tournaments/{tournament}/events?limit=0").status_code == 400


def test_the_services_own_follower_lists_a_new_hand_within_a_second_or_so(
    app: Flask, client: FlaskClient
) -> None:
    """No catch_up here: the read models follow the appends in the background, about half a second behind."""
    import time

    hand = _open(client)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        page = client.get("/hands").get_json()
        if any(listed["id"] == hand for listed in page["hands"]):
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the new hand was never listed")
    assert page["position"] >= 1


def linked_hand(app: Flask, client: FlaskClient) -> tuple[str, str]:
    """A tournament and a finished hand its R1-T1 sheet links: (tournament, hand)."""
    director = _registered()
    director.seat_next_round()
    tournament = _tournament(app, director)
    hand = _finished_hand(app)
    assert (
        client.post(f"/tournaments/{tournament}/matches/R1-T1/hands", json={"hand": hand}).status_code == 201
    )
    return tournament, hand


def test_a_forged_sheet_or_tournament_row_is_refused_not_listed(app: Flask, client: FlaskClient) -> None:
    """The rows that say where a hand was played, and the tournaments' list, keep their seals: an
    edit of the read-model file is a 409 naming the row, never an answer."""
    tournament, hand = linked_hand(app, client)
    _caught_up(app)
    assert client.get(f"/hands/{hand}/record").status_code == 200
    read_db = app.extensions["adjudicator.read_models"].path
    with sqlite3.connect(read_db) as db:
        db.execute('update sheet_hands set "table" = 2 where hand = ?', [hand])
    for path in ("/hands", f"/hands/{hand}/record"):
        reply = client.get(path)
        assert reply.status_code == 409, (path, reply.get_json())
        assert (reply.get_json()["table"], reply.get_json()["row"]) == ("sheet_hands", f"{tournament}/{hand}")
    assert client.get("/tournaments").status_code == 200
    with sqlite3.connect(read_db) as db:
        db.execute("update tournaments set name = 'Forged' where id = ?", [tournament])
    reply = client.get("/tournaments")
    assert reply.status_code == 409 and reply.get_json()["row"] == tournament
