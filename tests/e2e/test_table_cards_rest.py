"""The tables' cards over REST (``/tournaments/{id}/table-cards``), officials only: the issue answers
each table's number, the address its QR code holds and the code to type, once; the list never shows
them again; a card withdrawn signs its phone out. Nobody else issues, lists or withdraws one, and a
refused request issues nothing."""

from __future__ import annotations

import re
from urllib.parse import urlsplit
from uuid import uuid4

import pytest
from flask import Flask

from api.auth import COOKIE
from tests.e2e.conftest import client_as, credentials, token
from tests.e2e.test_roles import _registered, _tournament

CODE = re.compile(r"[ACDEFGHJKMNPQRTUVWXY]{4} [ACDEFGHJKMNPQRTUVWXY]{4}")


def _cards(tournament: str) -> str:
    return f"/tournaments/{tournament}/table-cards"


def test_an_official_issues_the_cards_and_a_phone_joins_with_one(app: Flask) -> None:
    tournament = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    key = str(uuid4())
    issued = official.post(_cards(tournament), json={"tables": 3, "id": key})
    assert issued.status_code == 201, issued.get_json()
    assert issued.headers["Cache-Control"] == "no-store"
    body = issued.get_json()
    cards = body["table_cards"]
    assert [c["table"] for c in cards] == [1, 2, 3]
    assert all(CODE.fullmatch(c["code"]) for c in cards) and len({c["code"] for c in cards}) == 3
    assert [c["name"] for c in cards] == [f"Matrix, table {n}" for n in (1, 2, 3)]
    assert body["sign_in"].endswith("/console/sign-in") and body["desk"].endswith(f"/{tournament}/cards")
    again = official.post(_cards(tournament), json={"tables": 3, "id": key})  # a retry: the same cards
    assert again.status_code == 201 and again.get_json() == body

    phone = app.test_client()
    link = urlsplit(cards[1]["join_url"])
    assert phone.get(f"{link.path}?{link.query}").status_code == 303
    signed = credentials(app).verify(phone.get_cookie(COOKIE).value)  # type: ignore[union-attr]
    assert signed is not None and (signed.tournament, signed.table) == (tournament, 2)

    listed = official.get(_cards(tournament)).get_json()["table_cards"]
    assert [(c["table"], c["phones"], c["revoked_at"]) for c in listed] == [
        (1, 0, None),
        (2, 1, None),
        (3, 0, None),
    ]
    assert not {"join_url", "code"} & {k for c in listed for k in c}, "the secrets are shown once"
    withdrawn = official.post(f"{_cards(tournament)}/{cards[1]['id']}/revocation")
    assert withdrawn.status_code == 200 and withdrawn.get_json()["revoked_at"] is not None
    assert credentials(app).verify(phone.get_cookie(COOKIE).value) is None  # type: ignore[union-attr]
    fresh = official.post(_cards(tournament), json={"tables": 3}).get_json()["table_cards"]
    assert [c["table"] for c in fresh] == [2], "only the table whose card was withdrawn gets a new one"


@pytest.mark.parametrize("role", ["scorekeeper", "viewer", None])
def test_nobody_but_an_official_handles_table_cards(app: Flask, role: str | None) -> None:
    tournament = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    card = official.post(_cards(tournament), json={"tables": 1}).get_json()["table_cards"][0]
    scope = (tournament, 1) if role == "scorekeeper" else (None, None)  # even this tournament's table
    caller = client_as(app, None if role is None else token(app, role, f"A {role}", *scope))
    before = official.get(_cards(tournament)).get_json()
    for answer in (
        caller.get(_cards(tournament)),
        caller.post(_cards(tournament), json={"tables": 2}),
        caller.post(f"{_cards(tournament)}/{card['id']}/revocation"),
    ):
        assert answer.status_code == (401 if role is None else 403), answer.get_json()
        assert answer.headers["Content-Type"] == "application/problem+json"
        assert not CODE.search(answer.get_data(as_text=True)), "no card's code in a refusal"
    assert official.get(_cards(tournament)).get_json() == before  # nothing issued, nothing withdrawn


def test_an_unknown_tournament_or_card_is_a_404_and_bad_counts_a_422(app: Flask) -> None:
    official = client_as(app, token(app, "official", "Desk"))
    nowhere = _cards("0b5e2d1c-8c1a-4f7e-9a55-3f0c2d7e9b10")
    for answer in (official.get(nowhere), official.post(nowhere, json={"tables": 1})):
        assert answer.status_code == 404
        assert answer.get_json()["type"] == "urn:adjudicator:problem:unknown-tournament"
    tournament = _tournament(app, _registered())
    unknown = official.post(f"{_cards(tournament)}/abc123/revocation")
    assert unknown.status_code == 404 and unknown.get_json()["type"].endswith("unknown-table-card")
    for sent in ({"tables": 0}, {"tables": "3"}, {"tables": 1001}, {}, {"tables": 2, "extra": 1}):
        refused = official.post(_cards(tournament), json=sent)
        assert refused.status_code == 422, (sent, refused.get_json())
    assert official.get(_cards(tournament)).get_json() == {"table_cards": []}
