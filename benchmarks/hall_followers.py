"""The hall benchmark's screens, in processes of their own (``bench_hall.py``).

One asyncio loop cannot read a thousand streams and time them on a loaded two-core machine: it fell
a minute behind, and its lag was reported as the server's. So the followers are shared out between
processes; each only notes when it heard what (a stream's event naming the tournament, the first
event naming each call), and the benchmark matches those times with the moves and calls it made
afterwards. ``time.perf_counter`` is the system's monotonic clock, the same in every process.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

PER_ADDRESS = 20  # followers from one loopback address (the per-client cap is 32 requests)
NEVER_AFTER = 2.0  # a move still unheard this long after it was made is counted as never heard


@dataclass(frozen=True)
class Watch:
    """What a process of followers is asked: whom to follow, as whom, until when."""

    port: int
    tournament: str
    official: str
    table_tokens: tuple[str, ...]
    numbers: tuple[int, ...]  # which followers (a number says its kind and its address)
    until: float  # perf_counter: the window's end and ``NEVER_AFTER`` more


@dataclass
class Heard:
    """One follower's notes."""

    kind: str
    connected_at: float | None = None  # None: refused
    tournament: list[float] = field(default_factory=list)  # each event naming the tournament
    calls: dict[str, float] = field(default_factory=dict)  # a call's hand -> first event naming it
    pages: list[float] = field(default_factory=list)  # a board's fetches of its page (s)
    failed: int = 0  # a board's fetches of its page that had no answer


def follow_many(watch: Watch) -> list[Heard]:
    """In a process of its own: every follower of ``watch`` until its time."""
    return asyncio.run(_follow_all(watch))


async def _follow_all(watch: Watch) -> list[Heard]:
    return list(await asyncio.gather(*(_follow(watch, number) for number in watch.numbers)))


async def _follow(watch: Watch, number: int) -> Heard:
    """One screen: a board, an official's console or a table's live page, from its own address."""
    from bench_hall import request  # (the benchmark's one HTTP/1.1 client)

    kind = ("board", "calls", "table")[number % 3]
    heard = Heard(kind)
    address = number // PER_ADDRESS
    local = f"127.1.{address // 250}.{address % 250 + 1}"
    path = f"/live/stream?tournament={watch.tournament}" if kind != "calls" else "/calls/stream"
    token = {
        "board": None,
        "calls": watch.official,
        "table": watch.table_tokens[number % len(watch.table_tokens)],
    }
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", watch.port, local_addr=(local, 0))
    except OSError:
        return heard
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    said = token[kind]
    writer.write((head + (f"Authorization: Bearer {said}\r\n" if said else "") + "\r\n").encode())
    status_line = await reader.readline()
    if not status_line or int(status_line.split()[1]) != 200:
        writer.close()
        return heard
    heard.connected_at = time.perf_counter()
    page: Any = None  # a board's connection for its page
    etag = '"none"'
    try:
        while (left := watch.until - time.perf_counter()) > 0:
            try:
                line = await asyncio.wait_for(reader.readline(), min(left, 0.5))
            except TimeoutError:
                continue
            if not line:
                break
            text = line.strip()
            if text[:1].isdigit() or not text.startswith(b"data:"):
                continue  # a chunk size, an id, an event's name, a keep-alive
            now = time.perf_counter()
            data = json.loads(text[5:])
            if kind == "calls":
                for hand in {c["id"].split("@")[0] for c in data.get("calls", [])}:
                    heard.calls.setdefault(hand, now)
            elif watch.tournament in data.get("tournaments", []):
                heard.tournament.append(now)
                if kind == "board":  # the board's page fetched again, as follow.js has it do
                    path = f"/console/board/{watch.tournament}/live"
                    if page is None:  # (from the phone's own address, as its stream)
                        page = await asyncio.open_connection("127.0.0.1", watch.port, local_addr=(local, 0))
                    try:
                        _, etag, page = await request(watch.port, "GET", path, None, None, page, etag)
                        heard.pages.append(time.perf_counter() - now)
                    except (IndexError, ValueError, OSError):  # the server closed it: a new one next time
                        heard.failed += 1
                        page[1].close()
                        page = None
    finally:
        writer.close()
        if page is not None:
            page[1].close()
    return heard


def deliveries(
    heard: list[Heard], moves: list[float], calls: dict[str, float], window: tuple[float, float]
) -> tuple[list[float], int]:
    """Each delivery's delay (s) of a move or call made in ``window`` to each follower connected
    before it that may hear of it, and how many it never heard (still unheard ``NEVER_AFTER`` s later)."""
    delays, never = [], 0
    start, end = window
    for one in heard:
        if one.connected_at is None:
            continue
        if one.kind == "calls":
            made = [(calls[hand], one.calls.get(hand)) for hand in calls]
        else:
            made = [(at, next((t for t in one.tournament if t >= at), None)) for at in moves]
        for at, told in made:
            if not (start <= at <= end and at > one.connected_at):
                continue
            if told is not None:
                delays.append(told - at)
            else:  # (its process followed until NEVER_AFTER s after the window)
                never += 1
    return delays, never
