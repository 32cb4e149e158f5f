"""``GET /calls`` a page at a time (issue 30, item 4): keyset pages on (when the call was made, its
id), followed by ``next`` or the ``Link`` header, in the same order as one long page, none twice or
missed, a call made meanwhile on a later page; each reader's sight decides what is on a page before
it is counted, so a reader shut out of a private tournament gets full pages of what it may see."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import client_as, token
from tests.e2e.test_hand_list import _caught_up

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def _private_tournament(official: FlaskClient, name: str) -> str:
    tournament = str(official.post("/tournaments", json={"ruleset": "texas", "name": name}).get_json()["id"])
    field = [{"type": "team_registered", "team": f"T{n}", "players": [f"{n}a", f"{n}b"]} for n in range(1, 5)]
    assert official.post(f"/tournaments/{tournament}/events", json=field).status_code == 201
    return tournament


def _called(writer: FlaskClient, label: str) -> str:
    """A hand in play with a conduct call waiting: the call's id."""
    hand = writer.post("/hands", json={"ruleset": "detroit", "dealer": "west", "label": label}).get_json()[
        "id"
    ]
    assert writer.post(f"/hands/{hand}/events", json=[*BIDS, CALL]).status_code == 201
    return f"{hand}@4"


def _pages(reader: FlaskClient, query: str) -> list[list[str]]:
    """Every page's call ids, following each page's ``Link`` to the last (whose ``next`` is null)."""
    pages, path = [], f"/calls?{query}"
    while True:
        reply = reply_of(reader, path)
        pages.append([c["id"] for c in reply["calls"]])
        if reply["next"] is None:
            return pages
        path = reply["link"]


def _flat(pages: list[list[str]]) -> list[str]:
    return [call for page in pages for call in page]


def reply_of(reader: FlaskClient, path: str) -> dict[str, Any]:
    answer = reader.get(path)
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    link = answer.headers.get("Link")
    assert (link is None) is (body["next"] is None), (link, body["next"])
    if link is not None:
        assert link.startswith("</calls?") and link.endswith('>; rel="next"'), link
        body["link"] = link[1 : -len('>; rel="next"')]
        assert parse_qs(urlsplit(body["link"]).query)["cursor"] == [body["next"]]
    return body


def test_pages_follow_one_another_in_the_queues_order(app: Flask, client: FlaskClient) -> None:
    calls = [_called(client, f"Table {n}") for n in range(7)]
    _caught_up(app)
    whole = reply_of(client, "/calls?limit=200")
    assert whole["next"] is None and {c["id"] for c in whole["calls"]} == set(calls)
    order = [(c["made_at"], c["id"]) for c in whole["calls"]]
    assert order == sorted(order)
    assert len(reply_of(client, "/calls")["calls"]) == 7  # fewer than a page unless asked

    first = reply_of(client, "/calls?limit=3")
    assert [c["id"] for c in first["calls"]] == [c["id"] for c in whole["calls"][:3]]
    late = _called(client, "Table 99")  # made between two pages: on a later one, nothing shifted
    _caught_up(app)
    rest = _pages(client, urlsplit(first["link"]).query)
    assert [len(page) for page in rest] == [3, 2]
    assert [c["id"] for c in whole["calls"]] + [late] == [c["id"] for c in first["calls"]] + _flat(rest)

    opened = _pages(client, "status=open&limit=2")
    assert _flat(opened) == [c["id"] for c in whole["calls"]] + [late]


def test_a_cursor_is_good_only_for_its_own_list(app: Flask, client: FlaskClient) -> None:
    for n in range(3):
        _called(client, f"Table {n}")
    _caught_up(app)
    cursor = reply_of(client, "/calls?limit=1")["next"]
    for query in (f"status=open&cursor={cursor}", "cursor=not-a-cursor", "limit=0", "limit=201"):
        refused = client.get(f"/calls?{query}")
        assert refused.status_code == 400, query
        assert refused.get_json()["type"] == "urn:adjudicator:problem:invalid-query"


def test_each_page_holds_only_what_its_reader_may_see_and_is_full(app: Flask, client: FlaskClient) -> None:
    secret = _private_tournament(client, "Secret Cup")
    elsewhere = _private_tournament(client, "Open Cup")
    assert client.post(f"/tournaments/{elsewhere}/board", json={"public": True}).status_code == 201
    own = client_as(app, token(app, "scorekeeper", "Secret T2", secret, 2))
    other = client_as(app, token(app, "scorekeeper", "Open T1", elsewhere, 1))
    hidden, shown = [], []
    for n in range(4):  # the private tournament's calls and the hall's, in turn
        hidden.append(_called(own, f"Secret table {n}"))
        shown.append(_called(client, f"Hall table {n}"))
    _caught_up(app)
    assert _flat(_pages(client, "limit=3")) == [i for pair in zip(hidden, shown, strict=True) for i in pair]
    pages = _pages(other, "limit=1")
    assert pages == [[call] for call in shown]  # every page full, nothing of the private tournament
    assert _flat(_pages(own, "limit=3")) == _flat(_pages(client, "limit=5"))
    assert client_as(app, None).get("/calls?limit=1").status_code in (401, 403)
