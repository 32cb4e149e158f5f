"""Table cards, as a hall uses them: the desk prints a card for each table; a phone that opens the
card's QR address, or types its code, is signed in for that table alone and lands on its page; a card
withdrawn at the desk signs its phones out at once and tells them so; wrong codes are refused in
problem+json (or on the page), and an address that keeps guessing waits (429)."""

from __future__ import annotations

import http.client
import json
import re
from html import unescape
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from api.auth import COOKIE
from tests.e2e.conftest import LiveServer, credentials
from tests.e2e.test_console_desk_forms import signed_in
from tests.e2e.test_roles import _played, _registered, _tournament

JSON = {"Accept": "application/json"}


def printed_cards(
    app: Flask, tournament: str, tables: int = 2
) -> tuple[FlaskClient, str, list[dict[str, str]]]:
    """The desk's printing page for ``tables`` tables: each card's table, QR address and code."""
    desk, field = signed_in(app)
    form = desk.get(f"/console/desk/{tournament}/cards").get_data(as_text=True)
    once = re.search(r'name="once" value="([^"]+)"', form)
    assert once is not None, form
    answer = desk.post(
        f"/console/desk/{tournament}/cards",
        data={"csrf": field, "once": once.group(1), "tables": str(tables)},
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"
    html = answer.get_data(as_text=True)
    found = re.findall(
        r'data-table="(\d+)" data-url="([^"]+)".*?<svg role="img".*?</svg>'
        r'.*?class="card-code"[^>]*>([A-Z ]+)<',
        html,
        re.S,
    )
    return desk, field, [{"table": t, "url": unescape(u), "code": c} for t, u, c in found]


def test_the_qr_address_and_the_code_sign_a_phone_in_for_its_table_only(app: Flask) -> None:
    tournament = _tournament(app, _played(_registered()))
    _, _, cards = printed_cards(app, tournament)
    assert [c["table"] for c in cards] == ["1", "2"]
    assert all(re.fullmatch(r"[ACDEFGHJKMNPQRTUVWXY]{4} [ACDEFGHJKMNPQRTUVWXY]{4}", c["code"]) for c in cards)
    assert len({c["code"] for c in cards}) == 2

    phone = app.test_client()
    link = urlsplit(cards[0]["url"])
    assert link.path == "/console/join"
    landed = phone.get(f"{link.path}?{link.query}")
    assert landed.status_code == 303 and landed.headers["Location"] == "/console/table"
    assert "HttpOnly" in landed.headers["Set-Cookie"]
    table = phone.get("/console/table")
    assert table.status_code == 200, table.headers.get("Location")
    assert "Table 1" in table.get_data(as_text=True) or "table 1" in table.get_data(as_text=True)
    signed = credentials(app).verify(phone.get_cookie(COOKIE).value)  # type: ignore[union-attr]
    assert signed is not None and (signed.role, signed.tournament, signed.table) == (
        "scorekeeper",
        tournament,
        1,
    )

    second = app.test_client()
    typed = cards[1]["code"].lower().replace(" ", "-")  # as a phone's keyboard might send it
    answer = second.post("/console/join", data={"code": typed})
    assert answer.status_code == 303 and answer.headers["Location"] == "/console/table"
    other = credentials(app).verify(second.get_cookie(COOKIE).value)  # type: ignore[union-attr]
    assert other is not None and other.table == 2 and other.id != signed.id


def test_a_withdrawn_card_signs_its_phones_out_and_says_so(app: Flask) -> None:
    tournament = _tournament(app, _played(_registered()))
    desk, field, cards = printed_cards(app, tournament, 1)
    phone = app.test_client()
    link = urlsplit(cards[0]["url"])
    assert phone.get(f"{link.path}?{link.query}").status_code == 303
    assert phone.get("/console/table").status_code == 200

    listing = desk.get(f"/console/desk/{tournament}/cards").get_data(as_text=True)
    card = re.search(r'data-card="([0-9a-f]+)"', listing)
    assert card is not None and "1</td>" in listing
    once = re.search(r'name="once" value="([^"]+)"', listing)
    assert once is not None
    withdrawn = desk.post(
        f"/console/desk/{tournament}/cards/{card.group(1)}/revocation",
        data={"csrf": field, "once": once.group(1)},
    )
    assert withdrawn.status_code == 303
    assert "withdrawn at" in desk.get(f"/console/desk/{tournament}/cards").get_data(as_text=True)

    sent = phone.get("/console/table", follow_redirects=True)
    assert sent.status_code == 200 and sent.request.path == "/console/sign-in"
    assert "This card was withdrawn" in sent.get_data(as_text=True)
    again = phone.post("/console/join", data={"code": cards[0]["code"]})
    assert again.status_code == 403 and "ask the director" in again.get_data(as_text=True).lower()
    refused = app.test_client().post("/console/join", json={"code": cards[0]["code"]}, headers=JSON)
    assert refused.status_code == 410
    assert refused.get_json()["type"].endswith("card-withdrawn")


def _post(port: int, body: bytes, content_type: str, accept: str) -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(
            "POST", "/console/join", body=body, headers={"Content-Type": content_type, "Accept": accept}
        )
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
    finally:
        conn.close()


def test_bad_codes_are_problems_and_guessing_waits(live_server: LiveServer) -> None:
    tournament = _tournament(live_server.app, _played(_registered()))
    _, _, cards = printed_cards(live_server.app, tournament, 1)
    app_json = "application/json"

    status, headers, body = _post(live_server.port, b'{"code": "ABC"}', app_json, "application/problem+json")
    assert status == 422 and headers["content-type"].startswith("application/problem+json")
    assert "invalid-card-code" in body and "8 letters" in body

    status, headers, body = _post(live_server.port, b'{"code": "ABCD EFG1"}', app_json, app_json)
    assert status == 422 and "only the letters" in body

    status, _, page = _post(
        live_server.port, b"code=AAAA+AAAA", "application/x-www-form-urlencoded", "text/html"
    )
    assert status == 404 and "No table card has that code" in unescape(page)
    for _ in range(4):
        status, headers, body = _post(live_server.port, b'{"code": "AAAA AAAA"}', app_json, app_json)
        assert status == 404 and "unknown-table-card" in body
    status, headers, body = _post(live_server.port, b'{"code": "AAAA AAAA"}', app_json, app_json)
    assert status == 429 and "too-many-guesses" in body
    assert 1 <= int(headers["retry-after"]) <= 60
    right = cards[0]["code"].encode()
    status, _, _ = _post(live_server.port, b'{"code": "' + right + b'"}', app_json, app_json)
    assert status == 429, "while an address waits, even the right code waits"

    link = urlsplit(cards[0]["url"])
    assert _get(live_server.port, f"{link.path}?key=not-the-card")[0] == 429


def test_an_app_exchanges_a_code_for_the_tables_token(live_server: LiveServer) -> None:
    tournament = _tournament(live_server.app, _played(_registered()))
    _, _, cards = printed_cards(live_server.app, tournament, 1)
    body = json.dumps({"code": cards[0]["code"]}).encode()
    status, headers, answer = _post(live_server.port, body, "application/json", "application/json")
    assert status == 201 and headers["cache-control"] == "no-store"
    issued = json.loads(answer)
    assert issued["token"].startswith("adj_") and issued["credential"]["table"] == 1
    assert issued["credential"]["name"] == "Matrix, table 1, phone 1"
    mine = live_server.client(issued["token"]).get(f"/tournaments/{tournament}")
    assert mine.status == 200


def _get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()
