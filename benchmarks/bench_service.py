"""Benchmark the service as it runs: ``adjudicator serve`` (waitress) on the embedded SQLite default.

    .venv/bin/python benchmarks/bench_service.py [--appends 3000] [--clients 8] [--gets 3000]

Reports acknowledged durable appends per second through HTTP, one event per POST: one client,
then several concurrent clients, each a process with its own hands and keep-alive connection;
and the p50/p99 latency of GET /hands/{id}/rulings on a complete hand. The server is a
subprocess and the clients run on the same machine, so on a small one they share its cores.
Not a test: the figures go in the README.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from adjudicator.simulate import random_hand

RULESET = "texas"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None

    def open_hand(self) -> str:
        status, body = self.call("POST", "/hands", {"ruleset": RULESET, "dealer": "north"})
        assert status == 201, body
        hand_id: str = body["id"]
        return hand_id


def start_server(directory: Path, threads: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    script = shutil.which("adjudicator", path=os.path.dirname(sys.executable))
    command = [script] if script else [sys.executable, "-m", "adjudicator.cli"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_"))}
    env["ADJUDICATOR_DB"] = str(directory / "events.db")
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--threads", str(threads)],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if Client(port).call("GET", "/rulesets")[0] == 200:
                return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


def append_stream(port: int, count: int, seed: int, done: Any) -> None:
    """Append ``count`` events one POST each, hand after hand; count the acknowledged ones."""
    client = Client(port)
    acknowledged = 0
    hand = 0
    while acknowledged < count:
        events = random_hand(seed * 1000 + hand, RULESET, "north")
        hand += 1
        hand_id = client.open_hand()
        for event in events:
            if acknowledged >= count:
                break
            status, body = client.call("POST", f"/hands/{hand_id}/events", event)
            assert status == 201, body
            acknowledged += 1
    done.put(acknowledged)


def hand_stream(port: int, hands: int, seed: int, done: Any) -> None:
    """Post whole hands, one array (one atomic append) per hand; count the events."""
    client = Client(port)
    events_acknowledged = 0
    for hand in range(hands):
        events = random_hand(seed * 1000 + hand, RULESET, "north")
        status, body = client.call("POST", f"/hands/{client.open_hand()}/events", events)
        assert status == 201, body
        events_acknowledged += len(events)
    done.put(events_acknowledged)


def appends_per_second(port: int, clients: int, total: int, whole_hands: bool = False) -> float:
    """Each client is a process of its own, as separate scorekeepers' machines would be."""
    done: multiprocessing.Queue[int] = multiprocessing.Queue()
    per_client = total // clients
    target, count = (hand_stream, max(1, per_client // 55)) if whole_hands else (append_stream, per_client)
    workers = [
        multiprocessing.Process(target=target, args=(port, count, seed + clients * 100, done))
        for seed in range(clients)
    ]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    acknowledged = sum(done.get() for _ in workers)
    elapsed = time.perf_counter() - started
    for worker in workers:
        worker.join()
    return acknowledged / elapsed


def rulings_latency(port: int, gets: int) -> tuple[float, float, int]:
    client = Client(port)
    hand_id = client.open_hand()
    events = [
        *random_hand(7, RULESET, "north"),
        {"type": "renege_call", "by": "north", "against": "east"},
        {"type": "tech_call", "by": "east", "against": "north"},
    ]
    assert client.call("POST", f"/hands/{hand_id}/events", events)[0] == 201
    status, body = client.call("GET", f"/hands/{hand_id}/rulings")
    assert status == 200 and body["rulings"]
    for _ in range(50):  # warm up
        client.call("GET", f"/hands/{hand_id}/rulings")
    samples = []
    for _ in range(gets):
        started = time.perf_counter()
        client.call("GET", f"/hands/{hand_id}/rulings")
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    p50 = statistics.median(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return p50, p99, len(body["rulings"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--appends", type=int, default=3000, help="appends per run (default 3000)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--threads", type=int, default=8, help="waitress threads (default 8)")
    parser.add_argument("--gets", type=int, default=3000, help="GET /rulings samples (default 3000)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-bench-"))
    server, port = start_server(directory, args.threads)
    try:
        one = appends_per_second(port, 1, args.appends)
        many = appends_per_second(port, args.clients, args.appends)
        arrays = appends_per_second(port, args.clients, args.appends * 4, whole_hands=True)
        p50, p99, rulings = rulings_latency(port, args.gets)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(directory, ignore_errors=True)
    figures = {
        "appends_per_second_1_client": round(one),
        f"appends_per_second_{args.clients}_clients": round(many),
        f"events_per_second_{args.clients}_clients_posting_whole_hands": round(arrays),
        "rulings_p50_ms": round(p50, 2),
        "rulings_p99_ms": round(p99, 2),
        "rulings_in_hand": rulings,
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"appends/s through HTTP, 1 client:          {one:8.0f}")
        print(f"appends/s through HTTP, {args.clients} clients:         {many:8.0f}")
        print(f"events/s, {args.clients} clients posting whole hands:  {arrays:8.0f}")
        print(f"GET /hands/{{id}}/rulings ({rulings} rulings), p50:  {p50:6.2f} ms")
        print(f"GET /hands/{{id}}/rulings ({rulings} rulings), p99:  {p99:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
