"""Benchmark the live streams: followers of ``GET /calls/stream`` (the officials' queue) or of
``GET /live/stream`` (the console's live channel, ``--stream live``) while tables record.

    .venv/bin/python benchmarks/bench_calls_stream.py [--stream calls|live] [--followers 50]
        [--tables 40] [--calls 10] [--claimed 0] [--refresh 0] [--json]

Starts ``adjudicator serve`` on SQLite (a subprocess, killed at the end), opens ``--followers``
streams (one thread each here, on the client's side), and runs ``--tables`` tables, each a thread
recording a hand's bids and plays event by event (``POST /hands/{id}/events``) without pause;
meanwhile ``--calls`` conduct calls are made one second apart at one more table. Prints each call's
delay until every follower had it (min/median/max over calls of the slowest follower: the call in
the queue, or its hand named as moved on the live channel) and the tables' append latencies, with
and without the followers. ``--claimed N`` first makes N calls and claims them (a day's backlog of
claims), and times ``GET /calls`` (one refresh of the queue) a few times during each run:
min/median/max. ``--refresh N`` instead times, in this process on a SQLite store, one refresh of the
queue (``Calls.listed``) over N claimed calls, 30 times, as the worker that claimed them (its caches
warm) and as another worker (a store of its own, nothing cached): the figure the claims' read model
moves, without the HTTP and the machine's noise around it. Not a test: the product's bound is 2
seconds.
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

from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def follower(port: int, token: str, stream: str, seen: dict[str, float], stop: threading.Event) -> None:
    """Follow ``stream``: when each call (``calls``) or each hand (``live``) was first named."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    conn.request("GET", f"/{stream}/stream", headers=headers)
    response = conn.getresponse()
    while not stop.is_set():
        line = response.readline()
        if not line:
            return
        if line.startswith(b"data: "):
            now = time.monotonic()
            said = json.loads(line[6:])
            for named in [c["id"] for c in said["calls"]] if stream == "calls" else said["hands"]:
                seen.setdefault(named, now)
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


def backlog(port: int, token: str, claimed: int) -> None:
    """``claimed`` calls made and claimed, before the runs."""
    http = HTTP(port, token)
    for _ in range(claimed):
        hand = http.request("POST", "/hands", {"ruleset": "detroit", "dealer": "west"}).body["id"]
        http.request("POST", f"/hands/{hand}/events", [*BIDS, CALL])
    time.sleep(1.5)  # the read models list them
    for call in http.request("GET", "/calls?status=open").body["calls"]:
        http.request("POST", f"/calls/{call['id']}/claim")


def refreshes(port: int, token: str, taken: list[float], stop: threading.Event) -> None:
    """``GET /calls`` timed, twice a second, until ``stop``."""
    http = HTTP(port, token)
    while not stop.wait(0.5):
        started = time.monotonic()
        http.request("GET", "/calls")
        taken.append((time.monotonic() - started) * 1000)


def run(port: int, token: str, stream: str, followers: int, tables: int, calls: int) -> dict[str, Any]:
    stop = threading.Event()
    seen: list[dict[str, float]] = [{} for _ in range(followers)]
    taken: list[float] = []
    listed: list[float] = []
    threads = [
        threading.Thread(target=follower, args=(port, token, stream, s, stop), daemon=True) for s in seen
    ]
    threads.append(threading.Thread(target=refreshes, args=(port, token, listed, stop), daemon=True))
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
        made[f"{hand}@4" if stream == "calls" else hand] = time.monotonic()
        time.sleep(1)
    time.sleep(3)
    stop.set()
    for thread in threads[followers:]:
        thread.join(timeout=30)  # the tables' last appends end before the next run starts
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
        "list_calls_ms": {"min": min(listed), "median": statistics.median(listed), "max": max(listed)},
    }
    if followers:
        result[f"call_to_every_follower_ms ({stream} stream)"] = {
            "min": min(delays),
            "median": statistics.median(delays),
            "max": max(delays),
        }
    return result


def measure(stream: str, followers: int, tables: int, calls: int, claimed: int = 0) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as directory:
        processes = ServeProcesses()
        try:
            processes.start(Path(directory), port, ADJUDICATOR_CLIENT_REQUESTS="1000")
            assert processes.token is not None
            backlog(port, processes.token, claimed)
            run(port, processes.token, stream, 0, tables, 2)  # a warm-up, not reported
            return {
                "without followers": run(port, processes.token, stream, 0, tables, 3),
                f"{followers} followers": run(port, processes.token, stream, followers, tables, calls),
            }
        finally:
            processes.close()


def refresh(claimed: int) -> dict[str, Any]:
    """One refresh of the queue over ``claimed`` claimed calls, timed in this process (ms)."""
    from adjudicator.adapters.call_store import CallStore
    from adjudicator.adapters.hand_store import HandStore
    from adjudicator.adapters.readmodels import ReadModels
    from adjudicator.adapters.readmodels.calls import QueueRows
    from adjudicator.service.calls import Calls

    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as directory:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{directory}/events.db"}
        store = HandStore(env)
        try:
            read_models = ReadModels(store, Path(directory) / "read.db")
            rows = QueueRows(read_models.path, read_models.key)
            calls = Calls(rows, read_models.tournaments, CallStore(store))
            for _ in range(claimed):
                append_events(store, store.open_hand("detroit", "west").id, [*BIDS, CALL])
            read_models.catch_up()
            for call in calls.listed(None):
                calls.claim(call.id, "Ann")
            read_models.catch_up()
            other = Calls(rows, read_models.tournaments, CallStore(store, cache_bytes=0))
            for name, queue in (("the claiming worker", calls), ("another worker", other)):
                taken = []
                for _ in range(30):
                    started = time.perf_counter()
                    listed = queue.listed(None)
                    taken.append((time.perf_counter() - started) * 1000)
                assert len(listed) == claimed and all(c.claimed_by == "Ann" for c in listed)
                result[name] = {"min": min(taken), "median": statistics.median(taken), "max": max(taken)}
        finally:
            store.close()
    return {f"refresh of {claimed} claimed calls, ms": result}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stream", choices=["calls", "live"], default="calls")
    parser.add_argument("--followers", type=int, default=50)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--claimed", type=int, default=0, help="calls made and claimed before the runs")
    parser.add_argument(
        "--refresh", type=int, default=0, help="time a refresh over this many claims, in-process"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.refresh:
        results = refresh(args.refresh)
    else:
        results = measure(args.stream, args.followers, args.tables, args.calls, args.claimed)
    print(json.dumps(results, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in results.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
