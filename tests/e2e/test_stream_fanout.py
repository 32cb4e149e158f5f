"""The live streams' fan-out on a real ``adjudicator serve``: a change is rendered once per sight
class however many follow it, each class gets its own answer (a scoped table token never hears of
another tournament's private moves), a revoked credential's stream ends and its twin's does not,
anonymous reconnects share their first answer, and the followers' bounds answer 429."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import HTTP
from tests.e2e.serving import command, environment, served
from tests.e2e.test_live_stream import Follower

WAIT = 20.0  # seconds: a bound on waiting for an event, never an assertion
BUDGET = 20_000  # bytes on one stream (ADJUDICATOR_FOLLOWER_BYTES) for the follower that reads nothing


def metric(port: int, name: str) -> float:
    """A counter's value as ``/metrics`` says it now (0 before its first count)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    found = [line for line in text.splitlines() if line.startswith(f"{name} ")]
    return float(found[0].split()[-1]) if found else 0.0


def cli(directory: Path, *args: str) -> str:
    """The real CLI on the server's store: its last line of output."""
    done = subprocess.run(
        [*command(0)[:-5], *args], env=environment(directory), capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str, Path]]:
    directory: Path = tmp_path_factory.mktemp("fanout")
    for port, token in served(directory, "--threads", "2", ADJUDICATOR_CLIENT_FOLLOWERS="100"):
        yield port, token, directory


def _tournament(http: HTTP, name: str, public: bool) -> str:
    tournament = str(http.request("POST", "/tournaments", {"ruleset": "texas", "name": name}).body["id"])
    if public:
        assert http.request("POST", f"/tournaments/{tournament}/board", {"public": True}).status == 201
    return tournament


def _team(http: HTTP, tournament: str, team: str) -> None:
    registered = [{"type": "team_registered", "team": team, "players": [f"{team} a", f"{team} b"]}]
    assert http.request("POST", f"/tournaments/{tournament}/events", registered).status == 201


def _table_token(http: HTTP, tournament: str, table: int) -> str:
    issued = http.request("POST", f"/tournaments/{tournament}/table-tokens", {"table": table})
    assert issued.status == 201, issued.body
    return str(issued.body["token"])


def _position(http: HTTP) -> int:
    return int(http.request("GET", "/hands").body["position"])


def test_followers_of_one_sight_class_cost_one_rendering_per_change(server: tuple[int, str, Path]) -> None:
    """24 followers of two classes (anonymous, official): each move of the read models is rendered
    once per class, not once per follower (24 renderings a move before the fan-out)."""
    port, token, _ = server
    http = HTTP(port, token)
    board = _tournament(http, "Fan-out board", public=True)
    followers = [Follower(port, None) for _ in range(12)] + [Follower(port, token) for _ in range(12)]
    try:
        for follower in followers:
            follower.next_event()
        time.sleep(1.0)  # the read models settle: every follower was told the same position
        before, renders = _position(http), metric(port, "adjudicator_stream_renders_total")
        _team(http, board, "T1")
        for follower in followers:
            follower.until(lambda e: e["position"] > before and board in e["tournaments"])
        time.sleep(1.0)
        rendered = metric(port, "adjudicator_stream_renders_total") - renders
        moves = _position(http) - before
        assert 1 <= rendered <= 2 * moves < len(followers)
        anonymous, official = followers[0].events[-1], followers[12].events[-1]
        assert all(f.events[-1] == anonymous for f in followers[:12])
        assert all(f.events[-1] == official for f in followers[12:])
    finally:
        for follower in followers:
            follower.close()


def test_twins_of_other_sight_classes_get_their_own_answers(server: tuple[int, str, Path]) -> None:
    """A private tournament's moves reach its own table token and the officials, never an anonymous
    board nor another tournament's table token, however many share their rendering."""
    port, token, _ = server
    http = HTTP(port, token)
    secret, open_cup = _tournament(http, "Secret", public=False), _tournament(http, "Open", public=True)
    own, other = _table_token(http, secret, 1), _table_token(http, open_cup, 1)
    readers: dict[str, str | None] = {"anonymous": None, "official": token, "own": own, "other": other}
    twins = {name: [Follower(port, value) for _ in range(2)] for name, value in readers.items()}
    try:
        for pair in twins.values():
            for follower in pair:
                follower.next_event()
        _team(http, secret, "S1")
        _team(http, open_cup, "O1")
        for name, pair in twins.items():
            for follower in pair:
                follower.until(lambda e: open_cup in e["tournaments"])
                assert follower.named(secret) == (name in ("official", "own")), name
            assert pair[0].events[1:] == pair[1].events[1:], name
    finally:
        for pair in twins.values():
            for follower in pair:
                follower.close()


def test_a_revoked_credential_ends_its_stream_and_not_its_twins(server: tuple[int, str, Path]) -> None:
    port, token, directory = server
    name = f"revoked {time.monotonic_ns()}"
    revoked = cli(directory, "token", "create", "--role", "official", "--name", name)
    http = HTTP(port, token)
    board = _tournament(http, "Revocation", public=True)
    time.sleep(1.0)  # the board's making reaches the read models before anyone follows
    twin, gone = Follower(port, token), Follower(port, revoked)
    try:
        twin.next_event()
        gone.next_event()
        cli(directory, "token", "revoke", name)
        time.sleep(2.5)  # past the follower's recheck: the next change verifies it again
        before = _position(http)
        _team(http, board, "R1")
        twin.until(lambda e: e["position"] > before and board in e["tournaments"])
        assert gone.ended()
        assert not [e for e in gone.events if e["position"] > before]
    finally:
        twin.close()
        gone.close()


