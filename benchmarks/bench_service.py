"""Benchmark the service as it runs: ``adjudicator serve`` (granian) on the embedded SQLite default.

    .venv/bin/python benchmarks/bench_service.py [--appends 3000] [--clients 8] [--gets 3000]
                                                 [--seconds 10] [--json] [--runs 1]
                                                 [--against COMMIT|PATH] [--only wrk|python]

Reports acknowledged durable appends per second through HTTP, one event per POST: one client,
then several concurrent clients, each a Python process with its own hands and keep-alive
connection; and the p50/p99 latency of GET /hands/{id}/rulings on a complete hand. Then, when
``wrk`` is on PATH, the same with a load generator written in C, which leaves more of the machine
to the server: 1 and ``--clients`` connections for ``--seconds`` each, every connection posting
real hands' events one per request, walking through hands of its own; only 201 answers are
counted, and any other answer is an error; the server's processes' CPU during the ``--clients``
connections' run and the reads' is reported a request (``server_cpu_us_…``, from ``/proc``). The
server is a subprocess in a process group of its own and the clients run on the same machine
(loopback only), so on a small one they share its cores. Every part is bounded and the whole stops
by itself. Not a test: the figures go in the README.
Every request carries an official's bearer token, issued by ``adjudicator token create`` on the
benchmark's database before the server starts (``$ADJUDICATOR_BENCH_TOKEN`` for the client processes).

``--against COMMIT|PATH`` measures another version in turn with this one (``benchmarks/against.py``
makes a worktree of a commit): each of ``--runs`` rounds starts one server of each (the order
alternating from round to round, so that neither always runs on the warmer machine) with the same
clients, interpreter and libraries, and the figures are printed as min / median / max of the rounds,
with the machine's load average before and after. ``--only`` keeps the wrk or the Python clients'
measurements (a round is then shorter, and more rounds fit).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from against import checkout
from stores import drop_store, store_env

from adjudicator.simulation.hands import random_hand

ROOT = Path(__file__).resolve().parent.parent
RULESET = "texas"
TOKEN_ENV = "ADJUDICATOR_BENCH_TOKEN"


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
        headers["Authorization"] = f"Bearer {os.environ[TOKEN_ENV]}"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None

    def open_hand(self) -> str:
        status, body = self.call("POST", "/hands", {"ruleset": RULESET, "dealer": "north"})
        assert status == 201, body
        hand_id: str = body["id"]
        return hand_id


def checked(port: int) -> None:
    """Wait for the server's check of the living rulebook's examples, run once on start in the
    background (a few seconds of one core): a start-up cost, not what the benchmarks measure."""
    while True:
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/console/rulebooks/check", timeout=30
            ) as answer:
                state = json.load(answer)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return  # a version without the living rulebook's check
            raise
        if state["run_at"] and not state["running"]:
            return
        time.sleep(0.1)


def start_server(
    directory: Path,
    threads: int,
    store: dict[str, str] | None = None,
    workers: int = 1,
    source: Path | None = None,
) -> tuple[subprocess.Popen[bytes], int]:
    """``adjudicator serve`` on the SQLite file ``directory/events.db``, or on the ``store`` settings;
    the code of the checkout ``source`` (default: the installed one)."""
    port = free_port()
    command = [sys.executable, "-m", "adjudicator.cli"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_"))}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    env["ADJUDICATOR_DB"] = str(directory / "events.db")
    env["XDG_DATA_HOME"] = str(directory / "data")
    env.update(store or {})
    issued = subprocess.run(
        [
            *command,
            "token",
            "create",
            "--role",
            "official",
            "--name",
            f"Benchmark official {time.monotonic_ns()}",
        ],
        env=env,
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    os.environ[TOKEN_ENV] = issued.stdout.splitlines()[-1]  # the client processes inherit it
    log = (directory / "server.log").open("ab")  # the request log, as a file would keep it
    process = subprocess.Popen(
        [
            *command,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--threads",
            str(threads),
            "--workers",
            str(workers),
        ],
        env=env,
        cwd=source,  # (``-m`` puts the working directory first on the path)
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,  # granian's worker is a child: one group to stop
    )
    log.close()  # the server has its own
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            if Client(port).call("GET", "/rulesets")[0] == 200:
                checked(port)
                return process, port
        except OSError:
            time.sleep(0.05)
    stop_server(process)
    said = (directory / "server.log").read_text(errors="replace")[-2000:]
    raise SystemExit(f"the server did not start:\n{said}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (granian stops its worker), then SIGKILL to whatever of the group is left."""
    if process.poll() is None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


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


