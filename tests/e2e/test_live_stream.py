"""The console's live channel on a real ``adjudicator serve``: ``GET /live/stream`` names the hands and
tournaments that moved, only those its reader may read, and never a card: an anonymous follower
learns of a hand only once it is finished, of a tournament only while its board is public."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP
from tests.e2e.serving import served

WAIT = 20.0  # seconds: a bound on waiting for an event, never an assertion
LOOPBACK = "127.0.0.1"
MEMBERS = {"position", "hands", "tournaments", "claims", "whole"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    directory: Path = tmp_path_factory.mktemp("live")
    yield from served(directory, "--threads", "2", ADJUDICATOR_CLIENT_REQUESTS="100")


class Follower:
    """One ``GET /live/stream`` on its own connection (from ``source``, an address of 127.0.0.0/8):
    every byte it was sent, and its events."""

    def __init__(
        self, port: int, token: str | None, query: str = "", since: int | None = None, source: str = LOOPBACK
    ) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
        headers = {"Accept": "text/event-stream"}  # asks to follow (an EventSource's)
        headers.update({} if token is None else {"Authorization": f"Bearer {token}"})
        if since is not None:
            headers["Last-Event-ID"] = str(since)
        self.conn.request("GET", f"/live/stream{query}", headers=headers)
        self.response = self.conn.getresponse()
        self.raw = b""
        self.events: list[dict[str, Any]] = []

    def next_event(self) -> dict[str, Any]:
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            self.raw += line
            if line.startswith(b"data: "):
                said: dict[str, Any] = json.loads(line[6:])
                assert set(said) == MEMBERS
                assert all(UUID(i) for i in [*said["hands"], *said["tournaments"]])
                self.events.append(said)
                return said

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            said = self.next_event()
            if wanted(said):
                return said
        raise AssertionError("the stream never said it")

    def named(self, some_id: str) -> bool:
        return any(some_id in e["hands"] or some_id in e["tournaments"] for e in self.events)

    def ended(self) -> bool:
        """Whether the server ends the stream (within ``WAIT``), whatever it sends before."""
        try:
            while True:
                self.next_event()
        except EOFError:
            return True

    def close(self) -> None:
        self.conn.close()


def _followers(port: int) -> float:
    """``adjudicator_stream_followers`` as ``/metrics`` says it now."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    (line,) = [line for line in text.splitlines() if line.startswith("adjudicator_stream_followers ")]
    return float(line.split()[-1])


def test_an_anonymous_follower_learns_of_a_hand_once_finished_and_never_of_a_card(
    server: tuple[int, str],
) -> None:
    port, token = server
    official, anonymous = Follower(port, token), Follower(port, None)
    try:
        assert official.response.status == anonymous.response.status == 200
        assert official.next_event()["hands"] == anonymous.next_event()["hands"] == []
        http = HTTP(port, token)
        events = random_hand(3, "detroit", "north")
        cards = {card for held in events[0]["hands"].values() for card in held}
        hand = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"]
        assert http.request("POST", f"/hands/{hand}/events", events[:-8]).status < 300
        official.until(lambda e: hand in e["hands"])

        # A marker recorded after the hand: an anonymous follower is told of it, not of the hand.
        tournament = http.request("POST", "/tournaments", {"ruleset": "texas", "name": "Marker"}).body["id"]
        assert http.request("POST", f"/tournaments/{tournament}/board", {"public": True}).status == 201
        anonymous.until(lambda e: tournament in e["tournaments"])
        assert not anonymous.named(hand)

        assert http.request("POST", f"/hands/{hand}/events", events[-8:]).status < 300
        anonymous.until(lambda e: hand in e["hands"])  # finished: an anonymous reader may read it
        for follower in (official, anonymous):
            assert not any(f'"{card}"'.encode() in follower.raw for card in cards)
    finally:
        official.close()
        anonymous.close()


def test_an_anonymous_follower_is_told_of_a_tournament_only_while_its_board_is_public(
    server: tuple[int, str],
) -> None:
    port, token = server
    http = HTTP(port, token)
    private = http.request("POST", "/tournaments", {"ruleset": "texas", "name": "Private"}).body["id"]
    public = http.request("POST", "/tournaments", {"ruleset": "texas", "name": "Public"}).body["id"]
    assert http.request("POST", f"/tournaments/{public}/board", {"public": True}).status == 201
    anonymous = Follower(port, None)
    try:
        anonymous.next_event()
        team = [{"type": "team_registered", "team": "T1", "players": ["a", "b"]}]
        assert http.request("POST", f"/tournaments/{private}/events", team).status == 201
        assert http.request("POST", f"/tournaments/{public}/events", team).status == 201
        anonymous.until(lambda e: public in e["tournaments"])
        assert not anonymous.named(private)
    finally:
        anonymous.close()
    one = Follower(port, None, f"?tournament={private}")
    try:
        assert one.response.status == 404  # as for a tournament there is not: the board's answer
    finally:
        one.close()


def test_a_follower_of_one_hand_is_told_of_that_hand_only(server: tuple[int, str]) -> None:
    port, token = server
    http = HTTP(port, token)
    events = random_hand(4, "detroit", "north")
    mine, other = (
        http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"] for _ in "ab"
    )
    follower = None
    deadline = time.monotonic() + WAIT
    while follower is None or follower.response.status == 404:  # the read models lag the append a little
        if follower is not None:
            follower.close()
            assert time.monotonic() < deadline, "the hand never reached the read models"
            time.sleep(0.2)
        follower = Follower(port, token, f"?hand={mine}")
    try:
        follower.next_event()
        assert http.request("POST", f"/hands/{other}/events", events[:5]).status < 300
        assert http.request("POST", f"/hands/{mine}/events", events[:5]).status < 300
        said = follower.until(lambda e: mine in e["hands"])
        assert not follower.named(other) and said["tournaments"] == []
        assert Follower(port, None, f"?hand={mine}").response.status == 401  # in play: not anonymous
        assert _followers(port) >= 1  # the operators' gauge counts it
    finally:
        follower.close()


def test_a_follower_back_with_its_last_event_id_is_told_what_moved_meanwhile(server: tuple[int, str]) -> None:
    """As ``EventSource`` comes back after a dropped connection (or behind a server that ends it)."""
    port, token = server
    http = HTTP(port, token)
    before = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"]
    first = Follower(port, token)
    try:
        first.next_event()
        left_at = first.until(lambda e: before in e["hands"])["position"]
    finally:
        first.close()
    meanwhile = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"]
    back = Follower(port, token, since=left_at)
    try:
        back.until(lambda e: meanwhile in e["hands"])
        assert not back.named(before)  # it moved before the follower left: not told again
    finally:
        back.close()
