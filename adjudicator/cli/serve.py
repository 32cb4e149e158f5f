"""``adjudicator serve``: the HTTP API on granian, its app built in the worker process."""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import sys
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: The supervising process's id, for its worker to check it was not orphaned while starting.
PARENT_ENV = "ADJUDICATOR_SERVE_PID"
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


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
    built in the worker, never here: this process only supervises it. SIGINT or SIGTERM stops both;
    should this process die otherwise (SIGKILL), the worker is told by the kernel and stops too.

    Nothing starts unless the port is free and the event store reachable (``preflight``): exit
    status 1 and what to do, before "Listening".
    """
    problem = preflight(args.host, args.port)
    if problem is not None:
        print(f"adjudicator: {problem}", file=sys.stderr, flush=True)
        return 1

    from granian import Granian
    from granian.constants import Interfaces

    from adjudicator.cli.tokens import bootstrap
    from adjudicator.service.settings import where

    bootstrap()  # a fresh database: the first official's token, printed once
    events, read_db = where()
    os.environ[PARENT_ENV] = str(os.getpid())
    print(
        f"adjudicator: serving on http://{args.host}:{args.port} (events: {events}; read models: {read_db})",
        flush=True,
    )
    server = Granian(
        "adjudicator.cli.serve:worker_app",
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


def preflight(host: str, port: int) -> str | None:
    """Why this server must not start, or None: the port is taken, or the event store unreachable."""
    taken = port_taken(host, port)
    if taken is not None:
        return taken
    from adjudicator.service.preflight import store_problem

    return store_problem()


def port_taken(host: str, port: int) -> str | None:
    """Whether ``host:port`` is in use, by binding it as a plain listener would (no SO_REUSEPORT).

    Granian's workers bind with SO_REUSEPORT on Linux, so a second server would otherwise start
    beside a running one (or its orphaned worker) and share its connections. SO_REUSEADDR, as every
    server sets it, so that connections of a stopped server in TIME_WAIT do not count.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as error:
        return f"cannot listen on {host}:{port}: {error}"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
            probe.listen(1)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is already in use (another adjudicator serve, or any "
                    "server): stop it or choose another --port"
                )
            return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None


def die_with_parent() -> None:
    """Ask the kernel (Linux) to SIGTERM this process when its parent dies, and exit now if the
    parent is already gone: an orphaned worker must not keep serving and holding the port."""
    parent = os.environ.get(PARENT_ENV)
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if parent is not None and os.getppid() != int(parent):
        os._exit(1)  # the parent died before the request above: nobody supervises this worker


def worker_app() -> Any:
    """Granian's factory, called in the worker: tie the worker's life to its parent, build the app."""
    die_with_parent()
    from api import create_app

    return create_app()