# ---------------------------------------------------------------------- wrk

WRK_POST = r"""
-- Each connection has a thread of its own and walks through the events of its own hands,
-- read from <dir>/q<thread>.txt (hand id, tab, one event as JSON), one POST per event.
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  queue = {}
  for line in io.lines(args[1] .. "/q" .. id .. ".txt") do
    local hand, body = line:match("([^\t]+)\t(.*)")
    queue[#queue + 1] = {"/hands/" .. hand .. "/events", body}
  end
  sent, created, other, exhausted = 0, 0, 0, 0
end
function request()
  sent = sent + 1
  local item = queue[sent]
  if item == nil then  -- the queue ran out: say so rather than post an illegal event
    exhausted = exhausted + 1
    return wrk.format("GET", "/rulesets")
  end
  local headers = {["Content-Type"] = "application/json", ["Authorization"] = wrk.headers["Authorization"]}
  return wrk.format("POST", item[1], headers, item[2])
end
function response(status, headers, body)
  if status == 201 then created = created + 1 else other = other + 1 end
end
function done(summary, latency, requests)
  local c, o, e = 0, 0, 0
  for _, thread in ipairs(threads) do
    c = c + thread:get("created"); o = o + thread:get("other"); e = e + thread:get("exhausted")
  end
  local errors = summary.errors
  io.write(string.format(
    "RESULT created=%d other=%d exhausted=%d duration_us=%d socket_errors=%d\n",
    c, o, e, summary.duration, errors.connect + errors.read + errors.write + errors.timeout))
end
"""

WRK_GET = r"""
function response(status, headers, body)
  if status ~= 200 then other = (other or 0) + 1 end
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local o = 0
  for _, thread in ipairs(threads) do o = o + (thread:get("other") or 0) end
  io.write(string.format("RESULT requests=%d other=%d p50_us=%d p99_us=%d\n",
    summary.requests, o, latency:percentile(50), latency:percentile(99)))
end
"""

RATE_CEILING = 4000  # appends/s no connection is expected to reach: sizes the queues
SETTLE_SECONDS = 3.0


