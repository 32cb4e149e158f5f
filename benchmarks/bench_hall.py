"""Benchmark a hall (issue 30, item 6): tables recording at a hall's pace while its screens follow.

    .venv/bin/python benchmarks/bench_hall.py [--backend sqlite|postgres] [--tables 40]
        [--followers 0,100,500,1000] [--card-seconds 3] [--seconds 30] [--against COMMIT|PATH] [--json]

One ``adjudicator serve`` a round (SQLite: 1 worker; PostgreSQL: 2 workers, ``--workers`` to change),
one tournament with a public board and a table token for each of ``--tables`` tables. Each table is
a scorekeeper's phone: it records a hand's events one POST each, a card every ``--card-seconds``
(started at random offsets, so the hall's appends are spread as a hall's are), and makes a conduct
call once a hand (the officials' queue moves). For each count of ``--followers``, in turn, that many
followers are connected for ``--seconds`` from many loopback addresses in 127.0.0.0/8 (at most
``PER_ADDRESS`` from one, under the per-client cap): a mix of anonymous boards (``/live/stream`` of
the tournament, no credential), officials' consoles (``/calls/stream``) and tables' own live pages
(``/live/stream`` with their table token). Everything on the client side runs in one asyncio loop
with raw streams (HTTP/1.1 by hand), so the load tool is not the bottleneck.

Reported per count: appends a second, append p50/p99, followers' delivery p50/p99 (from the 201 of
the append that changed a hand, or made a call, to the first event naming it at each follower that
may see it), the followers connected and refused (429), the server's RSS and open files (its whole
process group, from ``/proc``) and the ratios against 0 followers in the same run. ``--against``
measures another checkout in turn (``benchmarks/against.py``). The load average is printed beside
each round: on a shared machine the figures are only comparable within a run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from against import checkout
from bench_service import TOKEN_ENV, start_server, stop_server
from stores import drop_store, store_env

from adjudicator.simulation.hands import random_hand

RULESET = "texas"
PER_ADDRESS = 20  # followers from one loopback address (the per-client cap is 32 requests)
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}
CALL_AT = 12  # the event of each hand before which its table makes a conduct call


@dataclass
class Hall:
    """What the run shares: the tokens, and when each hand last changed and each call was made."""

    port: int
    official: str
    tournament: str = ""
    table_tokens: list[str] = field(default_factory=list)
    changed: dict[str, float] = field(default_factory=dict)  # hand id -> its latest append's 201
    calls: dict[str, float] = field(default_factory=dict)  # hand id -> when its call was recorded
    appends: list[float] = field(default_factory=list)  # each append's latency (s), this count
    deliveries: list[float] = field(default_factory=list)  # each delivery's delay (s), this count
    connected: int = 0
    refused: int = 0


async def request(
    port: int, method: str, path: str, token: str | None, body: Any = None, conn: Any = None
) -> tuple[int, Any, Any]:
    """One HTTP/1.1 request on ``conn`` (reader, writer; a new connection if None): (status, JSON, conn)."""
    if conn is None:
        conn = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = conn
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
    if data:
        head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    status = int((await reader.readline()).split()[1])
    length, chunked = 0, False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "transfer-encoding" and "chunked" in value:
            chunked = True
    raw = b""
    if chunked:
        while (size := int((await reader.readline()).strip(), 16)) > 0:
            raw += await reader.readexactly(size)
            await reader.readline()
        await reader.readline()
    elif length:
        raw = await reader.readexactly(length)
    return status, json.loads(raw) if raw else None, conn


async def prepare(hall: Hall, tables: int) -> None:
    """The tournament, its public board, and a table token for each table."""
    status, body, conn = await request(
        hall.port, "POST", "/tournaments", hall.official, {"ruleset": RULESET, "name": "Hall"}
    )
    assert status == 201, body
    hall.tournament = body["id"]
    status, body, conn = await request(
        hall.port, "POST", f"/tournaments/{hall.tournament}/board", hall.official, {"public": True}, conn
    )
    assert status == 201, body
    for table in range(1, tables + 1):
        path = f"/tournaments/{hall.tournament}/table-tokens"
        status, body, conn = await request(hall.port, "POST", path, hall.official, {"table": table}, conn)
        assert status == 201, body
        hall.table_tokens.append(body["token"])
    conn[1].close()


async def table(hall: Hall, number: int, card_seconds: float, stop: asyncio.Event) -> None:
    """A table's phone: a card every ``card_seconds``, a conduct call once a hand."""
    token, conn, hand_number = hall.table_tokens[number], None, 0
    await asyncio.sleep(random.uniform(0, card_seconds))
    while not stop.is_set():
        status, body, conn = await request(
            hall.port, "POST", "/hands", token, {"ruleset": RULESET, "dealer": "north"}, conn
        )
        assert status == 201, body
        hand = body["id"]
        events = random_hand(number * 1000 + hand_number, RULESET, "north")
        hand_number += 1
        for index, event in enumerate([*events[:CALL_AT], CALL, *events[CALL_AT:]]):
            if stop.is_set():
                break
            started = time.perf_counter()
            status, body, conn = await request(hall.port, "POST", f"/hands/{hand}/events", token, event, conn)
            now = time.perf_counter()
            assert status == 201, body
            hall.appends.append(now - started)
            hall.changed[hand] = now
            if index == CALL_AT:
                hall.calls[hand] = now
            await asyncio.sleep(card_seconds)
    if conn is not None:
        conn[1].close()


