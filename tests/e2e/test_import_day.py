"""``POST /imports/day``: an official carries a hall's day into the service over HTTP; a tampered day is
refused as problem+json naming its first bad record, nothing stored; the same day again stores nothing;
the same file uploaded as a form, as a generated client sends it."""

from __future__ import annotations

import gzip
import io
from pathlib import Path
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.days import edited, hall_day, small_day
from tests.e2e.conftest import client_as, token

NDJSON = "application/x-ndjson"


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> tuple[UUID, list[str]]:
    return hall_day(tmp_path_factory.mktemp("hall"))


def _post(client: FlaskClient, lines: list[str], **headers: str) -> tuple[int, str, dict[str, object]]:
    body = "".join(lines).encode()
    if headers.get("Content-Encoding") == "gzip":
        body = gzip.compress(body)
    sent = {"Content-Type": NDJSON, **headers}
    reply = client.post("/imports/day", data=body, headers=sent)
    return reply.status_code, reply.mimetype, reply.get_json()


def test_an_official_carries_a_day_in_once(client: FlaskClient, day: tuple[UUID, list[str]]) -> None:
    tournament, lines = day
    status, _, carried = _post(client, lines, **{"Content-Encoding": "gzip"})
    assert status == 201
    assert (carried["tournament"], carried["added"], carried["present"]) == (
        str(tournament),
        len(lines) - 1,
        0,
    )
    assert client.get(f"/tournaments/{tournament}").get_json()["name"] == "Demo Open"
    status, _, again = _post(client, lines, **{"Content-Encoding": "gzip"})
    assert (status, again["added"], again["present"]) == (200, 0, len(lines) - 1)


def test_a_tampered_day_is_a_problem_and_stores_nothing(
    app: Flask, client: FlaskClient, day: tuple[UUID, list[str]]
) -> None:
    tournament, lines = day
    status, mimetype, problem = _post(client, edited(lines, 5), **{"Content-Encoding": "gzip"})
    assert (status, mimetype) == (422, "application/problem+json")
    assert problem["type"] == "urn:adjudicator:problem:day-refused"
    assert (problem["stream"], problem["record"], problem["line"], problem["problem"]) == (
        str(tournament),
        5,
        6,
        "edited",
    )
    assert "nothing of the day was stored" in str(problem["detail"])
    assert client.get(f"/tournaments/{tournament}").status_code == 404
    assert app.extensions["adjudicator.events"].last_event() == 0


def test_a_day_is_an_officials_and_json_lines(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    scorekeeper = client_as(app, token(app, "scorekeeper"))
    reply = scorekeeper.post("/imports/day", data=b"{}", headers={"Content-Type": NDJSON})
    assert (reply.status_code, reply.mimetype) == (403, "application/problem+json")
    reply = client.post("/imports/day", json={"format": "adjudicator-day/1"})
    assert (reply.status_code, reply.mimetype) == (415, "application/problem+json")
    status, mimetype, problem = _post(client, ['{"format": "adjudicator-day/1"}\n'])
    assert (status, mimetype, problem["line"]) == (422, "application/problem+json", 1)
    status, _, problem = _post(client, ["not gzip"], **{"Content-Encoding": "identity"})
    assert (status, problem["problem"]) == (422, "unreadable")


def test_a_day_uploaded_as_a_form_is_carried_compressed_or_not(client: FlaskClient, tmp_path: Path) -> None:
    text = small_day(tmp_path)
    plain = {"day": (io.BytesIO(text.encode()), "day.jsonl", NDJSON)}
    reply = client.post("/imports/day", data=plain, content_type="multipart/form-data")
    assert reply.status_code == 201, reply.get_json()
    assert {p["name"]: p["as"] for p in reply.get_json()["players"]} == dict.fromkeys(
        ("Ada", "Bea", "Cy", "Dee"), "same"
    )
    packed = {"day": (io.BytesIO(gzip.compress(text.encode())), "day.jsonl.gz", "application/gzip")}
    again = client.post("/imports/day", data=packed, content_type="multipart/form-data")
    assert (again.status_code, again.get_json()["added"]) == (200, 0)
    wrong = client.post("/imports/day", data={"file": "x"}, content_type="multipart/form-data")
    assert (wrong.status_code, wrong.mimetype, wrong.get_json()["field"]) == (
        422,
        "application/problem+json",
        "day",
    )
