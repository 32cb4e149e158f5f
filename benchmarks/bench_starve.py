"""Benchmark one heavy request against a recording table (issue 30, item 4): a table's append p50 while
nothing else runs and while one client repeats ``GET /calls`` across many tournaments (``--load
calls``) or a 200-hand ``POST /hands/import`` (``--load import``), and the ratio (the bar: 1.5x).

    .venv/bin/python benchmarks/bench_starve.py [--load calls|import] [--tournaments 300]
        [--hands 200] [--seconds 8] [--windows 4] [--runs 1] [--against COMMIT|PATH] [--json]

Starts ``adjudicator serve`` on SQLite, 1 worker (``bench_service.start_server``, its living
rulebook's check waited for); for ``calls`` first makes ``--tournaments`` tournaments and as many
hands with a conduct call waiting. The table is one keep-alive client posting a hand's events one at
a time; the load is another, each repeating its request as soon as the last was answered (a plain
``GET /calls``, as a console or a script would send it; an import of ``--hands`` new complete hands).
Quiet and loaded windows alternate (``--windows`` of each within ``--seconds`` each), so that both
are measured on the machine as it is in the same seconds; an append counts as loaded when a heavy
request was under way as it started and as it ended (an import runs on past its window).
``--against`` measures another checkout in turn with the same clients (``benchmarks/against.py``).
Not a test: the figures are noisy on a shared machine, so the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

from against import checkout
from bench_service import RULESET, Client, start_server, stop_server

from adjudicator.simulation.hands import random_hand

BIDS = [
    {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
]
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}


def prepare_calls(port: int, tournaments: int) -> None:
    """``tournaments`` tournaments of four teams, and as many hands with a call waiting."""
    client = Client(port)
    for n in range(tournaments):
        status, body = client.call("POST", "/tournaments", {"ruleset": "detroit", "name": f"Cup {n}"})
        assert status == 201, body
        hand = client.call("POST", "/hands", {"ruleset": "detroit", "dealer": "west", "label": f"T{n}"})[1]
        status, body = client.call("POST", f"/hands/{hand['id']}/events", [*BIDS, CALL])
        assert status == 201, body


def import_body(hands: int, seed: int) -> list[dict[str, Any]]:
    return [
        {"ruleset": RULESET, "dealer": "north", "events": random_hand(seed + n, RULESET, "north")}
        for n in range(hands)
    ]


class Phases(NamedTuple):
    loading: threading.Event  # the load's windows
    busy: threading.Event  # a heavy request under way


def table(port: int, stop: threading.Event, busy: threading.Event, seed: int) -> dict[bool, list[float]]:
    """One table recording event by event until ``stop``: each append's latency in seconds, by
    whether a heavy request was being answered (``busy``) as it started and as it ended (an append
    during which one started or ended is left out)."""
    client, latencies, hand = Client(port), {False: [], True: []}, 0
    while not stop.is_set():
        hand_id = client.open_hand()
        for event in random_hand(seed + hand, RULESET, "north"):
            phase, started = busy.is_set(), time.perf_counter()
            status, body = client.call("POST", f"/hands/{hand_id}/events", event)
            took = time.perf_counter() - started
            assert status == 201, body
            if busy.is_set() == phase:
                latencies[phase].append(took)
            if stop.is_set():
                break
        hand += 1
    return latencies


def loader(
    port: int, load: str, hands: int, stop: threading.Event, phases: Phases, took: list[float]
) -> None:
    """Repeat the heavy request as soon as the last is answered, while ``phases.loading``; each
    under way, ``phases.busy``."""
    client, seed = Client(port), 10_000
    while not stop.is_set():
        if not phases.loading.wait(0.05):
            continue
        phases.busy.set()
        started = time.perf_counter()
        if load == "calls":
            status, body = client.call("GET", "/calls")
            assert status == 200, body
        else:
            status, body = client.call("POST", "/hands/import", import_body(hands, seed))
            assert status == 201, body
            seed += hands
        took.append(time.perf_counter() - started)
        phases.busy.clear()


def figures(latencies: list[float], seconds: float) -> dict[str, float]:
    ordered = sorted(latencies)
    return {
        "appends_per_s": len(ordered) / seconds,
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[int(len(ordered) * 0.99)] * 1000,
    }


def timed(port: int, args: argparse.Namespace) -> dict[str, Any]:
    """Quiet and loaded windows in turn (``--windows`` of each, ``--seconds`` in all for each), so
    that both see the same machine: on a shared one, its load moves within seconds."""
    stop, phases, took = threading.Event(), Phases(threading.Event(), threading.Event()), []
    result: list[dict[bool, list[float]]] = []
    worker = threading.Thread(target=lambda: result.append(table(port, stop, phases.busy, 1)))
    other = threading.Thread(target=loader, args=(port, args.load, args.hands, stop, phases, took))
    worker.start()
    other.start()
    window = args.seconds / args.windows
    for n in range(2 * args.windows):
        (phases.loading.set if n % 2 else phases.loading.clear)()
        time.sleep(window)
    stop.set()
    phases.loading.set()  # the loader sees ``stop`` at once
    worker.join()
    other.join()
    quiet, loaded = figures(result[0][False], args.seconds), figures(result[0][True], args.seconds)
    loaded |= {"load_requests": len(took), "load_p50_ms": statistics.median(took) * 1000 if took else 0}
    return {"quiet": quiet, "loaded": loaded, "p50_ratio": loaded["p50_ms"] / quiet["p50_ms"]}


def measure(args: argparse.Namespace, source: Path | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        process, port = start_server(Path(folder), 8, source=source)
        try:
            if args.load == "calls":
                prepare_calls(port, args.tournaments)
                time.sleep(1.5)  # the read models follow
            return timed(port, args)
        finally:
            stop_server(process)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--load", choices=("calls", "import"), default="calls")
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--windows", type=int, default=4)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--against")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sources: dict[str, Path | None] = {"this": None}
    if args.against:
        sources[args.against] = checkout(args.against)
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in sources}
    for n in range(args.runs):
        for name in sorted(sources, reverse=n % 2 == 1):
            load_before = os.getloadavg()[0]
            figures = measure(args, sources[name])
            figures["load"] = (load_before, os.getloadavg()[0])
            rounds[name].append(figures)
            if not args.json:
                quiet, loaded = figures["quiet"], figures["loaded"]
                print(
                    f"{name}: {args.load}: quiet p50 {quiet['p50_ms']:.1f} ms p99 {quiet['p99_ms']:.1f} ms;"
                    f" loaded p50 {loaded['p50_ms']:.1f} ms p99 {loaded['p99_ms']:.1f} ms"
                    f" ({figures['p50_ratio']:.2f}x); the load's requests {loaded.get('load_requests', 0)},"
                    f" p50 {loaded.get('load_p50_ms', 0):.0f} ms; load average"
                    f" {figures['load'][0]:.1f} -> {figures['load'][1]:.1f}",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rounds, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
