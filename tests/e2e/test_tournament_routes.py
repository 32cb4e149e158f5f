"""The /tournaments routes: a tournament's log appended through the API, all or none."""

from __future__ import annotations

from flask.testing import FlaskClient


def _create(client: FlaskClient) -> str:
    reply = client.post("/tournaments", json={"ruleset": "detroit", "name": "Spring"})
    assert reply.status_code == 201, reply.get_json()
    assert reply.headers["Location"].startswith("/tournaments/")
    tournament_id: str = reply.get_json()["id"]
    return tournament_id


def test_teams_registered_through_the_api_appear_in_the_tournament(client: FlaskClient) -> None:
    tournament_id = _create(client)
    teams = [{"type": "team_registered", "team": f"T{n}", "number": n} for n in range(1, 5)]
    reply = client.post(f"/tournaments/{tournament_id}/events", json=teams, headers={"If-Match": '"1"'})
    assert reply.status_code == 201, reply.get_json()
    assert reply.get_json()["version"] == 5
    log = client.get(f"/tournaments/{tournament_id}/events").get_json()
    assert [e["type"] for e in log["events"]] == ["tournament_created"] + ["team_registered"] * 4
    assert client.get(f"/tournaments/{tournament_id}/standings").status_code == 200


def test_an_impossible_tournament_event_refuses_the_whole_batch(client: FlaskClient) -> None:
    tournament_id = _create(client)
    batch = [
        {"type": "team_registered", "team": "T1", "number": 1},
        {"type": "team_withdrawn", "team": "T9", "reason": "never registered"},
    ]
    reply = client.post(f"/tournaments/{tournament_id}/events", json=batch)
    assert reply.status_code == 422
    assert reply.headers["Content-Type"].startswith("application/problem+json")
    assert reply.get_json()["index"] == 1
    assert client.get(f"/tournaments/{tournament_id}").get_json()["version"] == 1


def test_a_stale_if_match_records_nothing(client: FlaskClient) -> None:
    tournament_id = _create(client)
    event = {"type": "team_registered", "team": "T1", "number": 1}
    reply = client.post(f"/tournaments/{tournament_id}/events", json=event, headers={"If-Match": '"7"'})
    assert reply.status_code == 412
    assert client.get(f"/tournaments/{tournament_id}").get_json()["version"] == 1


def test_an_unknown_tournament_is_404(client: FlaskClient) -> None:
    reply = client.get("/tournaments/00000000-0000-0000-0000-000000000000")
    assert reply.status_code == 404
    assert reply.headers["Content-Type"].startswith("application/problem+json")


def test_the_append_neither_offers_nor_takes_a_second_tournament_created(client: FlaskClient) -> None:
    """A tournament is created once, by POST /tournaments: the contract's append body does not offer
    ``tournament_created``, and one sent anyway is refused as a shape, saying where it belongs."""
    from api.spec import build_spec

    offered = build_spec()["components"]["schemas"]["TournamentEvent"]["discriminator"]["mapping"]
    assert "team_registered" in offered and "tournament_created" not in offered
    tournament_id = _create(client)
    reply = client.post(
        f"/tournaments/{tournament_id}/events", json={"type": "tournament_created", "ruleset": "texas"}
    )
    assert reply.status_code == 422
    assert reply.get_json()["type"] == "urn:adjudicator:problem:invalid-body"
    assert "POST /tournaments" in reply.get_json()["detail"]
    assert client.get(f"/tournaments/{tournament_id}").get_json()["version"] == 1
