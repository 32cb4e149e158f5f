"""Benchmark the officials' live queue: followers of ``GET /calls/stream`` while tables record.

    .venv/bin/python benchmarks/bench_calls_stream.py [--followers 50] [--tables 40] [--calls 10] [--json]

Starts ``adjudicator serve`` on SQLite (a subprocess, killed at the end), opens ``--followers``
streams (one thread each here, on the client's side), and runs ``--tables`` tables, each a thread
recording a hand's bids and plays event by event (``POST /hands/{id}/events``) without pause;
meanwhile ``--calls`` conduct calls are made one second apart at one more table. Prints each call's
delay until every follower had it (min/median/max over calls of the slowest follower) and the tables'
append latencies, with and without the followers. Not a test: the product's bound is 2 seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.e2e: the server and the clients

from adjudicator.simulate import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def follower(port: int, token: str, seen: dict[str, float], stop: threading.Event) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/calls/stream", headers={"Authorization": f"Bearer {token}"})
    response = conn.getresponse()
    while not stop.is_set():
        line = response.readline()
        if not line:
            return
        if line.startswith(b"data: "):
            now = time.monotonic()
            for call in json.loads(line[6:])["calls"]:
                seen.setdefault(call["id"], now)
    conn.close()


def table(port: int, token: str, seed: int, taken: list[float], stop: threading.Event) -> None:
    http = HTTP(port, token)
    while not stop.is_set():
        hand = http.request("POST", "/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
        for event in random_hand(seed, "texas", "north"):
            if stop.is_set():
                return
            started = time.monotonic()
            http.request("POST", f"/hands/{hand}/events", event)
            taken.append((time.monotonic() - started) * 1000)
        seed += 1000


def run(port: int, token: str, followers: int, tables: int, calls: int) -> dict[str, Any]:
    stop = threading.Event()
    seen: list[dict[str, float]] = [{} for _ in range(followers)]
    taken: list[float] = []
    threads = [threading.Thread(target=follower, args=(port, token, s, stop), daemon=True) for s in seen]
    threads += [
        threading.Thread(target=table, args=(port, token, n, taken, stop), daemon=True) for n in range(tables)
    ]
    for thread in threads:
        thread.start()
    time.sleep(2)
    caller, made = HTTP(port, token), {}
    for _ in range(calls):
        hand = caller.request("POST", "/hands", {"ruleset": "detroit", "dealer": "west"}).body["id"]
        caller.request("POST", f"/hands/{hand}/events", [*BIDS, CALL])
        made[f"{hand}@4"] = time.monotonic()
        time.sleep(1)
    time.sleep(3)
    stop.set()
    delays = []
    for call, at in made.items():
        arrived = [s.get(call, float("inf")) for s in seen]
        delays.append((max(arrived) - at) * 1000 if arrived else 0.0)
    ms = sorted(taken)
    result: dict[str, Any] = {
        "appends": len(ms),
        "append_ms": {"median": statistics.median(ms), "p95": ms[int(len(ms) * 0.95)], "max": ms[-1]}
        if ms
        else {},
    }
    if followers:
        result["call_to_every_follower_ms"] = {
            "min": min(delays),
            "median": statistics.median(delays),
            "max": max(delays),
        }
    return result


def measure(followers: int, tables: int, calls: int) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as directory:
        processes = ServeProcesses()
        try:
            processes.start(Path(directory), port, ADJUDICATOR_CLIENT_REQUESTS="1000")
            assert processes.token is not None
            return {
                "without followers": run(port, processes.token, 0, tables, 3),
                f"{followers} followers": run(port, processes.token, followers, tables, calls),
            }
        finally:
            processes.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=50)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(args.followers, args.tables, args.calls)
    print(json.dumps(results, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in results.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