def _wrk(script: Path, port: int, connections: int, seconds: int, path: str, *args: str) -> dict[str, int]:
    command = [
        "wrk", f"-t{connections}", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s",
        "-H", f"Authorization: Bearer {os.environ[TOKEN_ENV]}",
        "-s", str(script), f"http://127.0.0.1:{port}{path}", "--", *args,
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120, check=True)
    line = next((x for x in result.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"wrk said no result:\n{result.stdout}{result.stderr}")
    return {key: int(value) for key, value in (item.split("=") for item in line.split()[1:])}


def group_cpu(group: int) -> float:
    """Seconds of CPU the processes of a process group have used so far (Linux ``/proc``; 0 elsewhere):
    the server's own cost of what it answered, which a busy machine barely moves."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    used = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # pgrp; then utime and stime are fields 14 and 15 of the line
            used += int(fields[11]) + int(fields[12])
    return used / ticks


def wrk_appends(port: int, directory: Path, connections: int, seconds: int, seed: int) -> tuple[float, int]:
    """Acknowledged appends per second from ``connections`` wrk connections, and their count."""
    queues = directory / f"wrk-{connections}"
    queues.mkdir()
    per_connection = seconds * RATE_CEILING // connections + 100
    client = Client(port)
    for n in range(1, connections + 1):
        lines: list[str] = []
        hand = 0
        while len(lines) < per_connection:
            hand_id = client.open_hand()
            events = random_hand((seed + n) * 100_000 + hand, RULESET, "north")
            hand += 1
            lines.extend(f"{hand_id}\t{json.dumps(event)}" for event in events)
        (queues / f"q{n}.txt").write_text("\n".join(lines) + "\n")
    script = directory / "post.lua"
    script.write_text(WRK_POST)
    time.sleep(SETTLE_SECONDS)  # the read models catch up with the hands just opened
    figures = _wrk(script, port, connections, seconds, "/", str(queues))
    if figures["exhausted"]:
        raise SystemExit(f"wrk ran out of events after {figures['created']}: raise RATE_CEILING")
    if figures["other"] or figures["socket_errors"]:
        raise SystemExit(f"wrk saw answers other than 201 or socket errors: {figures}")
    return figures["created"] / (figures["duration_us"] / 1e6), figures["created"]


def wrk_rulings_latency(port: int, directory: Path, seconds: int) -> tuple[float, float, int]:
    """p50 and p99 (ms) of GET /hands/{id}/rulings on a complete hand, one wrk connection."""
    client = Client(port)
    hand_id = client.open_hand()
    events = [
        *random_hand(7, RULESET, "north"),
        {"type": "renege_call", "by": "north", "against": "east"},
        {"type": "tech_call", "by": "east", "against": "north"},
    ]
    assert client.call("POST", f"/hands/{hand_id}/events", events)[0] == 201
    script = directory / "get.lua"
    script.write_text(WRK_GET)
    figures = _wrk(script, port, 1, seconds, f"/hands/{hand_id}/rulings")
    if figures["other"]:
        raise SystemExit(f"wrk saw answers other than 200: {figures}")
    return figures["p50_us"] / 1000, figures["p99_us"] / 1000, figures["requests"]


def measure(args: argparse.Namespace, source: Path) -> dict[str, Any]:
    """One round: a server of the checkout ``source`` on a new store, every measurement, its figures."""
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-bench-"))
    store = store_env(args.backend, directory)
    server, port = start_server(directory, args.threads, store, args.workers, source)
    figures: dict[str, Any] = {"backend": args.backend, "workers": args.workers, "cpus": os.cpu_count()}
    try:
        if args.only != "wrk":
            one = appends_per_second(port, 1, args.appends)
            many = appends_per_second(port, args.clients, args.appends)
            arrays = appends_per_second(port, args.clients, args.appends * 4, whole_hands=True)
            p50, p99, rulings = rulings_latency(port, args.gets)
            figures["appends_per_second_1_client"] = round(one)
            figures[f"appends_per_second_{args.clients}_clients"] = round(many)
            figures[f"events_per_second_{args.clients}_clients_posting_whole_hands"] = round(arrays)
            figures["rulings_p50_ms"] = round(p50, 2)
            figures["rulings_p99_ms"] = round(p99, 2)
            figures["rulings_in_hand"] = rulings
        if shutil.which("wrk") and not args.no_wrk and args.only != "python":
            wrk: dict[str, float] = {}
            wrk["appends_per_second_1_connection"], _ = wrk_appends(port, directory, 1, args.seconds, 1)
            used = group_cpu(server.pid)
            wrk[f"appends_per_second_{args.clients}_connections"], appended = wrk_appends(
                port, directory, args.clients, args.seconds, 2
            )
            wrk["server_cpu_us_an_append"] = (group_cpu(server.pid) - used) / appended * 1e6
            used = group_cpu(server.pid)
            wrk["rulings_p50_ms"], wrk["rulings_p99_ms"], reads = wrk_rulings_latency(port, directory, 5)
            wrk["server_cpu_us_a_read"] = (group_cpu(server.pid) - used) / reads * 1e6
            for key, value in wrk.items():
                figures[f"wrk_{key}"] = round(value, 2) if key.endswith("_ms") else round(value)
    finally:
        stop_server(server)
        drop_store(store)
        shutil.rmtree(directory, ignore_errors=True)
    return figures


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def compared(rounds: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Each figure of each checkout, min / median / max over the rounds."""
    names = list(rounds)
    keys = [k for k, v in rounds[names[-1]][0].items() if isinstance(v, (int, float)) and k != "cpus"]
    keys = [k for k in keys if k not in ("workers", "rulings_in_hand")]
    width = max(len(k) for k in keys)
    lines = [f"{'':{width}}  " + "  ".join(f"{name[-24:]:>24}" for name in names)]
    for key in keys:
        cells = []
        for name in names:
            values = [r[key] for r in rounds[name] if key in r]
            low, mid, high = min(values), statistics.median(values), max(values)
            cells.append(f"{f'{low:g} / {mid:g} / {high:g}':>24}")
        lines.append(f"{key:{width}}  " + "  ".join(cells))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--appends", type=int, default=3000, help="appends per run (default 3000)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--threads", type=int, default=8, help="the server's request threads (default 8)")
    parser.add_argument("--gets", type=int, default=3000, help="GET /rulings samples (default 3000)")
    parser.add_argument("--seconds", type=int, default=10, help="each wrk measurement (default 10)")
    parser.add_argument("--no-wrk", action="store_true", help="skip the wrk measurements")
    parser.add_argument("--only", choices=("wrk", "python"), help="only wrk's, or only the Python clients'")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1, help="the server's worker processes (default 1)")
    parser.add_argument("--runs", type=int, default=1, help="rounds, each a new server (default 1)")
    parser.add_argument("--against", help="another version (a commit, or a checkout's path), run in turn")
    args = parser.parse_args()
    sources = {"this": ROOT}
    if args.against is not None:
        sources = {args.against: checkout(args.against), "this": ROOT}
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in sources}
    loads = [load()]
    for n in range(args.runs):
        order = list(sources) if n % 2 == 0 else list(reversed(sources))
        for name in order:
            rounds[name].append(measure(args, sources[name]))
            if not args.json:
                print(f"round {n + 1}, {name}: {rounds[name][-1]} (load {load()})", file=sys.stderr)
    loads.append(load())
    if args.json:
        print(json.dumps({"load_before": loads[0], "load_after": loads[1], "rounds": rounds}))
    elif args.against is None and args.runs == 1:
        said(rounds["this"][0], args.clients)
    else:
        print(f"{args.backend}, {args.workers} worker(s), load average {loads[0]} before, {loads[1]} after")
        print("\n".join(compared(rounds)))
    return 0


