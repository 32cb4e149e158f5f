"""µs of CPU that each per-request layer costs, for an append and for ``GET /hands/{id}/rulings``.

    .venv/bin/python benchmarks/bench_layers.py [--requests 2000] [--runs 3] [--against COMMIT|PATH]

Two kinds of figure, each the median of ``--runs`` fresh processes (each with a fresh SQLite store,
the hands in the cache as a table's are):

- **A whole request, with and without a layer**: the WSGI app called directly with a prebuilt
  environ (no test client, no server: ``wsgi``), the same requests through the ASGI front
  (``api.front``, RSGI: its event loop and its hand-off to a request thread), the app with the request log
  silenced, with prometheus-client in multiprocess mode (as ``adjudicator serve`` runs it), and with
  the read models following (their projector's CPU on its own thread, counted by
  ``time.process_time`` with the rest). A layer's cost is the difference.
- **A layer alone**, timed in a request's context: the credential's verification, the reader's
  sight, the private answer's headers, the request's id, count and log line, the preconditions, the
  front's admission of a body (``api.auth.admitted``), the sealing of one event into its hand's
  chain, and the once-only check of an append's ids.

With ``--against``, the same for another version (``benchmarks/against.py``), in turn; a layer the
other version does not have is shown as ``-``. Not a test: the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from against import checkout

ROOT = Path(__file__).resolve().parent.parent
HANDS = 40
#: Whole requests: the app alone; on an event loop, called inline (what the harness adds to the
#: front's figure); through the front; without the log line; metrics in multiprocess mode; the read
#: models following.
WHOLE = ("wsgi", "loop", "front", "no_log", "multiprocess", "read_models")


def _app(directory: str, read_models: bool) -> tuple[Any, str]:
    from api import create_app

    config: dict[str, Any] = {
        "ADJUDICATOR_PERSISTENCE": {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(Path(directory) / "events.db"),
        },
        "ADJUDICATOR_READ_MODELS": read_models,
        "ADJUDICATOR_CHECK_EXAMPLES": False,
    }
    app = create_app(config)
    token = app.extensions["adjudicator.credentials"].create("Bench", "official")[1]
    return app, token


def _environ(method: str, path: str, token: str, body: bytes = b"") -> dict[str, Any]:
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "50000",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_AUTHORIZATION": f"Bearer {token}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    if body:
        environ["CONTENT_TYPE"] = "application/json"
        environ["CONTENT_LENGTH"] = str(len(body))
    return environ


class Scope:
    """An RSGI scope, as granian hands the front one."""

    def __init__(self, environ: dict[str, Any]) -> None:
        self.proto, self.http_version, self.scheme = "http", "1.1", "http"
        self.method, self.path, self.query_string = environ["REQUEST_METHOD"], environ["PATH_INFO"], ""
        self.server, self.client = "127.0.0.1:8000", "127.0.0.1:50000"
        named = {"host": "127.0.0.1:8000", "authorization": environ["HTTP_AUTHORIZATION"]}
        if "CONTENT_LENGTH" in environ:
            named |= {"content-type": "application/json", "content-length": environ["CONTENT_LENGTH"]}
        self.headers = named


class Proto:
    """An RSGI protocol: the body in one chunk, the answer's status kept."""

    def __init__(self, body: bytes) -> None:
        self.body, self.status = body, 0

    async def __call__(self) -> bytes:
        return self.body

    def __aiter__(self) -> Any:
        return self._chunks()

    async def _chunks(self) -> Any:
        yield self.body

    def response_bytes(self, status: int, headers: Any, body: bytes) -> None:
        self.status = status


