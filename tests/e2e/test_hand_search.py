"""GET /hands finds a hand as a director looks for it: by words of its label or a player's name
(``q``), by a tournament named as the director knows it (its name, in any case, or its id), and by the
tournament's table; every listed hand of a tournament carries the tournament's name."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import client_as
from tests.e2e.test_hand_list import _caught_up
from tests.e2e.test_roles import _finished_hand, _registered, _tournament

PLAYERS = {"north": "Ada Lovelace", "east": "Bea", "south": "Cy", "west": "Dee"}


def _labelled(client: FlaskClient, label: str, players: dict[str, str] | None = None) -> str:
    opened = client.post(
        "/hands",
        json={"ruleset": "detroit", "dealer": "north", "label": label, "players": players or PLAYERS},
    ).get_json()
    reply = client.post(f"/hands/{opened['id']}/events", json=random_hand(8, "detroit", "north"))
    assert reply.status_code == 201, reply.get_json()
    return str(opened["id"])


def _ids(client: FlaskClient, query: str) -> set[str]:
    reply = client.get(f"/hands?{query}")
    assert reply.status_code == 200, reply.get_json()
    return {h["id"] for h in reply.get_json()["hands"]}


def test_q_finds_words_of_the_label_or_a_players_name_in_any_case(app: Flask, client: FlaskClient) -> None:
    three = _labelled(client, "Table 3, board 7")
    thirty = _labelled(
        client, "Table 30, board 1", {"north": "Zed", "east": "Yan", "south": "Xi", "west": "Wu"}
    )
    other = _labelled(
        client, "Table 4, board 2", {"north": "Max", "east": "100%_sure", "south": "Ola", "west": "Pat"}
    )
    _caught_up(app)
    assert _ids(client, "q=table%203") == {three, thirty}
    assert _ids(client, "q=TABLE%203,") == {three}
    assert _ids(client, "q=lovelace") == {three}
    assert _ids(client, "q=ada") == {three}
    assert _ids(client, "q=north") == set()  # a seat's name is not a player's
    assert _ids(client, "q=100%25_") == {other}  # % and _ are the words typed, not wildcards
    assert _ids(client, "q=%25") == {other}
    assert _ids(client, "q=nobody") == set()


def _linked(app: Flask, client: FlaskClient, *matches: str) -> tuple[str, list[str]]:
    """A tournament named "Matrix" with a finished hand on each of ``matches``' sheets."""
    director = _registered()
    director.seat_next_round()
    tournament = _tournament(app, director)
    hands = [_finished_hand(app) for _ in matches]
    for match, hand in zip(matches, hands, strict=True):
        linked = client.post(f"/tournaments/{tournament}/matches/{match}/hands", json={"hand": hand})
        assert linked.status_code == 201, linked.get_json()
    _caught_up(app)
    return tournament, hands


def test_a_tournament_is_found_by_its_name_and_its_tables(app: Flask, client: FlaskClient) -> None:
    tournament, (first, second) = _linked(app, client, "R1-T1", "R1-T2")
    loose = _finished_hand(app)
    _caught_up(app)
    assert _ids(client, "tournament=Matrix") == {first, second}
    assert _ids(client, "tournament=matrix") == {first, second}
    assert _ids(client, f"tournament={tournament.upper()}") == {first, second}
    assert _ids(client, "tournament=matrix&table=2") == {second}
    assert _ids(client, "table=1") == {first}
    assert _ids(client, "tournament=Another") == set()
    assert _ids(client, "q=matri") == {first, second}  # the tournament's name is searched too
    listed = {h["id"]: h for h in client.get("/hands").get_json()["hands"]}
    assert listed[first]["tournament_name"] == "Matrix" and listed[second]["table"] == 2
    assert "tournament_name" not in listed[loose]


def test_an_anonymous_reader_finds_no_tournament_by_its_name(app: Flask, client: FlaskClient) -> None:
    """Reading tournaments needs a credential: the list neither names them nor finds one by name (a
    public tournament's hands are listed; a private one's are not, ``test_private_tournaments``)."""
    tournament, (hand,) = _linked(app, client, "R1-T1")
    assert client.post(f"/tournaments/{tournament}/board", json={"public": True}).status_code == 201
    _caught_up(app)
    anonymous = client_as(app, None)
    assert _ids(anonymous, f"tournament={tournament}") == {hand}
    assert _ids(anonymous, "tournament=Matrix") == set()
    assert _ids(anonymous, "q=Matrix") == set()
    (listed,) = anonymous.get("/hands").get_json()["hands"]
    assert listed["tournament"] == tournament and listed["tournament_name"] is None
