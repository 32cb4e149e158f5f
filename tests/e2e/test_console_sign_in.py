"""The console's sign-in cookie: what it lets a browser read and write, and what it never does.

A cookie is sent by the browser on every request to the site, including one a page on another site
provokes; so the cookie counts for a write only with the ``X-Adjudicator-Console`` header, which only
this site's own scripts can send. These run on the Flask test client; tests/browser runs the pages.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import credentials, token

BID = {"type": "bid", "seat": "east", "bid": "4"}


def _signed_in(app: Flask, value: str) -> FlaskClient:
    browser = app.test_client()
    answer = browser.post("/console/sign-in", data={"token": value, "next": "/console/hands"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/console/hands"
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    return browser


def _open_hand(client: FlaskClient) -> str:
    return str(client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"])


def test_the_cookie_writes_only_with_the_consoles_header(app: Flask, client: FlaskClient) -> None:
    hand = _open_hand(client)
    browser = _signed_in(app, token(app, "official"))
    forged = browser.post(f"/hands/{hand}/events", json=BID)
    assert forged.status_code == 401, "a cookie alone must not write: another site's form could send it"
    assert client.get(f"/hands/{hand}").get_json()["version"] == 0
    own = browser.post(f"/hands/{hand}/events", json=BID, headers={"X-Adjudicator-Console": "1"})
    assert own.status_code == 201
    assert client.get(f"/hands/{hand}/events").get_json()["events"][0]["author"]["role"] == "official"


def test_the_cookie_reads_a_hand_in_play_and_a_revoked_one_reads_nothing(
    app: Flask, client: FlaskClient
) -> None:
    hand = _open_hand(client)
    value = token(app, "viewer", "Floor viewer")
    browser = _signed_in(app, value)
    assert browser.get(f"/hands/{hand}").status_code == 200
    page = browser.get(f"/console/hands/{hand}")
    assert page.status_code == 200 and b"Floor viewer" in page.data
    credentials(app).revoke("Floor viewer")
    assert browser.get(f"/hands/{hand}").status_code == 401
    again = browser.get(f"/console/hands/{hand}")
    assert again.status_code == 303 and again.headers["Location"].startswith("/console/sign-in?")


def test_a_wrong_token_is_refused_on_the_page_and_sets_nothing(app: Flask) -> None:
    answer = app.test_client().post("/console/sign-in", data={"token": "adj_not-a-token"})
    assert answer.status_code == 401
    assert "Set-Cookie" not in answer.headers
    assert b"unknown or revoked" in answer.data


def test_sign_in_never_sends_the_browser_to_another_site(app: Flask) -> None:
    value = token(app, "official")
    for target in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        answer = app.test_client().post("/console/sign-in", data={"token": value, "next": target})
        assert answer.headers["Location"] == "/console/hands", target


def test_signing_out_forgets_the_cookie(app: Flask, client: FlaskClient) -> None:
    hand = _open_hand(client)
    browser = _signed_in(app, token(app, "official"))
    browser.post("/console/sign-out")
    assert browser.get(f"/hands/{hand}").status_code == 401


def test_a_page_answers_a_missing_hand_as_a_page(app: Flask, client: FlaskClient) -> None:
    answer = client.get("/console/hands/00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"
    assert b"All hands" in answer.data


def test_a_moment_past_the_record_opens_its_end(app: Flask, client: FlaskClient) -> None:
    hand = _open_hand(client)
    client.post(f"/hands/{hand}/events", json=BID)
    page = client.get(f"/console/hands/{hand}?at=999")
    assert b'data-at="1"' in page.data
    assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