class Caller:
    """Requests to the app, directly (WSGI) or through the front (ASGI, on its own event loop)."""

    def __init__(self, app: Any, token: str, kind: str) -> None:
        self.app, self.token = app, token
        self.front: Any = None
        if kind == "front":
            from api.front import Front, Limits

            front = Front(app, 8, Limits(30.0, 32, 0))
            front.handoff.eager = True  # each request's task ends as soon as its thread has answered
            self.front = front.__rsgi__
        elif kind == "loop":
            self.front = self._inline
        self.loop = asyncio.new_event_loop()

    def __call__(self, method: str, path: str, body: bytes = b"") -> int:
        environ = _environ(method, path, self.token, body)
        if self.front is None:
            return self._wsgi(environ)
        proto = Proto(body)
        self.loop.run_until_complete(self.front(Scope(environ), proto))
        return proto.status

    def _wsgi(self, environ: dict[str, Any]) -> int:
        status: list[int] = []

        def start_response(line: str, headers: Any, exc_info: Any = None) -> Any:
            status.append(int(line.split(" ", 1)[0]))
            return None

        b"".join(self.app(environ, start_response))
        return status[0]

    async def _inline(self, scope: Scope, proto: Proto) -> None:
        body = b"".join([chunk async for chunk in proto]) if scope.method == "POST" else b""
        proto.response_bytes(self._wsgi(_environ(scope.method, scope.path, self.token, body)), [], b"")


def _cpu(work: Callable[[], object], count: int) -> float:
    """µs of the process's CPU (every thread) a call of ``work``."""
    started = time.process_time()
    for _ in range(count):
        work()
    return (time.process_time() - started) / count * 1e6


def whole(kind: str, requests: int) -> dict[str, float]:
    """µs of CPU an append and a read take, ``kind`` saying which layers are on."""
    from adjudicator.simulation.hands import random_hand

    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as directory:
        app, token = _app(directory, read_models=kind == "read_models")
        logged = _module("api.request_log", "api.request")
        if kind == "no_log" and logged is not None:
            logged.log.disabled = True
        call = Caller(app, token, kind)
        logs = []
        for seed in range(HANDS):
            opened = json.dumps({"ruleset": "texas", "dealer": "north"}).encode()
            environ = _environ("POST", "/hands", token, opened)
            answer: list[bytes] = []
            answer.extend(app(environ, lambda *args: None))
            logs.append((json.loads(b"".join(answer))["id"], random_hand(seed, "texas", "north")))
        for hand, _ in logs:  # once-per-process costs (the first read, the engine's fingerprint) first
            call("GET", f"/hands/{hand}/rulings")
        read_models = app.extensions.get("adjudicator.read_models")
        if read_models is not None:
            read_models.catch_up()
        posts = [(hand, events[i]) for i in range(55) for hand, events in logs if i < len(events)]
        posts = posts[: min(requests, len(posts))]
        bodies = iter([(f"/hands/{hand}/events", json.dumps([event]).encode()) for hand, event in posts])

        def append() -> None:
            path, body = next(bodies)
            status = call("POST", path, body)
            if status != 201:
                raise SystemExit(f"append answered {status}")

        appended = _cpu(append, len(posts))
        reads = iter(range(requests))

        def read() -> None:
            status = call("GET", f"/hands/{logs[next(reads) % HANDS][0]}/rulings")
            if status != 200:
                raise SystemExit(f"read answered {status}")

        read_us = _cpu(read, requests)
        figures = {"append": appended, "read": read_us}
        if read_models is not None:
            read_models.stop()
        if kind == "wsgi":
            figures.update(alone(app, token, logs, requests))
        return figures


def _module(*names: str) -> Any:
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, "log"):
            return module
    return None  # a version without a request log


def alone(app: Any, token: str, logs: list[tuple[str, list[Any]]], count: int) -> dict[str, float]:
    """Each layer timed by itself in a read's request context (µs a call)."""
    from flask import Response, g

    from api import auth

    figures: dict[str, float] = {}
    credentials = app.extensions["adjudicator.credentials"]
    figures["verify"] = _cpu(lambda: credentials.verify(token), count)
    hand = logs[0][0]
    environ = _environ("GET", f"/hands/{hand}/rulings", token)
    with app.request_context(environ):
        app.preprocess_request()

        def sight() -> None:
            g.pop("reader", None)
            auth.sight()

        figures["sight"] = _cpu(sight, count)
        private = getattr(auth, "private", None)
        if private is not None:
            bare = _cpu(lambda: Response("x"), count)
            figures["private"] = _cpu(lambda: private(Response("x")), count) - bare
        logged = _module("api.request_log", "api.request")
        if logged is not None:
            figures.update(_logged(logged, count))
        preconditions = getattr(importlib.import_module("api.request"), "preconditions", None)
        if preconditions is not None:
            figures["preconditions"] = _cpu(preconditions, count)
    admitted = getattr(auth, "admitted", None)
    if admitted is not None:
        body = environ | {"REQUEST_METHOD": "POST", "PATH_INFO": f"/hands/{hand}/events"}
        figures["admitted"] = _cpu(lambda: admitted(app, dict(body)), count)
    figures.update(_record_layers(app, hand, count))
    return figures


