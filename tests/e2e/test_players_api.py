"""The association's players over REST: recorded once, the match offered when a name reads the same,
two records merged by a recorded fact that reads follow, a registration naming its players' records,
and a player's history as the reader's sight allows (private tournaments hidden)."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import client_as, token
from tests.e2e.test_console_desk_forms import signed_in


def _record(client: FlaskClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/players", json=body)
    assert answer.status_code == 201, answer.get_json()
    found: dict[str, Any] = answer.get_json()
    return found


def test_a_name_that_reads_as_a_recorded_players_is_offered_the_match(
    app: Flask, client: FlaskClient
) -> None:
    ann = _record(client, name="Ann Lee", centre="Windsor", birth_date="1950-03-01")
    again = client.post("/players", json={"name": "ann  LEE"})
    assert again.status_code == 409 and again.mimetype == "application/problem+json"
    problem = again.get_json()
    assert "Ann Lee of Windsor centre" in problem["detail"]
    assert [m["player"] for m in problem["matches"]] == [ann["player"]]
    offered = client.get("/players", query_string={"name": "ANN LEE"}).get_json()["matches"]
    assert [(m["player"], m["described"]) for m in offered] == [(ann["player"], "Ann Lee of Windsor centre")]
    other = _record(client, name="Ann Lee", centre="Detroit", new_person=True)
    assert other["player"] != ann["player"]
    viewer = client_as(app, token(app, "viewer"))
    assert viewer.get(f"/players/{ann['player']}").get_json()["birth_date"] is None  # an official's to read
    assert client.get(f"/players/{ann['player']}").get_json()["birth_date"] == "1950-03-01"
    assert viewer.post("/players", json={"name": "Cy"}).status_code == 403


def test_bad_input_is_a_problem_and_records_nothing(client: FlaskClient) -> None:
    for body in ({}, {"name": ""}, {"name": "Bo", "birth_date": "1 May 1950"}, {"name": "Bo", "age": 70}):
        answer = client.post("/players", json=body)
        assert answer.status_code == 422 and answer.mimetype == "application/problem+json", body
    assert client.get("/players", query_string={"name": "Bo"}).get_json()["matches"] == []
    assert client.get("/players", query_string={"name": ""}).status_code == 400
    assert client.get(f"/players/{uuid4()}").status_code == 404
    assert client.get("/players").get_json()["matches"] == []
    refused = client.post("/players/merges", json={"kept": "nobody", "merged": "none"})
    assert refused.status_code == 422 and refused.get_json()["field"] == "kept"


def test_a_merge_is_recorded_and_every_read_follows_it(client: FlaskClient) -> None:
    kept = _record(client, name="Bo Diddley", centre="Windsor")
    twin = _record(client, name="Bo Didley", district="Essex")
    merged = client.post(
        "/players/merges", json={"kept": kept["player"], "merged": twin["player"], "reason": "one person"}
    )
    assert merged.status_code == 201, merged.get_json()
    assert merged.get_json()["records"] == [kept["player"], twin["player"]]
    followed = client.get(f"/players/{twin['player']}").get_json()
    assert (followed["player"], followed["name"]) == (kept["player"], "Bo Diddley")
    again = client.post("/players/merges", json={"kept": kept["player"], "merged": twin["player"]})
    assert again.status_code == 422 and "already one person" in again.get_json()["detail"]


def _tournament(client: FlaskClient, name: str, people: list[str], public: bool) -> str:
    tournament: str = client.post("/tournaments", json={"ruleset": "detroit", "name": name}).get_json()["id"]
    teams = [
        {"type": "team_registered", "team": "Aces", "players": ["Ann", "Bo"], "people": people},
        {"type": "team_registered", "team": "Kings", "players": ["Kim", "Ken"]},
    ]
    assert client.post(f"/tournaments/{tournament}/events", json=teams).status_code == 201
    if public:
        assert client.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 201
    return tournament


def test_a_players_history_shows_only_the_tournaments_its_reader_may_know_of(
    app: Flask, client: FlaskClient
) -> None:
    ann, bo = _record(client, name="Ann Lee"), _record(client, name="Bo Jones")
    twin = _record(client, name="Ann Leigh")
    public = _tournament(client, "Spring open", [ann["player"], bo["player"]], public=True)
    private = _tournament(client, "Members' night", [twin["player"], bo["player"]], public=False)
    client.post("/players/merges", json={"kept": ann["player"], "merged": twin["player"]})
    app.extensions["adjudicator.read_models"].catch_up()
    seen = client.get(f"/players/{ann['player']}/history").get_json()
    assert {t["tournament"] for t in seen["tournaments"]} == {public, private}
    assert seen["tournaments"][0]["teams"] == [{"team": "Aces", "name": None, "number": 1}]
    anonymous = client_as(app, None).get(f"/players/{twin['player']}/history")
    assert anonymous.status_code == 200, anonymous.get_json()
    assert [t["tournament"] for t in anonymous.get_json()["tournaments"]] == [public]
    scoped = client_as(app, token(app, "scorekeeper", "Table 1", tournament=private))
    mine = scoped.get(f"/players/{bo['player']}/history").get_json()["tournaments"]
    assert {t["tournament"] for t in mine} == {public, private}
    assert client.get(f"/players/{uuid4()}/history").get_json()["type"].endswith("unknown-player")


def test_a_players_page_lists_what_the_history_lists_to_the_same_reader(
    app: Flask, client: FlaskClient
) -> None:
    ann, bo = _record(client, name="Ann Lee", centre="Windsor"), _record(client, name="Bo Jones")
    _tournament(client, "Spring open", [ann["player"], bo["player"]], public=True)
    _tournament(client, "Members' night", [ann["player"], bo["player"]], public=False)
    app.extensions["adjudicator.read_models"].catch_up()
    browser, _ = signed_in(app)
    shown = browser.get(f"/console/players/{ann['player']}")
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert "Ann Lee of Windsor centre" in text and "Spring open" in text and "Members&#39; night" in text
    anonymous = client_as(app, None).get(f"/console/players/{ann['player']}").get_data(as_text=True)
    assert "Spring open" in anonymous and "Members" not in anonymous
    assert browser.get(f"/console/players/{uuid4()}").status_code == 404


def test_the_desk_asks_whether_a_typed_name_is_a_recorded_player_and_links_the_team(
    app: Flask, client: FlaskClient
) -> None:
    ann, bo = _record(client, name="Ann Lee", centre="Windsor"), _record(client, name="Bo Jones")
    tournament = client.post("/tournaments", json={"ruleset": "detroit", "name": "Desk"}).get_json()["id"]
    browser, csrf = signed_in(app)
    typed = {"name": "Aces", "player1": "ann lee", "player2": "Bo Jones", "number": "1", "csrf": csrf}
    asked = browser.post(f"/console/desk/{tournament}/teams", data=typed)
    assert asked.status_code == 200
    assert "Is this Ann Lee of Windsor centre?" in asked.get_data(as_text=True)
    assert client.get(f"/tournaments/{tournament}").get_json()["teams"] == []  # nothing yet
    answered = {**typed, "person1": ann["player"], "person2": bo["player"]}
    assert browser.post(f"/console/desk/{tournament}/teams", data=answered).status_code == 303
    events = client.get(f"/tournaments/{tournament}/events").get_json()["events"]
    assert events[-1]["people"] == [ann["player"], bo["player"]]