async def follower(hall: Hall, number: int, stop: asyncio.Event) -> None:
    """One screen: a board, an official's console or a table's live page, from its own address."""
    kind = ("board", "calls", "table")[number % 3]
    address = number // PER_ADDRESS
    local = f"127.1.{address // 250}.{address % 250 + 1}"
    path = f"/live/stream?tournament={hall.tournament}" if kind != "calls" else "/calls/stream"
    token = {
        "board": None,
        "calls": hall.official,
        "table": hall.table_tokens[number % len(hall.table_tokens)],
    }[kind]
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", hall.port, local_addr=(local, 0))
    except OSError:
        hall.refused += 1
        return
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    writer.write((head + (f"Authorization: Bearer {token}\r\n" if token else "") + "\r\n").encode())
    status_line = await reader.readline()
    if not status_line or int(status_line.split()[1]) != 200:
        hall.refused += 1
        writer.close()
        return
    hall.connected += 1
    heard: dict[str, float] = {}  # hand -> the change (or call) this follower last heard of
    try:
        while not stop.is_set():
            try:
                line = await asyncio.wait_for(reader.readline(), 0.5)
            except TimeoutError:
                continue
            if not line:
                return
            text = line.strip()
            if text[:1].isdigit() or not text.startswith(b"data:"):
                continue  # a chunk size, an id, an event's name, a keep-alive
            now = time.perf_counter()
            data = json.loads(text[5:])
            if kind == "calls":
                named = {c["id"].split("@")[0] for c in data.get("calls", [])}
                times = hall.calls
            else:
                named, times = set(data.get("hands", [])), hall.changed
            for hand in named:
                at = times.get(hand)
                if at is not None and at <= now and heard.get(hand) != at:
                    heard[hand] = at
                    hall.deliveries.append(now - at)
    finally:
        writer.close()


def group_usage(group: int) -> tuple[float, int]:
    """The server's process group: its RSS (MiB) and its open files."""
    rss, files = 0.0, 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.getpgid(int(pid)) != group:
                continue
            status = Path(f"/proc/{pid}/status").read_text()
            rss += int(status.split("VmRSS:")[1].split()[0]) / 1024
            files += len(os.listdir(f"/proc/{pid}/fd"))
        except (OSError, IndexError):
            continue
    return rss, files


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000 if ordered else float("nan")


async def hall_run(
    port: int, group: int, args: argparse.Namespace, counts: list[int]
) -> list[dict[str, Any]]:
    hall = Hall(port, os.environ[TOKEN_ENV])
    await prepare(hall, args.tables)
    stop_tables = asyncio.Event()
    tables = [asyncio.create_task(table(hall, n, args.card_seconds, stop_tables)) for n in range(args.tables)]
    await asyncio.sleep(args.card_seconds)  # every table under way
    figures = []
    for count in counts:
        stop = asyncio.Event()
        hall.connected = hall.refused = 0
        followers = [asyncio.create_task(follower(hall, n, stop)) for n in range(count)]
        await asyncio.sleep(min(5.0, 1 + count / 200))  # connected (the first events are the state)
        hall.appends, hall.deliveries = [], []
        started = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - started
        appends, deliveries = list(hall.appends), list(hall.deliveries)
        rss, files = group_usage(group)
        stop.set()
        await asyncio.gather(*followers, return_exceptions=True)
        figures.append(
            {
                "followers": count,
                "connected": hall.connected,
                "refused": hall.refused,
                "appends_per_s": len(appends) / elapsed,
                "append_p50_ms": percentile(appends, 0.5),
                "append_p99_ms": percentile(appends, 0.99),
                "deliveries": len(deliveries),
                "delivery_p50_ms": percentile(deliveries, 0.5),
                "delivery_p99_ms": percentile(deliveries, 0.99),
                "rss_mib": rss,
                "open_files": files,
                "load": os.getloadavg()[0],
            }
        )
    stop_tables.set()
    await asyncio.gather(*tables, return_exceptions=True)
    base = figures[0] if figures and figures[0]["followers"] == 0 else None
    for row in figures:
        if base is not None:
            row["appends_ratio"] = (
                row["appends_per_s"] / base["appends_per_s"] if base["appends_per_s"] else None
            )
            row["p50_ratio"] = row["append_p50_ms"] / base["append_p50_ms"]
    return figures


def measure(args: argparse.Namespace, counts: list[int], source: Path | None) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        store = store_env(args.backend, directory)
        workers = args.workers or (1 if args.backend == "sqlite" else 2)
        process, port = start_server(directory, args.threads, store, workers, source)
        try:
            return asyncio.run(hall_run(port, process.pid, args, counts))
        finally:
            stop_server(process)
            if args.backend == "postgres":
                drop_store(store)


def said(name: str, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        ratios = ""
        if "p50_ratio" in row:
            ratios = f" (x{row['appends_ratio'] or 0:.2f} appends/s, x{row['p50_ratio']:.2f} p50)"
        print(
            f"{name}: {row['followers']:>5} followers ({row['connected']} on, {row['refused']} refused):"
            f" {row['appends_per_s']:.1f} appends/s, p50 {row['append_p50_ms']:.1f} ms,"
            f" p99 {row['append_p99_ms']:.1f} ms{ratios}; delivery p50 {row['delivery_p50_ms']:.0f} ms,"
            f" p99 {row['delivery_p99_ms']:.0f} ms ({row['deliveries']}); RSS {row['rss_mib']:.0f} MiB,"
            f" {row['open_files']} open files; load {row['load']:.1f}",
            flush=True,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=0, help="default: 1 on SQLite, 2 on PostgreSQL")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--followers", default="0,100,500,1000")
    parser.add_argument("--card-seconds", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--against")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counts = [int(n) for n in args.followers.split(",")]
    sources: dict[str, Path | None] = {"this": None}
    if args.against:
        sources[args.against] = checkout(args.against)
    results = {}
    for name, source in sources.items():
        results[name] = measure(args, counts, source)
        if not args.json:
            said(name, results[name])
    if args.json:
        json.dump(results, sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
