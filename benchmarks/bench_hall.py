"""Benchmark a hall (issue 30, item 6): tables recording at a hall's pace while its screens follow.

    .venv/bin/python benchmarks/bench_hall.py [--backend sqlite|postgres] [--tables 40]
        [--followers 0,100,500,1000] [--card-seconds 3] [--seconds 30] [--against COMMIT|PATH] [--json]

One ``adjudicator serve`` a round (SQLite: 1 worker; PostgreSQL: 2 workers, ``--workers`` to change),
one tournament with a public board, twice ``--tables`` teams seated for round 1 and a table token for
each table. Each table is a scorekeeper's phone: it records a hand's events one POST each, a card
every ``--card-seconds``, makes a conduct call once a hand (the officials' queue moves) and puts each
hand it finishes on its match's sheet (the tournament moves: the boards and the tables' pages are
told). Before the measured rounds every table records a random part of its first hand at once, so
the hall's calls and finished hands are spread over the run as a hall's are. An official finds on
each call (dismissed) 5 s after it is made. For each count of ``--followers``, in turn, that many
followers are connected for ``--seconds`` from many loopback addresses in 127.0.0.0/8 (at most 20
from one, under the per-client cap), read by processes of their own (``hall_followers.py``): a mix
of anonymous boards (``/live/stream`` of the tournament, no credential), officials' consoles
(``/calls/stream``) and tables' own live pages (``/live/stream`` with their table token). The client
side is asyncio on raw streams (HTTP/1.1 by hand): the tables and the official in one loop, the
followers shared between ``PROCESSES`` more. Reported per count: appends a second, append p50/p99,
followers' delivery p50/p99 (from the 201 of the request that made a call, or put a hand on its
sheet, to the first event naming the call, or the tournament, at each follower that may hear of it;
a board told then fetches its page again, with its ETag, as the page does), the followers connected
and refused (429), the server's RSS and open files (its whole process group, from ``/proc``) and the
ratios against 0 followers in the same run. ``--against`` measures another checkout in turn
(``benchmarks/against.py``). The load average is printed beside each round: on a shared machine the
figures are only comparable within a run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from against import checkout
from bench_service import TOKEN_ENV, start_server, stop_server
from hall_followers import NEVER_AFTER, Watch, deliveries, follow_many
from stores import drop_store, store_env

from adjudicator.simulation.hands import random_hand
from adjudicator.simulation.tournaments import Director

RULESET = "texas"
PROCESSES = 4  # the followers' processes (one loop cannot time a thousand streams on two cores)
CALL = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}
CALL_AT = 12  # the event of each hand before which its table makes a conduct call
FOUND_AFTER = 5.0  # seconds an official takes to reach a table and find on its call (dismissed)


@dataclass
class Hall:
    """What the run shares: the tokens, and when each hand last changed and each call was made."""

    port: int
    official: str
    tournament: str = ""
    table_tokens: list[str] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)  # when each hand was put on a sheet (it moved)
    calls: dict[str, float] = field(default_factory=dict)  # hand id -> when its call was recorded
    appends: list[float] = field(default_factory=list)  # each append's latency (s), this count
    warm: int = 0  # the tables through their first burst


async def request(
    port: int, method: str, path: str, token: str | None, body: Any = None, conn: Any = None, etag: str = ""
) -> tuple[int, Any, Any]:
    """One HTTP/1.1 request on ``conn`` (reader, writer; a new connection if None): (status, JSON, conn).
    With ``etag``, asked ``If-None-Match``; the answer's ETag is then what is returned for the body."""
    if conn is None:
        conn = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = conn
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
    if data:
        head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    if etag:
        head += f"If-None-Match: {etag}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    status = int((await reader.readline()).split()[1])
    length, chunked, tag = 0, False, etag
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "transfer-encoding" and "chunked" in value:
            chunked = True
        elif name.lower() == "etag":
            tag = value.strip()
    raw = b""
    if chunked:
        while (size := int((await reader.readline()).strip(), 16)) > 0:
            raw += await reader.readexactly(size)
            await reader.readline()
        await reader.readline()
    elif length:
        raw = await reader.readexactly(length)
    if etag:
        return status, tag, conn
    return status, json.loads(raw) if raw else None, conn


async def prepare(hall: Hall, tables: int) -> None:
    """The tournament, its public board, and a table token for each table."""
    status, body, conn = await request(
        hall.port, "POST", "/tournaments", hall.official, {"ruleset": RULESET, "name": "Hall"}
    )
    assert status == 201, body
    hall.tournament = body["id"]
    director = Director(7)  # the round seated as a director would: teams, then the proposal confirmed
    director.record({"type": "tournament_created", "ruleset": RULESET, "name": "Hall"})
    for n in range(1, 2 * tables + 1):
        director.record(
            {"type": "team_registered", "team": f"T{n:02}", "number": n, "players": [f"P{n}a", f"P{n}b"]}
        )
    director.seat_next_round()
    path = f"/tournaments/{hall.tournament}/events"
    status, body, conn = await request(hall.port, "POST", path, hall.official, director.log[1:], conn)
    assert status == 201, body
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