def test_a_revoked_credential_ends_its_stream_while_nothing_moves(server: tuple[int, str, Path]) -> None:
    """No change to render: the credentials are verified again at the keep-alive's pace (15 s)."""
    port, _, directory = server
    name = f"idle {time.monotonic_ns()}"
    gone = Follower(port, cli(directory, "token", "create", "--role", "viewer", "--name", name))
    try:
        gone.next_event()
        cli(directory, "token", "revoke", name)
        deadline = time.monotonic() + 2 * WAIT  # a bound on waiting: keep-alive comments come meanwhile
        while gone.response.readline():
            assert time.monotonic() < deadline, "the revoked credential's stream went on"
    finally:
        gone.close()


def test_anonymous_reconnects_share_their_first_answer(server: tuple[int, str, Path]) -> None:
    """A storm of anonymous followers back with one ``Last-Event-ID``: one rendering, not one each."""
    port, token, _ = server
    http = HTTP(port, token)
    watching = Follower(port, None)  # the poller runs: the position is known
    try:
        since = watching.next_event()["position"]
        time.sleep(1.0)
        renders = metric(port, "adjudicator_stream_renders_total")
        storm = [Follower(port, None, since=since) for _ in range(16)]
        firsts = [follower.next_event() for follower in storm]
        rendered = metric(port, "adjudicator_stream_renders_total") - renders
        assert all(first == firsts[0] for first in firsts)
        assert 1 <= rendered <= 4 < len(storm), rendered  # (a move meanwhile renders again)
        for follower in storm:
            follower.close()
        assert http.request("GET", "/healthz").status == 200
    finally:
        watching.close()


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    directory: Path = tmp_path_factory.mktemp("capped")
    yield from served(directory, ADJUDICATOR_FOLLOWERS="3", ADJUDICATOR_CLIENT_FOLLOWERS="2")


def test_followers_over_a_clients_cap_or_the_servers_are_refused_429(capped: tuple[int, str]) -> None:
    port, token = capped
    first = [Follower(port, None, source="127.0.0.1") for _ in range(2)]
    followers = [*first, Follower(port, None, source="127.0.0.2")]
    try:
        assert [f.response.status for f in followers] == [200, 200, 200]
        for source in ("127.0.0.1", "127.0.0.3"):  # the client's cap, then the server's
            refused = Follower(port, None, source=source)
            assert refused.response.status == 429
            assert int(refused.response.getheader("Retry-After", "0")) > 0
            assert "poll" in json.loads(refused.response.read())["detail"]
            refused.close()
        assert HTTP(port, token).request("GET", "/hands").status == 200  # its other requests are answered
        followers.pop(0).close()
        deadline = time.monotonic() + WAIT
        while (again := Follower(port, None, source="127.0.0.1")).response.status != 200:
            again.close()
            assert time.monotonic() < deadline, "the follower that left was never counted out"
            time.sleep(0.2)
        followers.append(again)
    finally:
        for follower in followers:
            follower.close()


@pytest.fixture(scope="module")
def impatient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    directory: Path = tmp_path_factory.mktemp("impatient")
    yield from served(directory, ADJUDICATOR_FOLLOWER_BYTES=str(BUDGET))


BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def test_a_follower_that_does_not_read_is_dropped_and_others_are_served(impatient: tuple[int, str]) -> None:
    """A follower of the officials' queue that reads nothing is sent no more than its stream's bytes
    (what waits for it is bounded), then its stream is ended; a follower that reads hears of every
    change still."""
    port, token = impatient
    http = HTTP(port, token)
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(("127.0.0.1", port))
    asked = (
        "GET /calls/stream HTTP/1.1",
        "Host: x",
        "Accept: text/event-stream",
        f"Authorization: Bearer {token}",
    )
    slow.sendall(("\r\n".join(asked) + "\r\n\r\n").encode())
    reading = Follower(port, token)
    try:
        reading.next_event()
        deadline = time.monotonic() + 3 * WAIT
        while metric(port, "adjudicator_stream_dropped_total") < 1:
            assert time.monotonic() < deadline, "the follower that reads nothing was never dropped"
            hand = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "west"}).body["id"]
            assert http.request("POST", f"/hands/{hand}/events", [*BIDS, CALL]).status < 300
            time.sleep(0.3)
        marker = _tournament(http, "After the drop", public=True)
        reading.until(lambda e: marker in e["tournaments"])
        slow.settimeout(WAIT)
        received = b""
        while chunk := slow.recv(65536):
            received += chunk
        last = received.rstrip(b"\r\n0").rsplit(b"data: ", 1)[-1]
        assert len(received) < BUDGET + 2 * len(last) + 1000  # the budget, one event past it, the head
    finally:
        slow.close()
        reading.close()
