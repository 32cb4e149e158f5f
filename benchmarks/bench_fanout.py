"""Benchmark the live streams' fan-out (issue 30): a table's appends a second with 0 followers and
with ``--followers`` followers in the same run, and how soon every follower hears of a change.

    .venv/bin/python benchmarks/bench_fanout.py [--followers 100] [--addresses 4] [--seconds 15]
        [--runs 3] [--json]

Starts ``adjudicator serve`` on SQLite (1 worker; a subprocess, killed at the end). One table
records hands event by event (``POST /hands/{id}/events``) without pause, in a thread. Each run
has two phases of ``--seconds``: no follower, then ``--followers`` followers from ``--addresses``
loopback addresses (127.0.0.1, 127.0.0.2, ...) as a hall has them: a third anonymous boards on
``/live/stream``, a third officials (half on ``/calls/stream``, half on ``/live/stream``), a third
table tokens of a public tournament on ``/live/stream`` (five tables' tokens). In both phases a
marker is made each second: a team registered in the public tournament (every live follower may
be told of it) and a conduct call at one more hand (the queue's followers are sent it); a marker's
delay is the time from its answer until the last follower that should hear of it did. All the
followers are read by one thread of a process of their own (``selectors``), so that the client's
side costs little and does not hold the table's interpreter.
With ``--storm N``, a third phase: N anonymous boards on ``/live/stream``
coming back a second after each answer, each with the last id it was told (a hall's network back
after a drop, or a proxy that ends each stream).
Prints, over the runs, min/median/max of the appends a second in each phase, of their ratio, and
of the markers' delays (each run's median and max). Not a test: the bar is 0.8x and 2 seconds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.e2e: the server and the clients

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
RETRY_SECONDS = 1.0
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def table(port: int, token: str, stop: threading.Event, appended: list[float]) -> None:
    """Record hands event by event until ``stop``: each append's time in ``appended``."""
    http, n = HTTP(port, token), 0
    while not stop.is_set():
        n += 1
        hand = http.post("/hands", {"ruleset": "detroit", "dealer": "north"}).body["id"]
        for event in random_hand(n, "detroit", "north"):
            if stop.is_set():
                return
            if http.post(f"/hands/{hand}/events", event).status < 300:
                appended.append(time.monotonic())


UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def read_streams(asked: list[tuple[int, str, str, str | None]], pipe: Connection) -> None:
    """In a process of its own (the table's client keeps its interpreter): open the streams, read
    them all in one thread until told to stop, then send back when each first named each id."""
    selector = selectors.DefaultSelector()
    for n, (port, source, path, token) in enumerate(asked):
        sock = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
        lines = [f"GET {path} HTTP/1.1", "Host: bench", "Accept: text/event-stream"]
        lines += [] if token is None else [f"Authorization: Bearer {token}"]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, [n, b""])
    heard: dict[tuple[int, str], float] = {}
    ended = 0
    pipe.send("open")
    while not pipe.poll():
        for key, _ in selector.select(0.1):
            try:
                data = key.fileobj.recv(1 << 20)  # type: ignore[union-attr]
            except BlockingIOError:
                continue
            if not data:
                ended += 1
                selector.unregister(key.fileobj)
                continue
            now, seen = time.monotonic(), key.data[1] + data  # an id split across reads too
            for found in UUID.findall(seen):
                heard.setdefault((key.data[0], found.decode()), now)
            key.data[1] = data[-64:]
    pipe.send((heard, ended))


class Followers:
    """The streams, read in a process of their own: when each follower first named each id."""

    def __init__(self, asked: list[tuple[int, str, str, str | None]]) -> None:
        self.paths = [path for _, _, path, _ in asked]
        self.pipe, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=read_streams, args=(asked, theirs), daemon=True)
        self.process.start()
        assert self.pipe.recv() == "open"
        self.heard: dict[tuple[int, str], float] = {}
        self.ended = 0

    def close(self) -> None:
        self.pipe.send("stop")
        self.heard, self.ended = self.pipe.recv()
        self.process.join()

    def delay(self, marker: str, made: float, path: str) -> float | None:
        """From ``made`` until the last follower of ``path`` heard of ``marker`` (None: one never did)."""
        heard = [self.heard.get((n, marker)) for n, of in enumerate(self.paths) if of.startswith(path)]
        return None if not heard or None in heard else max(h for h in heard if h is not None) - made