async def table(
    hall: Hall, number: int, card_seconds: float, stop: asyncio.Event, ready: asyncio.Event
) -> None:
    """A table's phone: a card every ``card_seconds``, a conduct call once a hand, each hand it finishes
    put on its match's sheet; the first hand's first events at once, as far as a random card."""
    token, conn, hand_number = hall.table_tokens[number], None, 0
    burst = random.randrange(60)
    while not stop.is_set():
        status, body, conn = await request(
            hall.port, "POST", "/hands", token, {"ruleset": RULESET, "dealer": "north"}, conn
        )
        assert status == 201, body
        hand = body["id"]
        events = random_hand(number * 1000 + hand_number, RULESET, "north")
        hand_number += 1
        recorded = [*events[:CALL_AT], CALL, *events[CALL_AT:]]
        for index, event in enumerate(recorded):
            if stop.is_set():
                break
            started = time.perf_counter()
            status, body, conn = await request(hall.port, "POST", f"/hands/{hand}/events", token, event, conn)
            now = time.perf_counter()
            assert status == 201, body
            if index == CALL_AT:
                hall.calls[hand] = now
            if index < burst:
                continue
            if not ready.is_set():
                hall.warm += 1
                await ready.wait()
            hall.appends.append(now - started)
            await asyncio.sleep(card_seconds)
        else:
            path = f"/tournaments/{hall.tournament}/matches/R1-T{number + 1}/hands"
            while not stop.is_set():  # on the sheet once its call is found (the official walks over)
                status, body, conn = await request(hall.port, "POST", path, token, {"hand": hand}, conn)
                if status == 201:
                    hall.moves.append(time.perf_counter())
                if status != 422 or "not final" not in body.get("detail", ""):
                    break  # (a match already decided takes no more hands: the table goes on)
                await asyncio.sleep(1.0)
        if not ready.is_set():  # the first hand was shorter than its burst
            hall.warm += 1
            await ready.wait()
        burst = 0
    if conn is not None:
        conn[1].close()


async def official(hall: Hall, stop: asyncio.Event) -> None:
    """The hall's official: each call found (dismissed) some seconds after it was made, so the
    hand can end and go on its sheet, and the officials' queue moves."""
    conn, found = None, set()
    finding = {"type": "finding", "call": CALL_AT + 1, "finding": "dismissed"}
    while not stop.is_set():
        now = time.perf_counter()
        for hand, at in list(hall.calls.items()):
            if hand not in found and now - at >= FOUND_AFTER:
                status, body, conn = await request(
                    hall.port, "POST", f"/hands/{hand}/events", hall.official, finding, conn
                )
                assert status == 201, body
                found.add(hand)
        await asyncio.sleep(0.5)
    if conn is not None:
        conn[1].close()


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
    stop_tables, ready = asyncio.Event(), asyncio.Event()
    tables = [
        asyncio.create_task(table(hall, n, args.card_seconds, stop_tables, ready)) for n in range(args.tables)
    ]
    tables.append(asyncio.create_task(official(hall, stop_tables)))
    while hall.warm < args.tables and not any(t.done() for t in tables):
        await asyncio.sleep(0.1)  # the bursts: every table part of the way through its first hand
    ready.set()
    await asyncio.sleep(args.card_seconds)  # every table at its pace
    figures: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(PROCESSES, mp_context=multiprocessing.get_context("spawn")) as pool:
        for count in counts:
            connecting = min(5.0, 1 + count / 200)  # connected (the first events are the state)
            until = time.perf_counter() + connecting + args.seconds + NEVER_AFTER
            shares = [tuple(range(count))[p::PROCESSES] for p in range(PROCESSES)]
            watches = [
                Watch(port, hall.tournament, hall.official, tuple(hall.table_tokens), share, until)
                for share in shares
                if share
            ]
            watched = [loop.run_in_executor(pool, follow_many, watch) for watch in watches]
            await asyncio.sleep(connecting)
            hall.appends = []
            started = time.perf_counter()
            await asyncio.sleep(args.seconds)
            ended = time.perf_counter()
            appends = list(hall.appends)
            rss, files = group_usage(group)
            heard = [one for notes in await asyncio.gather(*watched) for one in notes]
            delays, never = deliveries(heard, list(hall.moves), dict(hall.calls), (started, ended))
            pages = [took for one in heard for took in one.pages]
            connected = sum(1 for one in heard if one.connected_at is not None)
            figures.append(
                {
                    "followers": count,
                    "connected": connected,
                    "refused": count - connected,
                    "appends_per_s": len(appends) / (ended - started),
                    "append_p50_ms": percentile(appends, 0.5),
                    "append_p99_ms": percentile(appends, 0.99),
                    "deliveries": len(delays),
                    "delivery_p50_ms": percentile(delays, 0.5),
                    "delivery_p99_ms": percentile(delays, 0.99),
                    "missed": never,
                    "page_fetches": len(pages),
                    "page_failed": sum(one.failed for one in heard),
                    "reconnected": sum(one.reconnected for one in heard),
                    "page_p50_ms": percentile(pages, 0.5),
                    "page_p99_ms": percentile(pages, 0.99),
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
            f" p99 {row['delivery_p99_ms']:.0f} ms ({row['deliveries']}, {row['missed']} never,"
            f" {row['reconnected']} reconnections);"
            f" boards' page p50 {row['page_p50_ms']:.0f} ms, p99 {row['page_p99_ms']:.0f} ms"
            f" ({row['page_fetches']}, {row['page_failed']} unanswered);"
            f" RSS {row['rss_mib']:.0f} MiB,"
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
