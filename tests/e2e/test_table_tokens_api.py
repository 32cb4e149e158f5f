"""A tournament's table tokens over REST, as a hall's own app would use them: an official issues a
table's token, lists them (never a token), the token signs a phone in as that table's scorekeeper and
writes only there, and a revocation refuses it at once; nobody else handles them, a bad body is a 422
naming its member, and the credentials' refusals are problems, never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask

from tests.e2e.conftest import LiveServer, client_as, credentials, token
from tests.e2e.test_roles import _played, _registered, _tournament

SIGNATURE = {"team": "T1", "player": "P1a"}


def _tokens(tournament: str) -> str:
    return f"/tournaments/{tournament}/table-tokens"


def test_an_official_issues_lists_and_revokes_a_tables_token_over_http(live_server: LiveServer) -> None:
    app = live_server.app
    tournament = _tournament(app, _played(_registered()))
    elsewhere = _tournament(app, _played(_registered()))
    official = live_server.client()

    issued = official.post(_tokens(tournament), {"table": 1})
    assert issued.status == 201, issued.body
    assert issued.headers["cache-control"] == "no-store"
    credential, value = issued.body["credential"], issued.body["token"]
    assert value.startswith("adj_")
    assert credential["role"] == "scorekeeper" and credential["table"] == 1
    assert credential["tournament"] == tournament and credential["revoked_at"] is None
    assert credential["name"] == "Matrix, table 1"

    listed = official.get(_tokens(tournament))
    assert listed.status == 200
    assert listed.body == {"table_tokens": [credential]}
    assert value not in json.dumps(listed.body) and "token_sha256" not in json.dumps(listed.body)
    assert official.get(_tokens(elsewhere)).body == {"table_tokens": []}

    # the phone signed in with it is table 1's scorekeeper in this tournament, and writes only there
    phone = live_server.client(value)
    signed = credentials(app).verify(value)
    assert signed is not None and (signed.role, signed.tournament, signed.table) == (
        "scorekeeper",
        tournament,
        1,
    )
    assert phone.get(f"/tournaments/{tournament}").status == 200
    other_table = phone.post(
        f"/tournaments/{tournament}/matches/R1-T2/signatures", {"team": "T3", "player": "P3a"}
    )
    assert other_table.status == 403, other_table.body
    other_tournament = phone.post(f"/tournaments/{elsewhere}/matches/R1-T1/signatures", SIGNATURE)
    assert other_tournament.status == 404, other_tournament.body  # private: as if it were not there
    mine = phone.post(f"/tournaments/{tournament}/matches/R1-T1/signatures", SIGNATURE)
    assert mine.status == 201, mine.body
    log = phone.get(f"/tournaments/{tournament}/events").body["events"]
    assert log[-1]["author"] == {"name": "Matrix, table 1", "role": "scorekeeper"}
    assert phone.post(_tokens(tournament), {"table": 2}).status == 403  # a scorekeeper issues nothing

    revoked = official.post(f"{_tokens(tournament)}/{credential['id']}/revocation", None)
    assert revoked.status == 200, revoked.body
    assert revoked.body["id"] == credential["id"] and revoked.body["revoked_at"] is not None
    assert "token" not in revoked.body
    refused = phone.get(f"/tournaments/{tournament}")
    assert refused.status == 401 and refused.headers["www-authenticate"].startswith("Bearer")
    assert official.get(_tokens(tournament)).body["table_tokens"] == [revoked.body]
    again = official.post(f"{_tokens(tournament)}/{credential['id']}/revocation", None)
    assert again.status == 200 and again.body == revoked.body  # revoked once, shown as it is
    for client in (official, phone):
        client.close()


def test_a_table_issued_again_gets_a_new_name_and_both_stay_live(app: Flask) -> None:
    tournament = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    first = official.post(_tokens(tournament), json={"table": 3}).get_json()
    second = official.post(_tokens(tournament), json={"table": 3}).get_json()
    assert [first["credential"]["name"], second["credential"]["name"]] == [
        "Matrix, table 3",
        "Matrix, table 3 (2)",
    ]
    assert first["token"] != second["token"]
    assert credentials(app).verify(first["token"]) is not None
    assert credentials(app).verify(second["token"]) is not None


@pytest.mark.parametrize("role", ["scorekeeper", "viewer", None])
def test_nobody_but_an_official_handles_table_tokens(app: Flask, role: str | None) -> None:
    tournament = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    issued = official.post(_tokens(tournament), json={"table": 1}).get_json()["credential"]
    caller = client_as(
        app, None if role is None else token(app, role, f"A {role}", *_scope(role, tournament))
    )
    status = 401 if role is None else 403
    before = official.get(_tokens(tournament)).get_json()
    answers = [
        caller.get(_tokens(tournament)),
        caller.post(_tokens(tournament), json={"table": 2}),
        caller.post(f"{_tokens(tournament)}/{issued['id']}/revocation"),
    ]
    for answer in answers:
        assert answer.status_code == status, answer.get_json()
        assert answer.headers["Content-Type"] == "application/problem+json"
        if role is not None:
            assert answer.get_json()["needs"] == ["official"]
    assert official.get(_tokens(tournament)).get_json() == before  # nothing issued, nothing revoked
    assert issued in before["table_tokens"] and issued["revoked_at"] is None


def _scope(role: str, tournament: str) -> tuple[str | None, int | None]:
    """A scorekeeper of this very tournament (its table 1): even it is refused."""
    return (tournament, 1) if role == "scorekeeper" else (None, None)


@pytest.mark.parametrize(
    ("sent", "field"),
    [
        ({"table": 0}, "table"),
        ({"table": -2}, "table"),
        ({"table": 1001}, "table"),
        ({"table": "3"}, "table"),
        ({"table": 2.5}, "table"),
        ({"table": True}, "table"),
        ({"table": None}, "table"),
        ({}, "table"),
        ({"table": 1, "tournament": "another"}, "tournament"),
        ([{"table": 1}], None),
        ("table 1", None),
    ],
)
def test_a_bad_body_is_a_422_naming_the_member_and_issues_nothing(
    app: Flask, sent: Any, field: str | None
) -> None:
    tournament = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    before = len(credentials(app).all())
    answer = official.post(_tokens(tournament), json=sent)
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert problem["type"] == "urn:adjudicator:problem:invalid-body"
    assert problem["field"] == field
    if field is not None:
        assert problem["detail"].startswith(f"{field}: ")
    assert len(credentials(app).all()) == before


def test_an_unknown_tournament_is_a_404(app: Flask) -> None:
    official = client_as(app, token(app, "official", "Desk"))
    nowhere = _tokens("0b5e2d1c-8c1a-4f7e-9a55-3f0c2d7e9b10")
    before = len(credentials(app).all())
    for answer in (
        official.get(nowhere),
        official.post(nowhere, json={"table": 1}),
        official.post(f"{nowhere}/abc123/revocation"),
    ):
        assert answer.status_code == 404
        assert answer.get_json()["type"] == "urn:adjudicator:problem:unknown-tournament"
    assert len(credentials(app).all()) == before


def test_only_this_tournaments_table_tokens_are_revoked_here(app: Flask) -> None:
    tournament = _tournament(app, _registered())
    elsewhere = _tournament(app, _registered())
    official = client_as(app, token(app, "official", "Desk"))
    theirs = official.post(_tokens(elsewhere), json={"table": 1}).get_json()
    viewer_token = token(app, "viewer", "Hall screen")
    others = {
        "another tournament's table token": theirs["credential"]["id"],
        "an official's credential": credentials(app).find("Desk").id,  # type: ignore[union-attr]
        "a viewer's credential": credentials(app).find("Hall screen").id,  # type: ignore[union-attr]
        "no credential at all": "nobody",
    }
    for what, credential_id in others.items():
        answer = official.post(f"{_tokens(tournament)}/{credential_id}/revocation")
        assert answer.status_code == 404, what
        problem = answer.get_json()
        assert problem["type"] == "urn:adjudicator:problem:unknown-table-token", what
        assert problem["detail"].endswith("nothing was revoked")
    for still in (theirs["token"], viewer_token):
        assert credentials(app).verify(still) is not None
    assert official.get(f"/tournaments/{tournament}").status_code == 200


def test_a_table_issued_too_many_times_is_refused_as_a_problem_not_a_500(app: Flask) -> None:
    """The credentials' own refusal (a name every reissue has used) is a 422 that says so."""
    tournament = _tournament(app, _registered())
    store = credentials(app)
    for n in range(1, 102):
        store.create("Matrix, table 5" + (f" ({n})" if n > 1 else ""), "scorekeeper", tournament, 5)
    official = client_as(app, token(app, "official", "Desk"))
    before = len(store.all())
    answer = official.post(_tokens(tournament), json={"table": 5})
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert problem["type"] == "urn:adjudicator:problem:credential-refused"
    assert "exists" in problem["detail"] and problem["detail"].endswith("nothing was issued")
    assert len(store.all()) == before
