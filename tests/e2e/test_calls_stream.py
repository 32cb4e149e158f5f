"""The officials' queue on a real ``adjudicator serve``: a call made by an append is in ``GET /calls``
and on ``GET /calls/stream``, and followers of the stream hold no request thread."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import HTTP
from tests.e2e.serving import served

WAIT = 20.0  # seconds: a bound on waiting for an event, never an assertion
BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server with 2 request threads, and room for many streams from this one address."""
    directory: Path = tmp_path_factory.mktemp("calls")
    yield from served(directory, ADJUDICATOR_THREADS="2", ADJUDICATOR_CLIENT_REQUESTS="100")


class Follower:
    """One ``GET /calls/stream`` on its own connection: its events' queues, as they come."""

    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        self.conn.request("GET", "/calls/stream", headers=headers)
        self.response = self.conn.getresponse()

    def next_queue(self) -> list[dict[str, Any]]:
        """The next event's calls (keep-alive comments skipped)."""
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            if line.startswith(b"data: "):
                calls: list[dict[str, Any]] = json.loads(line[6:])["calls"]
                return calls

    def until(self, wanted: Any) -> list[dict[str, Any]]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            queue = self.next_queue()
            if wanted(queue):
                return queue
        raise AssertionError("the stream never showed it")

    def close(self) -> None:
        self.conn.close()


def test_a_call_made_by_an_append_is_listed_and_streamed_claimed_and_ruled(server: tuple[int, str]) -> None:
    port, token = server
    follower = Follower(port, token)
    try:
        assert follower.response.status == 200
        assert follower.response.getheader("Content-Type", "").startswith("text/event-stream")
        assert follower.next_queue() == []
        http = HTTP(port, token)
        hand = http.request(
            "POST", "/hands", {"ruleset": "detroit", "dealer": "west", "label": "Table 12"}
        ).body["id"]
        assert http.request("POST", f"/hands/{hand}/events", [*BIDS, CALL]).status < 300
        call_id = f"{hand}@4"

        (streamed,) = follower.until(lambda q: bool(q))
        assert (streamed["id"], streamed["status"], streamed["label"]) == (call_id, "open", "Table 12")
        listed = http.request("GET", "/calls?status=open").body["calls"]
        assert [c["id"] for c in listed] == [call_id]

        claimed = http.request("POST", f"/calls/{call_id}/claim")
        assert claimed.status == 200 and claimed.body["status"] == "claimed"
        follower.until(lambda q: q[0]["status"] == "claimed")
        finding = {"type": "finding", "call": 4, "finding": "upheld"}
        assert http.request("POST", f"/hands/{hand}/events", finding).status < 300
        (ruled,) = follower.until(lambda q: q[0]["status"] == "ruled")
        assert ruled["ruled_event"] == 5 and ruled["claimed_by"]
        assert http.request("GET", "/calls?status=open").body["calls"] == []
    finally:
        follower.close()


def test_followers_hold_no_request_thread(server: tuple[int, str]) -> None:
    """Ten followers on a server with 2 request threads: requests are still answered, and every
    follower is sent the change."""
    port, token = server
    followers = [Follower(port, token) for _ in range(10)]
    try:
        for follower in followers:
            assert follower.response.status == 200
            follower.next_queue()
        http = HTTP(port, token)
        assert http.request("GET", "/calls").status == 200
        hand = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "west"}).body["id"]
        assert http.request("POST", f"/hands/{hand}/events", [*BIDS, CALL]).status < 300
        for follower in followers:
            follower.until(lambda q: any(c["hand"] == hand for c in q))
    finally:
        for follower in followers:
            follower.close()


def test_a_stream_without_a_credential_is_refused(server: tuple[int, str]) -> None:
    port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall(b"GET /calls/stream HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 401")
