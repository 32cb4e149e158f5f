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
followers are connected for ``--seconds`` from many loopback addresses in 127.0.0.0/8 (at most
``PER_ADDRESS`` from one, under the per-client cap): a mix of anonymous boards (``/live/stream`` of
the tournament, no credential), officials' consoles (``/calls/stream``) and tables' own live pages
(``/live/stream`` with their table token). Everything on the client side runs in one asyncio loop
with raw streams (HTTP/1.1 by hand), so the load tool is not the bottleneck.

Reported per count: appends a second, append p50/p99, followers' delivery p50/p99 (from the 201 of
the request that made a call, or put a hand on its sheet, to the first event naming the call, or the
tournament, at each follower that may hear of it; a board told then fetches its page again, with its
ETag, as the page does), the followers connected and refused (429), the server's RSS and open
files (its whole
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
from adjudicator.simulation.tournaments import Director

RULESET = "texas"
PER_ADDRESS = 20  # followers from one loopback address (the per-client cap is 32 requests)
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
    deliveries: list[float] = field(default_factory=list)  # each delivery's delay (s), this count
    pages: list[float] = field(default_factory=list)  # each board's fetch of its page (s), this count
    connected: int = 0
    warm: int = 0  # the tables through their first burst
    missed: int = 0  # moves of the tournament a follower never heard of (more than 2 s old at its end)
    refused: int = 0


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
    heard: dict[str, float] = {}  # a call's hand -> the call it last heard of
    told = len(hall.moves)  # the tournament's moves this follower has heard of (none before it came)
    page: Any = None  # a board's connection for its page, and the page's ETag
    etag = '"none"'
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
                for hand in {c["id"].split("@")[0] for c in data.get("calls", [])}:
                    at = hall.calls.get(hand)
                    if at is not None and at <= now and heard.get(hand) != at:
                        heard[hand] = at
                        hall.deliveries.append(now - at)
            elif hall.tournament in data.get("tournaments", []):
                heard_now = [at for at in hall.moves[told:] if at <= now]  # every move told by now
                hall.deliveries.extend(now - at for at in heard_now)
                told += len(heard_now)
                if kind == "board" and heard_now:  # the board's page fetched again, as follow.js does
                    asked = time.perf_counter()
                    path = f"/console/board/{hall.tournament}/live"
                    _, etag, page = await request(hall.port, "GET", path, None, None, page, etag)
                    hall.pages.append(time.perf_counter() - asked)
    finally:
        if kind != "calls":  # the moves older than 2 s it never heard of
            ended = time.perf_counter()
            hall.missed += sum(1 for at in hall.moves[told:] if ended - at > 2.0)
        writer.close()
        if page is not None:
            page[1].close()


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
    for count in counts:
        stop = asyncio.Event()
        hall.connected = hall.refused = hall.missed = 0
        followers = [asyncio.create_task(follower(hall, n, stop)) for n in range(count)]
        await asyncio.sleep(min(5.0, 1 + count / 200))  # connected (the first events are the state)
        hall.appends, hall.deliveries, hall.pages = [], [], []
        started = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - started
        appends, deliveries, pages = list(hall.appends), list(hall.deliveries), list(hall.pages)
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
                "missed": hall.missed,
                "page_fetches": len(pages),
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
            f" p99 {row['delivery_p99_ms']:.0f} ms ({row['deliveries']}, {row['missed']} never);"
            f" boards' page p50"
            f" {row['page_p50_ms']:.0f} ms, p99 {row['page_p99_ms']:.0f} ms ({row['page_fetches']});"
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
