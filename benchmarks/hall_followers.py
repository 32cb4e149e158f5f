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
    failed: int = 0  # a board's fetches of its page that had no answer (twice)
    reconnected: int = 0  # the times its stream was ended by the server and opened again


def follow_many(watch: Watch) -> list[Heard]:
    """In a process of its own: every follower of ``watch`` until its time."""
    return asyncio.run(_follow_all(watch))


async def _follow_all(watch: Watch) -> list[Heard]:
    return list(await asyncio.gather(*(_follow(watch, number) for number in watch.numbers)))


async def _follow(watch: Watch, number: int) -> Heard:
    """One screen: a board, an official's console or a table's live page, from its own address; it
    comes back with ``Last-Event-ID`` when the server ends its stream, as an ``EventSource`` does."""
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
    page = Page(watch, local)
    last = ""
    try:
        while time.perf_counter() < watch.until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", watch.port, local_addr=(local, 0))
            except OSError:
                return heard
            head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            head += f"Authorization: Bearer {token[kind]}\r\n" if token[kind] else ""
            head += f"Last-Event-ID: {last}\r\n" if last else ""
            writer.write((head + "\r\n").encode())
            status_line = await reader.readline()
            if not status_line or int(status_line.split()[1]) != 200:
                writer.close()
                return heard  # refused (429): the page would poll instead
            if heard.connected_at is None:
                heard.connected_at = time.perf_counter()
            else:
                heard.reconnected += 1
            try:
                last = await _read(watch, kind, reader, heard, page) or last
            finally:
                writer.close()
            await asyncio.sleep(1.0)  # the stream's ``retry``
    finally:
        page.close()
    return heard


async def _read(watch: Watch, kind: str, reader: asyncio.StreamReader, heard: Heard, page: Page) -> str:
    """Note what one connection of a stream says until it ends or the watch does: its last event id."""
    last = ""
    while (left := watch.until - time.perf_counter()) > 0:
        try:
            line = await asyncio.wait_for(reader.readline(), min(left, 0.5))
        except TimeoutError:
            continue
        if not line:
            break  # the server ended it
        text = line.strip()
        if text.startswith(b"id:"):
            last = text[3:].strip().decode()
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
                await page.fetch(heard, now)
    return last


class Page:
    """A board's page, fetched again with its ETag over a kept connection from the phone's address
    (a connection the server closed meanwhile is opened again once, as a browser does)."""

    def __init__(self, watch: Watch, local: str) -> None:
        self.watch, self.local = watch, local
        self.conn: Any = None
        self.etag = '"none"'

    async def fetch(self, heard: Heard, since: float) -> None:
        from bench_hall import request  # (the benchmark's one HTTP/1.1 client)

        path = f"/console/board/{self.watch.tournament}/live"
        for _ in range(2):
            if self.conn is None:
                self.conn = await asyncio.open_connection(
                    "127.0.0.1", self.watch.port, local_addr=(self.local, 0)
                )
            try:
                _, self.etag, self.conn = await request(
                    self.watch.port, "GET", path, None, None, self.conn, self.etag
                )
            except (IndexError, ValueError, OSError, asyncio.IncompleteReadError):
                self.close()
                continue
            heard.pages.append(time.perf_counter() - since)
            return
        heard.failed += 1

    def close(self) -> None:
        if self.conn is not None:
            self.conn[1].close()
            self.conn = None


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
