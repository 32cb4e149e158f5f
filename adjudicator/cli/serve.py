"""``adjudicator serve``: the HTTP API on granian, its app built in the worker process."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import shutil
import signal
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

from adjudicator.cli.hall import EVERYWHERE, announce, candidates, choose
from adjudicator.service.serving import PARENT_ENV, STARTUP_LOCK_ENV, THREADS_ENV

#: Requests a worker takes in at once besides its followers' streams (granian's ``backpressure``).
BESIDE_FOLLOWERS = 1024

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: What granian runs in each worker: the factory of the app and its front.
WORKER_APP = "api.serving:worker_app"
#: prometheus-client's multiprocess mode: the directory where every worker writes its metrics.
METRICS_ENV = "PROMETHEUS_MULTIPROC_DIR"
#: The signals that stop the server, at any moment of its start too.
STOPS = (signal.SIGINT, signal.SIGTERM)
#: Seconds a stopping worker has to end its requests before it is killed.
KILL_AFTER = 20


def register(commands: Any) -> None:
    run = commands.add_parser("serve", help="start the HTTP API (granian)")
    run.add_argument(
        "--host",
        help=f"the address to listen on (default {DEFAULT_HOST}; with --hall, every interface: {EVERYWHERE})",
    )
    run.add_argument(
        "--hall",
        action="store_true",
        help="serve the hall's phones: listen on the hall's network, print its address and a QR code",
    )
    run.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"the TCP port to listen on (default {DEFAULT_PORT})",
    )
    run.add_argument("--threads", type=positive, default=8, help="request threads per worker (default 8)")
    run.add_argument(
        "--workers", type=positive, default=1, help="worker processes sharing the port (default 1)"
    )
    run.add_argument(
        "--certfile",
        type=Path,
        help="serve HTTPS with this PEM certificate (and --keyfile; default $ADJUDICATOR_CERTFILE)",
    )
    run.add_argument(
        "--keyfile", type=Path, help="the certificate's PEM private key (default $ADJUDICATOR_KEYFILE)"
    )
    run.set_defaults(func=serve)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number from 1")
    return value


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port: a whole number from 0 to 65535")
    return value


class Stopped(Exception):
    """SIGINT or SIGTERM arrived before granian took the signals over: stop where the start is."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signal.Signals(signum).name)


def serve(args: argparse.Namespace) -> int:
    """Granian, a production HTTP server written in Rust, runs the app in ``--workers`` processes.

    Granian parses HTTP and manages connections in Rust threads, so each worker's Python time goes to
    the domain and the store. In each worker an RSGI front (``api.front``) waits on its event loop
    for a request's headers (``$ADJUDICATOR_HEADER_TIMEOUT`` seconds at most, default 10) and body,
    and only then do ``--threads`` request threads run the WSGI app: slow clients hold no thread.
    Every worker has its own store and cache, kept correct by asking the store for each hand's
    version on every read; one worker at a time projects the read models (``readmodels.lease``).
    One worker (the default) is the fastest on SQLite, whose one write lock the workers would share;
    more use more cores on PostgreSQL. The app (store, read-model thread) is built in each worker,
    never here: this process makes the stores' tables, once, and supervises the workers. SIGINT or
    SIGTERM stops them all, at any moment of the start too; should this process die otherwise
    (SIGKILL), the workers are told by the kernel and stop too.

    Nothing starts unless the settings are well (``main`` checked them), the port is free and the
    event store reachable (``preflight``): exit status 1 and what to do, before "Listening" and
    before any credential is issued.
    """
    for stop in STOPS:
        signal.signal(stop, _stop)
    try:
        return _serve(args)
    except Stopped as stopped:
        print(f"adjudicator: stopped by {stopped} while starting", file=sys.stderr, flush=True)
        return 0
    finally:
        for stop in STOPS:
            signal.signal(stop, signal.SIG_DFL)


