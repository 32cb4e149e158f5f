"""Do a server's first seconds stall its tables? Appends a second in the first 5 s after a start,
against 20 s later, in the same run.

    .venv/bin/python benchmarks/bench_start.py [--writers 4] [--workers 1] [--runs 3] [--source DIR]
    .venv/bin/python benchmarks/bench_start.py --worker-cpu [--runs 3]

Each run starts ``adjudicator serve`` on a fresh SQLite store with nothing kept of the living
rulebook's check (a new version of the engine: the worst start), and ``--writers`` threads record
hands through HTTP, one event per POST, from the first moment the server answers ``/healthz``: the
start. It counts the acknowledged appends (201) from the start to 5 s, and from 20 s to 25 s, and
prints both and their ratio (issue 30 asks for at least 0.7). ``--source DIR`` serves another
checkout's code (``git archive COMMIT | tar -x -C DIR``) with this interpreter, to compare the same
minutes on the same machine. ``--worker-cpu`` measures instead the CPU seconds of one worker's start
(forked, building its app) with and without ``serve``'s preload of the app's modules, in turn. Not a
test: the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from adjudicator.simulation.hands import random_hand

EARLY = (0.0, 5.0)
LATER = (20.0, 25.0)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def record(port: int, token: str, seed: int, stop: threading.Event, acknowledged: list[float]) -> None:
    """Hands recorded one event a POST until ``stop``: the time of each acknowledged append."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        seed += 1000
        try:
            conn.request("POST", "/hands", json.dumps({"ruleset": "texas", "dealer": "north"}), headers)
            opened = conn.getresponse()
            hand = json.loads(opened.read())["id"]
            for event in random_hand(seed, "texas", "north"):
                if stop.is_set():
                    return
                conn.request("POST", f"/hands/{hand}/events", json.dumps(event), headers)
                answer = conn.getresponse()
                answer.read()
                if answer.status == 201:
                    acknowledged.append(time.monotonic())
        except (OSError, ValueError, KeyError):
            conn.close()
            time.sleep(0.01)


def answers(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False


def one_run(args: argparse.Namespace) -> tuple[int, int]:
    directory = Path(tempfile.mkdtemp(prefix="bench-start-"))
    port = free_port()
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("ADJUDICATOR_", "PERSISTENCE_", "SQLITE_"))
    }
    env.update(
        ADJUDICATOR_DB=str(directory / "events.db"),
        ADJUDICATOR_RULEBOOK_CHECKS=str(directory / "kept"),
        XDG_CACHE_HOME=str(directory / "cache"),
    )
    if args.source:
        env["PYTHONPATH"] = str(Path(args.source).resolve())
    command = [
        sys.executable,
        "-m",
        "adjudicator.cli",
        "serve",
        "--port",
        str(port),
        "--workers",
        str(args.workers),
    ]
    log = directory / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            command, env=env, cwd=directory, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        token = None
        while token is None:
            assert time.monotonic() < deadline and server.poll() is None, log.read_text()
            found = re.search(r"^(adj_\S+)$", log.read_text(errors="replace"), re.MULTILINE)
            token = found.group(1) if found else None
            time.sleep(0.01)
        stop, acknowledged = threading.Event(), []  # type: ignore[var-annotated]
        writers = [
            threading.Thread(target=record, args=(port, token, n, stop, acknowledged))
            for n in range(args.writers)
        ]
        for writer in writers:
            writer.start()
        while not answers(port):
            assert time.monotonic() < deadline and server.poll() is None, log.read_text()
            time.sleep(0.01)
        start = time.monotonic()
        time.sleep(LATER[1])
        stop.set()
        for writer in writers:
            writer.join()
        early = sum(1 for t in acknowledged if EARLY[0] <= t - start < EARLY[1])
        later = sum(1 for t in acknowledged if LATER[0] <= t - start < LATER[1])
        return early, later
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(directory, ignore_errors=True)


#: A worker's start as granian makes it: forked from a supervisor that imported the app's modules
#: first (``serve``'s preload) or not, the child building the app; its CPU seconds, printed.
WORKER_START = """
import os, sys, time
if sys.argv[1] == "preloaded":
    from adjudicator.cli.serve import WORKER_APP, preload
    preload(WORKER_APP)
pid = os.fork()
if pid == 0:
    from api.serving import opened
    opened()
    os._exit(0)
os.waitpid(pid, 0)
times = os.times()
print(times.children_user + times.children_system)
"""


def worker_cpu(runs: int) -> None:
    """A worker's start in CPU seconds (what the machine's load barely moves, unlike a rate), with
    and without the supervisor's preload, in turn: what the first worker's first seconds share the
    machine with while the second starts."""
    found: dict[str, list[float]] = {"preloaded": [], "not preloaded": []}
    with tempfile.TemporaryDirectory(prefix="bench-start-") as directory:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ADJUDICATOR_", "PERSISTENCE_"))}
        env.update(ADJUDICATOR_DB=f"{directory}/events.db", XDG_CACHE_HOME=f"{directory}/cache")
        for _ in range(runs):
            for mode, cpu in found.items():
                done = subprocess.run(
                    [sys.executable, "-c", WORKER_START, mode], env=env, capture_output=True, text=True
                )
                assert done.returncode == 0, done.stderr
                cpu.append(float(done.stdout.split()[-1]))
    for mode, cpu in found.items():
        spread = f"{min(cpu):.2f} / {statistics.median(cpu):.2f} / {max(cpu):.2f}"
        print(f"a worker's start, {mode}: {spread} s of CPU (min / median / max)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=4, help="threads recording hands (default 4)")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="starts measured (default 3)")
    parser.add_argument("--source", help="serve this checkout's code instead of this one's")
    parser.add_argument("--worker-cpu", action="store_true", help="a worker's start's CPU, preloaded or not")
    args = parser.parse_args()
    if args.worker_cpu:
        worker_cpu(args.runs)
        return
    ratios = []
    for run in range(1, args.runs + 1):
        early, later = one_run(args)
        ratio = (early / later) if later else float("nan")
        ratios.append(ratio)
        print(
            f"run {run}: {early / 5:.0f} appends/s in the first 5 s, {later / 5:.0f} from 20 s: {ratio:.2f}x",
            flush=True,
        )
    print(
        f"median {statistics.median(ratios):.2f}x over {args.runs} starts "
        f"({args.writers} writers, {args.workers} workers)"
    )


if __name__ == "__main__":
    main()
