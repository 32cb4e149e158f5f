"""Benchmark a health probe's latency while slow clients trickle: ``adjudicator serve`` on SQLite.

    .venv/bin/python benchmarks/bench_slow_clients.py [--clients 100] [--probes 40] [--json]

Starts the server (a subprocess in a process group of its own, killed at the end), then for each
setting of the bound per client (the default 32, and 1000 so that every slow client's body is
waited for): ``--clients`` slow connections on loopback, the kinds taken in turn (headers that
never end, chunked bodies and ``Content-Length`` bodies, with and without an official's token;
``tests/e2e/trickle.py``), one byte every half second; meanwhile ``--probes`` probes of
``GET /healthz`` and as many of ``GET /readyz``, each on a new connection, 50 ms apart. Prints
min/median/max of each, and the same with no slow client first. The trickle stops by itself after
120 s; every wait is bounded. Not a test: the target is a probe under 250 ms (issue 19).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.e2e: the server and the clients

from bench_service import checked

from tests.e2e.conftest import free_port
from tests.e2e.serving import ServeProcesses
from tests.e2e.trickle import Trickle, probe

SETTINGS = {"bound 32 (default)": {}, "bound 1000": {"ADJUDICATOR_CLIENT_REQUESTS": "1000"}}


def latencies(port: int, path: str, count: int) -> dict[str, float]:
    """``count`` probes of ``path``: min, median, max in milliseconds (a timeout counts as 10 s)."""
    taken = []
    for _ in range(count):
        try:
            status, seconds = probe(port, path, timeout=10)
            taken.append(seconds * 1000 if status == 200 else float("inf"))
        except OSError:
            taken.append(10_000.0)
        time.sleep(0.05)
    return {"min": min(taken), "median": statistics.median(taken), "max": max(taken)}


def measure(env: dict[str, str], clients: int, probes: int) -> dict[str, Any]:
    processes = ServeProcesses()
    port = free_port()
    try:
        with tempfile.TemporaryDirectory() as directory:
            processes.start(Path(directory), port, **env)
            checked(port)  # the living rulebook's check on start, not what is measured
            quiet = {path: latencies(port, path, probes) for path in ("/healthz", "/readyz")}
            with Trickle(port, clients, processes.token, interval=0.5, duration=120) as trickle:
                time.sleep(1)  # every slow client has begun
                slow = {path: latencies(port, path, probes) for path in ("/healthz", "/readyz")}
                closed = trickle.closed
            return {"quiet": quiet, "slow": slow, "closed_by_server": closed}
    finally:
        processes.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--probes", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {name: measure(env, args.clients, args.probes) for name, env in SETTINGS.items()}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for name, result in results.items():
        print(f"{name}: {args.clients} slow clients, {result['closed_by_server']} closed by the server")
        for when in ("quiet", "slow"):
            for path, figures in result[when].items():
                shown = "/".join(f"{figures[k]:.1f}" for k in ("min", "median", "max"))
                print(f"  {when:5} {path:9} min/median/max {shown} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
