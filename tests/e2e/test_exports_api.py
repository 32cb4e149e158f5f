"""A tournament's standings, score sheets and bracket as CSV over HTTP (issue 31, item 8): what a
spreadsheet opens (UTF-8, a header row, names in words, no id), read as the tournament's JSON is read
(a credential, 304 with its version, 404 as problem+json for a tournament that is not there or not
the reader's), and declared in the contract as the routes declare themselves."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import yaml
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.tournaments import Director, first_semi_final
from tests.e2e.conftest import client_as, token

NAMES = {"T1": "Queens of Spades", "T2": "Céline & Zoë", "T3": "Big Jokers", "T4": "Late Books"}
EXPORTS = ("standings.csv", "matches.csv", "bracket.csv")
IDS = ("T1", "T2", "T3", "T4", "R1-T1", "P1-1", "north_south", "east_west", "final")


def _tournament(client: FlaskClient) -> tuple[str, Director]:
    director = first_semi_final("Export Open", NAMES)
    created = client.post("/tournaments", json={"ruleset": "detroit", "name": "Export Open"})
    tournament: str = created.get_json()["id"]
    recorded = client.post(f"/tournaments/{tournament}/events", json=director.log[1:])
    assert recorded.status_code == 201, recorded.get_json()
    return tournament, director


def _rows(answer: Any) -> list[dict[str, str]]:
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == "text/csv" and answer.mimetype_params.get("charset") == "utf-8"
    raw: bytes = answer.get_data()
    assert raw.startswith("\ufeff".encode()), "a spreadsheet needs the byte order mark to read UTF-8"
    text = raw.decode("utf-8-sig")
    for identifier in IDS:
        assert not re.search(rf"(?<![\w-]){identifier}(?![\w-])", text), identifier
    return list(csv.DictReader(io.StringIO(text)))


def test_the_standings_sheets_and_bracket_open_in_a_spreadsheet_in_words(client: FlaskClient) -> None:
    tournament, director = _tournament(client)
    t = director.tournament
    standings = _rows(client.get(f"/tournaments/{tournament}/standings.csv"))
    expected = t.standings()["rows"]
    assert [row["Team"] for row in standings] == [NAMES[row["team"]] for row in expected]
    first = standings[0]
    assert first["Place"] == "1" and first["Rounds won"] == str(expected[0]["rounds_won"])
    assert first["Total points"] == str(expected[0]["total_points"]) and first["Playoff"] == "Seed 1"
    assert first["Players"] == " & ".join(t.state()["teams"][[*NAMES].index(expected[0]["team"])]["players"])

    hands = _rows(client.get(f"/tournaments/{tournament}/matches.csv"))
    sheets = t.state()["sheets"]
    assert len([h for h in hands if h["Hand"]]) == sum(len(s["hands"]) for s in sheets)
    round_one = [h for h in hands if h["Match"] == "Round 1, table 1"]
    sheet = next(s for s in sheets if s["match"] == "R1-T1")
    assert round_one[0]["North\u2013South"] == NAMES[sheet["north_south"]]
    assert round_one[0]["East\u2013West"] == NAMES[sheet["east_west"]]
    points = [(h["North\u2013South points"], h["East\u2013West points"]) for h in round_one]
    assert points == [
        tuple(str(h["points"][s]) for s in ("north_south", "east_west")) for h in sheet["hands"]
    ]
    assert round_one[0]["Sheet"] == "signed" and round_one[0]["Won by"] in NAMES.values()
    waiting = [h for h in hands if h["Match"] == "Semi-final 2"]
    assert len(waiting) == 1 and waiting[0]["Notes"] == "no hand yet"

    bracket = _rows(client.get(f"/tournaments/{tournament}/bracket.csv"))
    seeds = t.state()["seeding"]["seeds"]
    semi = t.state()["bracket"]["matches"]["P1-1"]
    assert [row["Match"] for row in bracket] == ["Semi-final 1", "Semi-final 2"]
    assert bracket[0]["Winner"] == NAMES[semi["winner"]] and bracket[1]["Winner"] == ""
    assert bracket[0]["First seed"] == str(seeds.index(semi["teams"][0]) + 1)
    assert bracket[0]["First team"] == NAMES[semi["teams"][0]]
    assert "\u2013" in bracket[0]["Points"]


def test_an_export_is_read_as_the_tournaments_json_is(app: Flask, client: FlaskClient) -> None:
    tournament, _ = _tournament(client)
    version = client.get(f"/tournaments/{tournament}").headers["ETag"]
    unknown = "00000000-0000-4000-8000-000000000000"
    for export in EXPORTS:
        first = client.get(f"/tournaments/{tournament}/{export}")
        assert first.headers["ETag"] == version
        assert first.headers["Content-Disposition"].startswith("attachment; filename=")
        assert (
            client.get(f"/tournaments/{tournament}/{export}", headers={"If-None-Match": version}).status_code
            == 304
        )
        missing = client.get(f"/tournaments/{unknown}/{export}")
        assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
        anonymous = client_as(app, None).get(f"/tournaments/{tournament}/{export}")
        assert anonymous.status_code == 401 and anonymous.mimetype == "application/problem+json"

    private = client.post("/tournaments", json={"ruleset": "texas", "name": "Hidden Cup"})
    hidden = private.get_json()["id"]
    other = client_as(app, token(app, "scorekeeper", tournament=tournament))
    for export in EXPORTS:
        refused, missing = (
            other.get(f"/tournaments/{hidden}/{export}"),
            other.get(f"/tournaments/{unknown}/{export}"),
        )
        assert refused.status_code == missing.status_code == 404
        assert refused.get_data(as_text=True).replace(hidden, unknown) == missing.get_data(as_text=True)
        assert client.get(f"/tournaments/{hidden}/{export}").status_code == 200


def test_the_contract_declares_each_export_as_csv() -> None:
    with open("openapi.yaml", encoding="utf-8") as f:
        contract = yaml.safe_load(f)
    for export, operation in zip(EXPORTS, ("getStandingsCsv", "getMatchesCsv", "getBracketCsv"), strict=True):
        declared = contract["paths"][f"/tournaments/{{tournament_id}}/{export}"]["get"]
        assert declared["operationId"] == operation
        assert set(declared["responses"]["200"]["content"]) == {"text/csv"}
        assert declared["responses"]["404"]["content"]["application/problem+json"]