def markers(port: int, token: str, seconds: float) -> list[tuple[str, str, float]]:
    """A marker a second for ``seconds``: a public tournament (its board made public: every live
    follower may be told of it), and a call at a hand of its own (the queue's followers are sent it)."""
    http, made = HTTP(port, token), []
    started = time.monotonic()
    for n in range(int(seconds)):
        tournament = http.post("/tournaments", {"ruleset": "texas", "name": f"Marker {n}"}).body["id"]
        hand = http.post("/hands", {"ruleset": "detroit", "dealer": "west"}).body["id"]
        assert http.post(f"/tournaments/{tournament}/board", {"public": True}).status == 201
        made.append(("/live/stream", tournament, time.monotonic()))
        assert http.post(f"/hands/{hand}/events", [*BIDS, CALL]).status < 300
        made.append(("/calls/stream", hand, time.monotonic()))
        time.sleep(max(0.0, started + n + 1 - time.monotonic()))
    time.sleep(3.0)  # the last markers' followers
    for _, hand, _ in made[1::2]:  # ruled: the open queue stays short
        http.post(f"/hands/{hand}/events", {"type": "finding", "call": 4, "finding": "upheld"})
    return made


def reconnect(port: int, source: str, stop: threading.Event, count: list[int]) -> None:
    """An anonymous board that comes back again and again, each time with the last id it was told,
    as an ``EventSource`` does after ``retry`` (the streams say 1 s)."""
    since = ""
    while not stop.is_set():
        with socket.create_connection(("127.0.0.1", port), source_address=(source, 0)) as sock:
            lines = ["GET /live/stream HTTP/1.1", "Host: bench", "Accept: text/event-stream"]
            lines += [f"Last-Event-ID: {since}"] if since else []
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            said = b""
            while b"\ndata:" not in said:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                said += chunk
            found = re.search(rb"\nid: (\d+)", said)
            since = found[1].decode() if found else since
            count[0] += 1
        stop.wait(RETRY_SECONDS)


def storm(port: int, boards: int, addresses: int, pipe: Connection) -> None:
    """In a process of its own: ``boards`` boards reconnecting until told to stop; how many times."""
    stop, counts = threading.Event(), [[0] for _ in range(boards)]
    threads = [
        threading.Thread(target=reconnect, args=(port, f"127.0.0.{1 + n % addresses}", stop, counts[n]))
        for n in range(boards)
    ]
    for thread in threads:
        thread.start()
    pipe.recv()
    stop.set()
    for thread in threads:
        thread.join()
    pipe.send(sum(count[0] for count in counts))


def stormed(port: int, token: str, args: argparse.Namespace) -> dict[str, Any]:
    """A phase while ``--storm`` anonymous boards reconnect without pause (a hall's network back)."""
    pipe, theirs = multiprocessing.Pipe()
    process = multiprocessing.Process(target=storm, args=(port, args.storm, args.addresses, theirs))
    process.start()
    started = time.monotonic()
    result = phase(port, token, args.seconds, None)
    pipe.send("stop")
    result["reconnects_per_s"] = pipe.recv() / (time.monotonic() - started)
    process.join()
    return result