def _serve(args: argparse.Namespace) -> int:
    from adjudicator.bootstrap import CERTFILE, KEYFILE

    host = args.host or (EVERYWHERE if args.hall else DEFAULT_HOST)
    certfile, keyfile = args.certfile or CERTFILE.get(), args.keyfile or KEYFILE.get()
    problem = preflight(host, args.port)
    if problem is None:
        problem = tls_problem(certfile, keyfile)
    if problem is not None:
        print(f"adjudicator: {problem}", file=sys.stderr, flush=True)
        return 1

    from granian import Granian
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings

    from adjudicator.bootstrap import FOLLOWERS, HEADER_TIMEOUT, prepare, retrying, where
    from adjudicator.cli.tokens import first_official

    scheme = "https" if certfile else "http"

    metrics_dir, made = metrics_directory()  # before anything imports prometheus-client
    try:
        first_official()  # a fresh database: the first official's token, printed once
        # every table, made once here: no worker changes a schema while another appends
        retrying(prepare, say, "adjudicator serve")
        rulebook_checked()
        events, read_db = where()
        os.environ[PARENT_ENV] = str(os.getpid())
        os.environ[STARTUP_LOCK_ENV] = read_db + ".startup.lock"
        os.environ[THREADS_ENV] = str(args.threads)
        by = f" by {args.workers} workers" if args.workers > 1 else ""
        print(
            f"adjudicator: serving on {scheme}://{host}:{args.port}{by} "
            f"(events: {events}; read models: {read_db})",
            flush=True,
        )
        if args.hall:
            for said in announce(scheme, args.port, choose(candidates())):
                print(said if "\n" in said else f"adjudicator: {said}", flush=True)
        preload(WORKER_APP)
        server = Granian(
            WORKER_APP,  # the app, built in each worker (its modules imported here: ``preload``)
            address=host,
            port=args.port,
            interface=Interfaces.RSGI,
            factory=True,
            workers=args.workers,
            workers_kill_timeout=KILL_AFTER,
            # a follower's stream is a request in flight for granian: room for the followers a worker
            # keeps (ADJUDICATOR_FOLLOWERS) and as many requests again beside them; granian's default
            # (1,024 a process) let a thousand followers hold every other request back until one left
            backpressure=FOLLOWERS.value() + BESIDE_FOLLOWERS,
            websockets=False,
            http1_settings=HTTP1Settings(header_read_timeout=int(HEADER_TIMEOUT.value() * 1000)),
            ssl_cert=certfile,
            ssl_key=keyfile,
            # the app's own loggers (a 500's traceback) print too, not only granian's
            log_dictconfig={"root": {"handlers": ["console"], "level": "INFO"}},
        )
        server.on_startup(workers_stop_while_starting(os.getpid()))
        server.serve()
    finally:  # (a living rulebook's run goes on: its outcomes are this version's, not this server's)
        if made:
            shutil.rmtree(metrics_dir, ignore_errors=True)
    return 0


def preload(target: str) -> None:
    """Import the workers' app's modules here, before granian forks the workers (``fork``, Python's
    default on Linux), so that a worker only builds its app: importing them was about three quarters
    of a worker's start (0.75-1 s of a core, against 0.15-0.35 s to build the app), and with
    ``--workers 2`` the second worker did it while the first served the tables' first seconds. An
    import opens nothing and starts no thread (the app, its store and its read models' thread are
    made in each worker), so a fork copies nothing half-made; prometheus-client is imported after
    ``metrics_directory`` set its directory. By name, as granian is given it: the CLI itself imports
    nothing of the API."""
    importlib.import_module(target.partition(":")[0])


def tls_problem(certfile: Path | None, keyfile: Path | None) -> str | None:
    """Why HTTPS cannot start as asked: one of the pair missing, or a file that is not there."""
    if (certfile is None) != (keyfile is None):
        return "HTTPS needs both --certfile and --keyfile (or ADJUDICATOR_CERTFILE and ADJUDICATOR_KEYFILE)"
    for path in (certfile, keyfile):
        if path is not None and not path.is_file():
            return f"HTTPS needs {path}, which is not a file here"
    return None


def say(line: str) -> None:
    print(f"adjudicator: {line}", file=sys.stderr, flush=True)


def workers_stop_while_starting(supervisor: int) -> Any:
    """Granian's start hook: a worker that SIGTERM or SIGINT finds still building its app exits at
    once. Granian forks its workers with its own handlers, which only tell the supervisor's main
    loop; in a worker they would drop the signal, and the worker, once built, would serve on while
    the supervisor waits for it for ever. Granian sets a worker's own handlers when it serves."""

    def hook() -> None:
        for stop in STOPS:
            granians = signal.getsignal(stop)

            def handler(signum: int, frame: Any, granians: Any = granians) -> None:
                if os.getpid() != supervisor:
                    os._exit(0)  # a worker still starting: it has served nothing, holds nothing
                if callable(granians):
                    granians(signum, frame)

            signal.signal(stop, handler)

    return hook


def rulebook_checked() -> None:
    """The living rulebook's examples checked for this engine: once per version of the engine and
    of the scenarios, in a process of its own at the lowest priority, never in a worker."""
    from adjudicator.service.rulebook import checks, kept

    try:
        run = checks.ensure()
    except OSError as error:
        print(f"adjudicator: the living rulebook's outcomes cannot be kept: {error}", file=sys.stderr)
        return
    version = f"version {kept.fingerprint()[:12]} of the engine and its examples"
    if run is not None:
        said = f"checking them for {version} in the background, niced"
    elif checks.running():
        said = f"a check for {version} is under way"
    else:
        said = f"checked for {version} already, not again"
    print(f"adjudicator: the living rulebook's examples: {said}", flush=True)


def metrics_directory() -> tuple[str, bool]:
    """Where the workers keep their metrics (prometheus-client's multiprocess mode), emptied, and
    whether it was made here: ``$PROMETHEUS_MULTIPROC_DIR``, else a new temporary directory.

    The variable must be set before prometheus-client is first imported, in this process and so in
    every worker; the files of an earlier run would count again, so they go (as the client's
    documentation asks). A directory made here is removed when the server stops."""
    given = os.environ.get(METRICS_ENV)
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink(missing_ok=True)
        return given, False
    made = tempfile.mkdtemp(prefix="adjudicator-metrics-")
    os.environ[METRICS_ENV] = made
    return made, True


def preflight(host: str, port: int) -> str | None:
    """Why this server must not start, or None: the port is taken, or the event store unreachable."""
    taken = port_taken(host, port)
    if taken is not None:
        return taken
    from adjudicator.bootstrap import store_problem

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
