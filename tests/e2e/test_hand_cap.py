"""A hand holds at most ``MAX_HAND_EVENTS`` events (issue 19, item 13), on SQLite and PostgreSQL,
through a real ``adjudicator serve``: the event past it is refused with a problem naming it, whether
it comes by an append or an import, and nothing of its request is stored; every answer about a full
hand stays small (a 10,001-event hand's ``/rulings`` was 7.3 MB, its console page 17 MB).
"""

from __future__ import annotations

import pytest

from adjudicator.domain.limits import MAX_HAND_EVENTS, MAX_IMPORT_EVENTS
from adjudicator.simulation.hands import random_hand
from adjudicator.wire.schemas.common import MAX_BATCH
from tests.e2e.conftest import HTTP
from tests.e2e.test_all_or_none import Server, records, server
from tests.integration.conftest import postgres_dsn  # noqa: F401 - a fixture

__all__ = ["server"]

EVENTS = random_hand(5, "texas", "north")[:20]
CALL = {"type": "renege_call", "by": "east", "against": "north"}
#: What an answer about one full hand may weigh: a full hand of calls weighs about 270 KB at most.
SMALL = 512 * 1024


@pytest.fixture
def served(server: Server) -> HTTP:
    """An official's client of the module's server (test_all_or_none's): each test's hands are its own."""
    return server.client


def _hand_of(client: HTTP, size: int) -> str:
    """A hand of ``size`` events: a start, then renege calls (each one a ruling)."""
    hand = str(client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"])
    assert client.post(f"/hands/{hand}/events", EVENTS).status == 201
    version = len(EVENTS)
    while version < size:
        count = min(MAX_BATCH, size - version)
        assert client.post(f"/hands/{hand}/events", [CALL] * count).status == 201
        version += count
    return hand


def test_the_event_past_a_hands_cap_is_refused(served: HTTP, server: Server) -> None:
    client = served
    hand = _hand_of(client, MAX_HAND_EVENTS)
    assert client.get(f"/hands/{hand}").body["version"] == MAX_HAND_EVENTS
    before = records(server.directory, server.env)
    reply = client.post(f"/hands/{hand}/events", CALL)
    assert reply.status == 422, reply.body
    assert reply.headers["content-type"].startswith("application/problem+json")
    assert reply.body["event"] == MAX_HAND_EVENTS + 1
    assert f"at most {MAX_HAND_EVENTS} events" in reply.body["detail"]
    verdict = client.post(f"/console/record/{hand}/check", CALL).body  # the recorder's dry run
    assert (verdict["ok"], verdict["problem"]["status"]) == (False, 422), verdict

    # an import: more events for the full hand, or a new hand of more than a hand holds
    reply = client.post("/hands/import", {"hand": hand, "events": [CALL]})
    assert (reply.status, reply.body["hand"]) == (422, 0), reply.body
    new = {"ruleset": "texas", "dealer": "north", "events": [*EVENTS, *[CALL] * MAX_HAND_EVENTS]}
    reply = client.post("/hands/import", [{"ruleset": "texas", "dealer": "north", "events": EVENTS}, new])
    assert reply.status == 422, reply.body
    assert records(server.directory, server.env) == before

    # every answer about the full hand stays small
    for path in ("", "/events", "/rulings", "/record", "/record?format=text", "/state"):
        client.conn.request(
            "GET", f"/hands/{hand}{path}", headers={"Authorization": f"Bearer {client.token}"}
        )
        response = client.conn.getresponse()
        assert (response.status, len(response.read()) < SMALL) == (200, True), path
    client.conn.request("GET", f"/console/hands/{hand}", headers={"Authorization": f"Bearer {client.token}"})
    response = client.conn.getresponse()
    assert (response.status, len(response.read()) < SMALL) == (200, True)


def test_a_batch_crossing_the_cap_stores_nothing(served: HTTP, server: Server) -> None:
    client = served
    hand = _hand_of(client, MAX_HAND_EVENTS - 10)
    before = records(server.directory, server.env)
    reply = client.post(f"/hands/{hand}/events", [CALL] * 11)
    assert reply.status == 422, reply.body
    assert (reply.body["index"], reply.body["event"]) == (10, MAX_HAND_EVENTS + 1), reply.body
    assert records(server.directory, server.env) == before
    assert client.post(f"/hands/{hand}/events", [CALL] * 10).status == 201


def test_an_import_brings_a_bounded_number_of_events(served: HTTP, server: Server) -> None:
    client = served
    before = records(server.directory, server.env)
    per_hand = MAX_IMPORT_EVENTS // MAX_BATCH + 1
    hand = {"ruleset": "texas", "dealer": "north", "events": [*EVENTS, *[CALL] * (per_hand - len(EVENTS))]}
    reply = client.post("/hands/import", [hand] * MAX_BATCH)
    assert reply.status == 422, reply.body
    assert f"at most {MAX_IMPORT_EVENTS} events" in reply.body["detail"]
    assert records(server.directory, server.env) == before
