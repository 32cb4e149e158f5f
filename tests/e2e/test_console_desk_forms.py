"""The director's desk as plain forms: a form without its anti-forgery field (another site's) or by
a scorekeeper records nothing; a refusal is the page again with the engine's words; a signed Cardtel
sheet is corrected only in its arithmetic (Score Sheets 3), a result's change refused in words."""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import Director
from api.auth import COOKIE
from api.console.desk.forms import PURPOSE
from tests.e2e.conftest import client_as, token

WIN = {"final": True, "void": False, "winner": "north_south", "points": {"north_south": 7, "east_west": 0}}


def signed_cardtel(client: FlaskClient) -> str:
    """A Cardtel tournament whose R1-T1 sheet has four hands and both signatures (over REST)."""
    director = Director(2)
    director.record({"type": "tournament_created", "ruleset": "cardtel", "name": "Desk Cardtel"})
    for n in range(1, 5):
        director.record(
            {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"a{n}", f"b{n}"]}
        )
    director.seat_next_round()
    sheet = director.tournament.sheets["R1-T1"]
    for k in range(1, 5):
        director.record({"type": "hand_scored", "match": "R1-T1", "hand": f"h{k}", "score": WIN})
    for side in ("north_south", "east_west"):
        team = str(sheet.sides[side])  # type: ignore[index]
        director.record({"type": "sheet_signed", "match": "R1-T1", "team": team, "player": f"a{team[1]}"})
    created = client.post("/tournaments", json={"ruleset": "cardtel", "name": "Desk Cardtel"})
    tournament: str = created.get_json()["id"]
    recorded = client.post(f"/tournaments/{tournament}/events", json=director.log[1:])
    assert recorded.status_code == 201, recorded.get_json()
    return tournament


def signed_in(app: Flask, role: str = "official", **scope: Any) -> tuple[FlaskClient, str]:
    """A browser's client: the sign-in cookie, and the anti-forgery field its desk pages carry."""
    browser = client_as(app, None)
    issued = token(app, role, f"Desk {role}", **scope)
    browser.set_cookie(COOKIE, issued)
    page = browser.get("/console/desk/new")
    found = re.search(r'name="csrf" value="([0-9a-f]*)"', page.get_data(as_text=True))
    field = hmac.new(issued.encode(), PURPOSE, hashlib.sha256).hexdigest()
    assert found is None or found.group(1) == field
    return browser, field


def version(client: FlaskClient, tournament: str) -> int:
    answer: int = client.get(f"/tournaments/{tournament}").get_json()["version"]
    return answer


def test_a_form_without_its_anti_forgery_field_records_nothing(app: Flask, client: FlaskClient) -> None:
    tournament = signed_cardtel(client)
    before = version(client, tournament)
    browser, csrf = signed_in(app)
    assert csrf
    team = {"team": "T3", "reason": "illness"}
    for forged in ({}, {"csrf": "0" * 64}):
        answer = browser.post(f"/console/desk/{tournament}/withdrawals", data=team | forged)
        assert answer.status_code == 303 and "/console/sign-in" in answer.headers["Location"]
    assert version(client, tournament) == before
    answer = browser.post(f"/console/desk/{tournament}/withdrawals", data=team | {"csrf": csrf})
    assert answer.status_code == 303, re.findall(r"Not recorded[^<]*", answer.get_data(as_text=True))
    assert answer.headers["Location"] == f"/console/desk/{tournament}"
    assert version(client, tournament) == before + 1


def test_a_scorekeeper_may_not_use_the_desk(app: Flask, client: FlaskClient) -> None:
    tournament = signed_cardtel(client)
    before = version(client, tournament)
    browser, csrf = signed_in(app, "scorekeeper")
    answer = browser.post(f"/console/desk/{tournament}/teams", data={"pasted": "X: Xa, Xb", "csrf": csrf})
    assert answer.status_code == 403
    assert browser.get(f"/console/desk/{tournament}").status_code == 403
    assert version(client, tournament) == before


def test_a_signed_cardtel_sheet_is_corrected_only_in_its_arithmetic(app: Flask, client: FlaskClient) -> None:
    tournament = signed_cardtel(client)
    browser, csrf = signed_in(app)
    before = version(client, tournament)
    result = {"hand": "h2", "ns": "0", "ew": "7", "reason": "east-west won it", "csrf": csrf}
    refused = browser.post(f"/console/desk/{tournament}/sheets/R1-T1/corrections", data=result)
    said = refused.get_data(as_text=True)
    assert refused.status_code == 200 and "Not recorded." in said
    assert "corrects only its arithmetic" in said
    assert version(client, tournament) == before
    arithmetic = {"hand": "h2", "ns": "6", "ew": "0", "reason": "7 was written for 6", "csrf": csrf}
    answer = browser.post(f"/console/desk/{tournament}/sheets/R1-T1/corrections", data=arithmetic)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    sheet = client.get(f"/tournaments/{tournament}/matches/R1-T1").get_json()
    assert sheet["result"]["points"]["north_south"] == 27
    assert [c["hand"] for c in sheet["corrections"]] == ["h2"]