def rendered(port: int) -> float:
    """The stream's renderings so far (``adjudicator_stream_renders_total``)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=60) as answer:
        text = answer.read().decode()
    found = [line for line in text.splitlines() if line.startswith("adjudicator_stream_renders_total ")]
    return float(found[0].split()[-1]) if found else 0.0


def phase(port: int, token: str, seconds: float, followers: Followers | None) -> dict[str, Any]:
    """One phase: the table's appends a second, and each marker's delay to its last follower."""
    stop, appended = threading.Event(), []  # type: list[float]
    recorder = threading.Thread(target=table, args=(port, token, stop, appended))
    started, renders = time.monotonic(), rendered(port)
    recorder.start()
    made = markers(port, token, seconds)
    stop.set()
    recorder.join()
    if followers is not None:
        followers.close()
    rate = sum(1 for t in appended if t - started <= seconds) / seconds
    renders_per_s = (rendered(port) - renders) / (time.monotonic() - started)
    if followers is None:
        return {"appends_per_s": rate, "renders_per_s": renders_per_s}
    delays = [followers.delay(marker, at, path) for path, marker, at in made]
    heard = [d for d in delays if d is not None]
    return {
        "appends_per_s": rate,
        "renders_per_s": renders_per_s,
        "delay_median_s": statistics.median(heard) if heard else None,
        "delay_max_s": max(heard) if heard else None,
        "markers_missed": len(delays) - len(heard),
        "streams_ended": followers.ended,
    }


def hall(port: int, token: str, count: int, addresses: int) -> Followers:
    """``count`` followers as a hall has them, from ``addresses`` loopback addresses."""
    http = HTTP(port, token)
    cup = http.post("/tournaments", {"ruleset": "texas", "name": "Followed Cup"}).body["id"]
    assert http.post(f"/tournaments/{cup}/board", {"public": True}).status == 201
    tables = [http.post(f"/tournaments/{cup}/table-tokens", {"table": t}).body["token"] for t in range(1, 6)]
    asked: list[tuple[int, str, str, str | None]] = []
    for n in range(count):
        source = f"127.0.0.{1 + n % addresses}"
        kind = n % 6
        if kind in (0, 1):
            asked.append((port, source, "/live/stream", None))
        elif kind == 2:
            asked.append((port, source, "/calls/stream?status=open", token))
        elif kind == 3:
            asked.append((port, source, "/live/stream", token))
        else:
            asked.append((port, source, "/live/stream", tables[n % len(tables)]))
    followers = Followers(asked)
    time.sleep(2.0)  # their first answers
    return followers


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    processes, port = ServeProcesses(), free_port()
    results = []
    with tempfile.TemporaryDirectory() as directory:
        try:
            processes.start(Path(directory), port)
            token = processes.token
            assert token is not None
            for _ in range(args.runs):
                quiet = phase(port, token, args.seconds, None)
                followers = hall(port, token, args.followers, args.addresses)
                busy = phase(port, token, args.seconds, followers)
                time.sleep(1.0)
                busy["ratio"] = busy["appends_per_s"] / quiet["appends_per_s"]
                results.append({"quiet": quiet, "followed": busy})
                if args.storm:
                    stormy = stormed(port, token, args)
                    stormy["ratio"] = stormy["appends_per_s"] / quiet["appends_per_s"]
                    results[-1]["storm"] = stormy
                print(json.dumps(results[-1]), file=sys.stderr, flush=True)
        finally:
            processes.close()
    return results


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--followers", type=int, default=100)
    parser.add_argument("--addresses", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--storm", type=int, default=0, help="anonymous boards reconnecting (a third phase)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args)
    if args.json:
        print(json.dumps(results))
        return
    followed = [r["followed"] for r in results]
    print(
        f"{args.followers} followers from {args.addresses} addresses, {args.runs} runs of {args.seconds:g} s"
    )
    print("min / median / max over runs")
    print(f"appends/s, 0 followers:    {spread([r['quiet']['appends_per_s'] for r in results])}")
    print(f"appends/s, with followers: {spread([f['appends_per_s'] for f in followed])}")
    print(f"ratio:                     {spread([f['ratio'] for f in followed])}")
    print(f"renders/s, followed:       {spread([f['renders_per_s'] for f in followed])}")
    print(f"delay median (s):          {spread([f['delay_median_s'] or 0.0 for f in followed])}")
    print(f"delay max (s):             {spread([f['delay_max_s'] or 0.0 for f in followed])}")
    if args.storm:
        stormy = [r["storm"] for r in results]
        print(
            f"storm of {args.storm}: ratio {spread([s['ratio'] for s in stormy])}, reconnects/s "
            f"{spread([s['reconnects_per_s'] for s in stormy])}, "
            f"renders/s {spread([s['renders_per_s'] for s in stormy])}"
        )
    print(
        f"markers missed: {sum(f['markers_missed'] for f in followed)}; streams ended: "
        f"{sum(f['streams_ended'] for f in followed)}"
    )


if __name__ == "__main__":
    main()
