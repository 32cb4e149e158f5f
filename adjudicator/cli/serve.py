"""``adjudicator serve``: the HTTP API on granian, its app built in the worker process."""

from __future__ import annotations

import argparse
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(commands: Any) -> None:
    run = commands.add_parser("serve", help="start the HTTP API (granian)")
    run.add_argument("--host", default=DEFAULT_HOST)
    run.add_argument("--port", type=int, default=DEFAULT_PORT)
    run.add_argument("--threads", type=int, default=8, help="request threads (default 8)")
    run.set_defaults(func=serve)


def serve(args: argparse.Namespace) -> int:
    """Granian, a production HTTP server written in Rust, runs the WSGI app in one worker process.

    Granian parses HTTP and manages connections in Rust threads, so the worker's Python time goes to
    the domain and the store; ``--threads`` request threads run the app. One worker: its one store
    keeps the hands' tables cached and commits concurrent appends together (``GroupCommit``); more
    processes on one SQLite file only contend for its lock. The app (store, read-model thread) is
    built in the worker, never here: this process only supervises it. SIGINT or SIGTERM stops both.
    """
    from granian import Granian
    from granian.constants import Interfaces

    from adjudicator.cli.tokens import bootstrap
    from adjudicator.service.settings import where

    bootstrap()  # a fresh database: the first official's token, printed once
    events, read_db = where()
    print(
        f"adjudicator: serving on http://{args.host}:{args.port} (events: {events}; read models: {read_db})",
        flush=True,
    )
    server = Granian(
        "api:create_app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI,
        factory=True,
        workers=1,
        blocking_threads=args.threads,
        websockets=False,
        # the app's own loggers (a 500's traceback) print too, not only granian's
        log_dictconfig={"root": {"handlers": ["console"], "level": "INFO"}},
    )
    server.serve()
    return 0