def _logged(module: Any, count: int) -> dict[str, float]:
    """The request's id, count and log line (``_start`` and ``_finish``), with the log on and off."""
    from flask import Response

    def both() -> None:
        module._start()
        module._finish(Response("x"))

    bare = _cpu(lambda: Response("x"), count)
    figures = {"id_count_log": _cpu(both, count) - bare}
    module.log.disabled = True
    figures["id_count"] = _cpu(both, count) - bare
    module.log.disabled = False
    return figures


def _record_layers(app: Any, hand: str, count: int) -> dict[str, float]:
    """The sealing of one event into its hand's chain; the once-only check of one append's ids."""
    figures: dict[str, float] = {}
    try:
        from uuid import UUID

        from adjudicator.adapters.chain import seal
        from adjudicator.service import hands as use
    except ImportError:
        return figures
    store = app.extensions.get("adjudicator.adapters.hand_store")
    if store is None:
        return figures
    stored = store.app.repository.get(UUID(hand))
    event = stored.pending_events[-1] if stored.pending_events else None
    if event is None:
        events = list(store.app.events.get(UUID(hand)))
        event = events[-1]
    figures["seal"] = _cpu(lambda: seal([event], "0" * 64), count)
    before = getattr(use, "before", None)
    if before is not None:
        log = [{"entry": {"type": "bid", "seat": "east", "bid": "4"}, "id": f"e{i}"} for i in range(50)]
        entries = [{"type": "bid", "seat": "south", "bid": "pass", "id": "e99"}]  # a new id, 50 stored
        figures["once"] = _cpu(lambda: before(log, entries, None), count)
    return figures


def run(source: Path, kind: str, requests: int) -> dict[str, float]:
    """``whole(kind)`` in a new process with ``source``'s code first on the path."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with tempfile.TemporaryDirectory() as metrics:
        if kind == "multiprocess":
            env["PROMETHEUS_MULTIPROC_DIR"] = metrics  # set before prometheus-client is imported
        paths = [str(source), str(ROOT / "benchmarks")]
        code = (
            f"import json, sys; sys.path[:0] = {paths!r}; "
            f"import bench_layers as b; print(json.dumps(b.whole({kind!r}, {requests})))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=source, capture_output=True, text=True, check=False
        )
    if out.returncode != 0:
        raise SystemExit(out.stderr[-3000:])
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", help="another version (a commit, or a checkout's path), in turn")
    args = parser.parse_args()
    sources = {"this": ROOT} if args.against is None else {args.against: checkout(args.against), "this": ROOT}
    rounds: dict[str, dict[str, list[dict[str, float]]]] = {name: {k: [] for k in WHOLE} for name in sources}
    print(f"load average before: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    for _ in range(args.runs):
        for name, source in sources.items():
            for kind in WHOLE:
                if kind == "front" and not (source / "api" / "front.py").exists():
                    continue
                rounds[name][kind].append(run(source, kind, args.requests))
    print(f"load average after: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    for name, kinds in rounds.items():
        print(f"\n{name}: µs of CPU, median of {args.runs} runs (min-max)")
        base = kinds["wsgi"]
        for request in ("append", "read"):
            for kind in WHOLE:
                values = [r[request] for r in kinds[kind]]
                if not values:
                    continue
                layer = statistics.median(values) - statistics.median([r[request] for r in base])
                delta = "" if kind == "wsgi" else f"  (layer: {layer:+.0f})"
                print(f"  {request:6} {kind:13} {_spread(values)}{delta}")
        for layer in [k for k in base[0] if k not in ("append", "read")]:
            print(f"  alone  {layer:13} {_spread([r[layer] for r in base])}")


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.1f} ({min(values):.1f}-{max(values):.1f})"


if __name__ == "__main__":
    main()
