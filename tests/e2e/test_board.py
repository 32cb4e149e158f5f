"""The hall's board and the tournament page's live part over HTTP: to a reader without a credential,
as if there were no such tournament until an official makes the board public; asked again with the
tournament's version, it answers 304 until the tournament moves; it never shows a hand (no card, no
ruling)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from flask import Flask
from flask.testing import FlaskClient

from api.console.board import RENDERED
from tests.e2e.conftest import client_as
from tests.e2e.test_check_in_api import _field


def _seated(client: FlaskClient) -> str:
    tournament = _field(client, date="2026-11-24")
    seated = client.post(f"/tournaments/{tournament}/rounds/1/seating", json={})
    assert seated.status_code == 201, seated.get_json()
    return tournament


def test_the_board_is_refused_to_an_anonymous_reader_until_it_is_public(
    app: Flask, client: FlaskClient
) -> None:
    tournament = _seated(client)
    anonymous = client_as(app, None)
    for url in (f"/console/board/{tournament}", f"/console/board/{tournament}/live"):
        refused = anonymous.get(url)
        assert refused.status_code == 303 and "/console/sign-in" in refused.headers["Location"]
    assert client.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 201
    shown = anonymous.get(f"/console/board/{tournament}")
    said = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Hall Open" in said and "Tuesday 24 November 2026" in said
    assert "Round 1" in said and "playing" in said
    assert client.post(f"/tournaments/{tournament}/board", json={"public": False}).status_code == 201
    assert anonymous.get(f"/console/board/{tournament}/live").status_code == 303


def test_a_live_part_answers_304_until_the_tournament_moves(client: FlaskClient) -> None:
    tournament = _seated(client)
    for url in (f"/console/board/{tournament}/live", f"/console/tournaments/{tournament}/live"):
        first = client.get(url)
        assert first.status_code == 200 and first.headers["ETag"]
        assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    assert client.post(f"/tournaments/{tournament}/check-ins", json={"team": "T1"}).status_code == 201
    for url in (f"/console/board/{tournament}/live", f"/console/tournaments/{tournament}/live"):
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]


def test_the_board_over_rest_is_refused_to_an_anonymous_reader_until_it_is_public(
    app: Flask, client: FlaskClient
) -> None:
    tournament = _seated(client)
    anonymous = client_as(app, None)
    refused = anonymous.get(f"/tournaments/{tournament}/board")
    unknown = "00000000-0000-4000-8000-000000000000"
    missing = anonymous.get(f"/tournaments/{unknown}/board")
    assert refused.status_code == 404 and refused.mimetype == "application/problem+json"
    assert refused.get_data(as_text=True).replace(tournament, unknown) == missing.get_data(as_text=True)

    assert client.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 201
    shown = anonymous.get(f"/tournaments/{tournament}/board")
    board = shown.get_json()
    assert shown.status_code == 200 and shown.headers["ETag"] == f'"{board["version"]}"'
    assert board["id"] == tournament and board["name"] == "Hall Open" and board["board_public"] is True
    assert [row["team"] for row in board["standings"]["rows"]] == ["T1", "T2", "T3"]
    assert board["playing"]["round"] == 1 and board["bracket"] is None
    whole = client.get(f"/tournaments/{tournament}").get_json()
    assert board["playing"]["tables"] == [
        {**table, "status": "open"} for table in whole["rounds"][-1]["tables"]
    ]
    shown_only = {
        "stage",
        "standings",
        "cut",
        "bracket",
        "playing",
        "medals",
        "board_public",
        "version",
        "clocks",
    }
    assert set(board) == {"id", "name", "date", "ruleset", "game", *shown_only}  # no sheet, no hand
    unchanged = anonymous.get(
        f"/tournaments/{tournament}/board", headers={"If-None-Match": shown.headers["ETag"]}
    )
    assert unchanged.status_code == 304

    assert client.post(f"/tournaments/{tournament}/board", json={"public": False}).status_code == 201
    assert anonymous.get(f"/tournaments/{tournament}/board").status_code == 404
    assert client.get(f"/tournaments/{tournament}/board").status_code == 200


def test_a_herd_of_anonymous_boards_at_one_version_is_rendered_once(app: Flask, client: FlaskClient) -> None:
    """A hall's spectators all come back for the board at once when the tournament moves: they are
    shown one rendering of that version, and a move renders it again (issue 30)."""
    tournament = _seated(client)
    assert client.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 201
    url = f"/console/board/{tournament}/live"
    before = RENDERED.renderings

    def fetched(_: int) -> tuple[int, str, bytes]:
        answer = client_as(app, None).get(url)
        return answer.status_code, answer.headers["ETag"], answer.get_data()

    with ThreadPoolExecutor(8) as pool:
        herd = list(pool.map(fetched, range(16)))
    assert {status for status, _, _ in herd} == {200}
    assert len({(tag, body) for _, tag, body in herd}) == 1
    assert RENDERED.renderings == before + 1
    assert client.get(url).status_code == 200  # a signed-in reader's own rendering, not the herd's
    assert RENDERED.renderings == before + 1

    assert client.post(f"/tournaments/{tournament}/check-ins", json={"team": "T1"}).status_code == 201
    moved = client_as(app, None).get(url)
    assert moved.status_code == 200 and moved.headers["ETag"] != herd[0][1]
    assert RENDERED.renderings == before + 2
