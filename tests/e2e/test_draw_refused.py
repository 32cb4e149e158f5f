"""A draw the round does not need is refused in words (422) and records nothing: the refusal is decided
on the version the draw would go to, inside the one pass that records it (it answered a 500 after the
append path became one pass; schemathesis' stateful run found it once its cases all ran under xdist)."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_a_draw_the_round_does_not_need_is_a_422_and_records_nothing(client: FlaskClient) -> None:
    created = client.post("/tournaments", json={"ruleset": "detroit", "name": "Draws"})
    tournament: str = created.get_json()["id"]
    before = client.get(f"/tournaments/{tournament}").get_json()["version"]
    answer = client.post(f"/tournaments/{tournament}/draws", json={"purpose": "session_start"})
    assert answer.status_code == 422, answer.get_json()
    assert "needs no session_start draw" in answer.get_json()["detail"]
    assert client.get(f"/tournaments/{tournament}").get_json()["version"] == before
