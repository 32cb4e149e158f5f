"""The console's lists say a hand, a tournament and a credential as people do: a hand without a label
by when it was opened, never by the first letters of its id, and every time in the hall's local time
with its day, never as an ISO stamp in UTC."""

from __future__ import annotations

import re
from datetime import datetime

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.domain import words as say
from tests.e2e.test_console_desk_forms import signed_in
from tests.e2e.test_corrections_in_words import text
from tests.e2e.test_hand_list import _caught_up
from tests.e2e.test_roles import _played, _registered, _tournament

ISO = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def test_unlabelled_hands_and_unnamed_tournaments_are_said_by_when(app: Flask, client: FlaskClient) -> None:
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()
    tournament = client.post("/tournaments", json={"ruleset": "texas"}).get_json()
    _caught_up(app)  # the hands' list is read from the read models
    browser, _ = signed_in(app)
    hands, tournaments = text(browser, "/console/hands"), text(browser, "/console/tournaments")
    staff = text(browser, "/console/desk/credentials")
    replay = text(browser, f"/console/hands/{hand['id']}")
    for page in (hands, tournaments, staff, replay):
        assert not ISO.search(page), ISO.search(page)
    assert hand["id"][:8] not in hands + replay and tournament["id"][:8] not in tournaments
    opened = say.stamp(hand["opened_at"])
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}", opened)
    assert f"Hand opened {opened}" in hands and f"Hand opened {opened}" in replay
    assert f"Tournament created {say.stamp(tournament['created_at'])}" in tournaments
    local = datetime.fromisoformat(hand["opened_at"]).astimezone()
    assert opened.endswith(f"{local:%H:%M}")


def test_a_tournaments_sheets_say_their_matches_and_sides_in_words(app: Flask, client: FlaskClient) -> None:
    tournament = _tournament(app, _played(_registered()))
    browser, _ = signed_in(app)
    for url in (f"/console/tournaments/{tournament}", f"/console/desk/{tournament}/sheets/R1-T1"):
        page = text(browser, url)
        assert "Round 1, table 1" in page, url
        found = re.search(r"\bR1-T\d\b|north south|east west", page)
        assert not found, page[max(0, found.start() - 200) : found.end() + 100]
