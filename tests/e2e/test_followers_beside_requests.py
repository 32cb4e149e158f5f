"""A thousand followers of the live streams and the hall's other requests, on a real ``adjudicator
serve``: each stream is a request in flight for granian, whose default room (1,024 a process) let
the followers hold back every other request, a table's append and a board's page alike, until
one of them left (issue 30's hall benchmark: a board's page waited 33 s behind 1,000 followers)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import HTTP
from tests.e2e.serving import served

FOLLOWERS = 1040  # more than granian's default room for requests in flight
PER_ADDRESS = 30  # under the per-client cap (32)
WAIT = 30.0  # seconds a socket waits for an answer before the test fails


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    directory: Path = tmp_path_factory.mktemp("beside")
    yield from served(directory, ADJUDICATOR_FOLLOWERS=str(FOLLOWERS + 10))


def follow(port: int, number: int) -> socket.socket:
    """An anonymous follower of ``/live/stream`` from an address of its own group of ``PER_ADDRESS``."""
    address = number // PER_ADDRESS
    sock = socket.create_connection(
        ("127.0.0.1", port), timeout=WAIT, source_address=(f"127.2.0.{address + 1}", 0)
    )
    sock.sendall(b"GET /live/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    return sock


def test_followers_past_granians_default_room_hold_back_no_other_request(server: tuple[int, str]) -> None:
    port, token = server
    followers = []
    try:
        for number in range(FOLLOWERS):
            followers.append(follow(port, number))
        for sock in followers:  # each is answered: it follows
            assert sock.recv(64).startswith(b"HTTP/1.1 200"), "a follower was held back"
        client = HTTP(port, token)  # a table's append, then a page read on a connection of its own
        try:
            assert client.post("/hands", {"ruleset": "texas", "dealer": "north"}).status == 201
        finally:
            client.close()
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as read:
            read.sendall(b"GET /rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert read.recv(64).startswith(b"HTTP/1.1 200")
    finally:
        for sock in followers:
            sock.close()
