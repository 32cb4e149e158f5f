"""CPU time of one append and one read through the app, in one process: a figure the machine's load
barely moves, so that two versions of the code can be compared on a busy machine.

    .venv/bin/python benchmarks/bench_request_cpu.py [--appends 2000] [--reads 2000] [--runs 5]
        [--against COMMIT|PATH]

Each run is a fresh process with a fresh SQLite store in a temporary directory, the read models off
and the living rulebook's check not started (the request's own path, nothing on other threads): an
official posts ``--appends`` events, one per ``POST /hands/{id}/events``, round-robin over 40 hands
being recorded (so each append finds its hand in the cache, as a table's does), then reads
``GET /hands/{id}/rulings`` of those hands ``--reads`` times. Flask's test client calls the app
directly: no sockets, no server. ``time.process_time``
counts the process's CPU (every thread: the group commit's too); the durable commit's wait on the
disk is not CPU and is not counted. With ``--against COMMIT|PATH`` (another checkout of this project,
or a commit, of which ``benchmarks/against.py`` makes a worktree) the runs alternate between that
version and this checkout, on the same interpreter and libraries, and both are printed: min / median
/ max of the runs, µs a request.

Not a test: the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from against import checkout

ROOT = Path(__file__).resolve().parent.parent
HANDS = 40


def measure(appends: int, reads: int) -> dict[str, float]:
    """One run in this process: µs of CPU an append and a read."""
    from adjudicator.simulation.hands import random_hand
    from api import create_app

    with tempfile.TemporaryDirectory() as directory:
        persistence = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(Path(directory) / "events.db"),
        }
        # Not the rulebook's own check either: it would run on another thread during the count.
        app = create_app(
            {
                "ADJUDICATOR_PERSISTENCE": persistence,
                "ADJUDICATOR_READ_MODELS": False,
                "ADJUDICATOR_CHECK_EXAMPLES": False,
            }
        )
        token = app.extensions["adjudicator.credentials"].create("Bench", "official")[1]
        client = app.test_client()
        client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        logs = []
        for seed in range(HANDS):
            hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
            logs.append((hand, random_hand(seed, "texas", "north")))
        posts = [(hand, events[i]) for i in range(55) for hand, events in logs if i < len(events)]
        posts = (posts * (appends // len(posts) + 1))[:appends]
        done = {hand: 0 for hand, _ in logs}
        start = time.process_time()
        for hand, event in posts:
            if done[hand] >= 55:
                continue
            reply = client.post(f"/hands/{hand}/events", json=[event])
            if reply.status_code != 201:
                raise SystemExit(f"append answered {reply.status_code}: {reply.get_data(as_text=True)}")
            done[hand] += 1
        appended = sum(done.values())
        append_cpu = time.process_time() - start
        start = time.process_time()
        for i in range(reads):
            reply = client.get(f"/hands/{logs[i % HANDS][0]}/rulings")
            if reply.status_code != 200:
                raise SystemExit(f"read answered {reply.status_code}")
        read_cpu = time.process_time() - start
        return {
            "append_us": append_cpu / appended * 1e6,
            "read_us": read_cpu / reads * 1e6,
            "appended": appended,
        }


def run(checkout: Path, appends: int, reads: int) -> dict[str, float]:
    """One run in a new process with ``checkout`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    paths = [str(checkout), str(ROOT / "benchmarks")]
    code = (
        f"import json, sys; sys.path[:0] = {paths!r}; "
        f"import bench_request_cpu as b; print(json.dumps(b.measure({appends}, {reads})))"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def spread(values: list[float]) -> str:
    return f"{min(values):.0f} / {statistics.median(values):.0f} / {max(values):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--reads", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", help="another version (a commit, or a checkout's path), in turn")
    args = parser.parse_args()
    checkouts = (
        {"this": ROOT} if args.against is None else {args.against: checkout(args.against), "this": ROOT}
    )
    figures: dict[str, list[dict[str, float]]] = {name: [] for name in checkouts}
    for _ in range(args.runs):
        for name, path in checkouts.items():
            figures[name].append(run(path.resolve(), args.appends, args.reads))
    for name, runs in figures.items():
        print(
            f"{name}: append {spread([r['append_us'] for r in runs])} µs CPU, "
            f"GET /rulings {spread([r['read_us'] for r in runs])} µs CPU "
            f"(min / median / max of {len(runs)} runs, {int(runs[0]['appended'])} appends each)"
        )


if __name__ == "__main__":
    main()