def said(figures: dict[str, Any], clients: int) -> None:
    """One round's figures, a line each."""
    if "rulings_p50_ms" in figures:
        print(f"appends/s through HTTP, 1 client:          {figures['appends_per_second_1_client']:8.0f}")
        many = figures[f"appends_per_second_{clients}_clients"]
        print(f"appends/s through HTTP, {clients} clients:         {many:8.0f}")
        arrays = figures[f"events_per_second_{clients}_clients_posting_whole_hands"]
        print(f"events/s, {clients} clients posting whole hands:  {arrays:8.0f}")
        rulings = figures["rulings_in_hand"]
        print(f"GET /hands/{{id}}/rulings ({rulings} rulings), p50:  {figures['rulings_p50_ms']:6.2f} ms")
        print(f"GET /hands/{{id}}/rulings ({rulings} rulings), p99:  {figures['rulings_p99_ms']:6.2f} ms")
    if "wrk_rulings_p50_ms" in figures:
        one_wrk, many_wrk = (
            figures["wrk_appends_per_second_1_connection"],
            figures[f"wrk_appends_per_second_{clients}_connections"],
        )
        print(f"wrk: appends/s through HTTP, 1 connection:   {one_wrk:8.0f}")
        print(f"wrk: appends/s through HTTP, {clients} connections: {many_wrk:8.0f}")
        print(f"wrk: GET /hands/{{id}}/rulings, p50:  {figures['wrk_rulings_p50_ms']:6.2f} ms")
        print(f"wrk: GET /hands/{{id}}/rulings, p99:  {figures['wrk_rulings_p99_ms']:6.2f} ms")
    else:
        print("wrk: not on PATH (or --no-wrk, --only python), not measured")


if __name__ == "__main__":
    raise SystemExit(main())