def test_a_tie_is_played_off_at_the_desk_in_the_order_the_game_put_it(
    app: Flask, client: FlaskClient
) -> None:
    tournament = signed_cardtel(client)
    browser, csrf = signed_in(app)
    ties = client.get(f"/tournaments/{tournament}/standings").get_json()["ties"]
    assert ties, "the fixture leaves the teams without a hand level"
    order = list(reversed(ties[0]["teams"]))
    played = {"teams": " ".join(order), "reason": "won the playoff game", "csrf": csrf}
    answer = browser.post(f"/console/desk/{tournament}/tiebreaks", data=played)
    assert answer.status_code == 303, re.findall(r"Not recorded[^<]*", answer.get_data(as_text=True))
    recorded = client.get(f"/tournaments/{tournament}").get_json()["tiebreaks"]
    assert [t["teams"] for t in recorded] == [order]
    page = browser.get(f"/console/desk/{tournament}").get_data(as_text=True)
    assert f"Played off: {', '.join(order)}" in page


def test_an_odd_field_s_bye_is_shown_and_overridden_as_written(app: Flask, client: FlaskClient) -> None:
    """Seven teams: the proposal has a bye (no east-west). The desk shows it as ``bye`` (it answered a
    500 before), and the override written back with it seats the round as the proposal did."""
    created = client.post("/tournaments", json={"ruleset": "chicago", "name": "Desk Odd"})
    tournament: str = created.get_json()["id"]
    teams = [
        {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"a{n}", f"b{n}"]}
        for n in range(1, 8)
    ]
    assert client.post(f"/tournaments/{tournament}/events", json=teams).status_code == 201
    browser, csrf = signed_in(app)
    while needs := client.get(f"/tournaments/{tournament}/proposal").get_json()["needs"]:
        drawn = {"csrf": csrf, "version": version(client, tournament), "purpose": needs[0]}
        assert browser.post(f"/console/desk/{tournament}/draws", data=drawn).status_code == 303
    proposal = client.get(f"/tournaments/{tournament}/proposal").get_json()
    assert [t["table"] for t in proposal["tables"] if t["east_west"] is None], proposal
    page = browser.get(f"/console/desk/{tournament}")
    assert page.status_code == 200
    written = re.search(
        r'<textarea id="tables" name="tables"[^>]*>([^<]*)</textarea>', page.get_data(as_text=True)
    )
    assert written is not None and " bye" in written.group(1)
    form = {
        "csrf": csrf,
        "version": version(client, tournament),
        "tables": written.group(1),
        "reason": "as drawn",
    }
    answer = browser.post(f"/console/desk/{tournament}/rounds/1/seating", data=form)
    assert answer.status_code == 303, re.findall(r"Not recorded[^<]*", answer.get_data(as_text=True))
    seated = client.get(f"/tournaments/{tournament}/matches").get_json()
    assert seated, seated


def test_a_tables_token_is_issued_shown_once_listed_and_revoked_at_the_desk(
    app: Flask, client: FlaskClient
) -> None:
    tournament = signed_cardtel(client)
    browser, csrf = signed_in(app)
    desk = f"/console/desk/{tournament}"
    refused = browser.post(f"{desk}/tokens", data={"table": "0", "csrf": csrf})
    assert refused.status_code == 200 and "numbered from 1" in refused.get_data(as_text=True)
    issued = browser.post(f"{desk}/tokens", data={"table": "2", "csrf": csrf})
    assert issued.headers["Cache-Control"] == "no-store"
    shown = re.search(r'<code class="token">(adj_[^<]+)</code>', issued.get_data(as_text=True))
    assert shown is not None
    table = client_as(app, shown.group(1)).get("/console/table")
    assert table.status_code == 200 and "Table 2" in table.get_data(as_text=True)
    listed = browser.get(desk).get_data(as_text=True)
    assert "Desk Cardtel, table 2" in listed and shown.group(1) not in listed  # shown only once
    credential = re.search(r'data-credential="([0-9a-f]+)"', listed)
    assert credential is not None

    keeper, keeper_csrf = signed_in(app, "scorekeeper")
    revoking = f"{desk}/tokens/{credential.group(1)}/revocation"
    assert keeper.post(f"{desk}/tokens", data={"table": "3", "csrf": keeper_csrf}).status_code == 403
    assert keeper.post(revoking, data={"csrf": keeper_csrf}).status_code == 403
    answer = browser.post(revoking, data={"csrf": csrf})
    assert answer.status_code == 303 and answer.headers["Location"] == f"{desk}#tokens"
    assert client_as(app, shown.group(1)).get("/console/table").status_code in (302, 303, 401)
    assert "revoked at" in browser.get(desk).get_data(as_text=True)
