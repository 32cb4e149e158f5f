"""The WSGI app as ``adjudicator serve`` runs it: granian calls ``worker_app`` in each worker process
(the CLI names it to granian as a target, ``api.serving:worker_app``, as one names an app to
gunicorn), which ties the worker's life to its supervisor, builds the app and puts its front before it.

The supervisor has made every table of the stores before it started the workers, and checked every
setting (``adjudicator.cli.serve``); a worker that still cannot open the store (a PostgreSQL server
restarting, a SQLite file another process holds) tries again for a while, saying so, rather than
taking the service down with it.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask

from adjudicator.bootstrap import (
    BODY_TIMEOUT,
    CLIENT_FOLLOWERS,
    CLIENT_REQUESTS,
    FOLLOWER_BYTES,
    FOLLOWERS,
    THREADS,
    retrying,
)
from adjudicator.service.serving import PARENT_ENV, STARTUP_LOCK_ENV
from api import create_app, direct
from api.front import Front, Limits
from api.stream import Bounds

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


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


@contextmanager
def starting() -> Iterator[None]:
    """One worker at a time, of this server and of any other on the same read models, opens the
    stores' files: SQLite refuses a second connection that changes a file's journal mode or schema
    at the same moment ("database is locked", at once, whatever the timeout)."""
    path = os.environ.get(STARTUP_LOCK_ENV)
    if path is None or not sys.platform.startswith("linux"):
        yield
        return
    import fcntl

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        yield


def opened() -> Flask:
    """The app, its store opened; tried again for a while, saying so, while the store is unavailable
    (``retrying``), then the last error raised (the worker exits, and the supervisor with it)."""

    def app() -> Flask:
        with starting():  # the supervisor started the living rulebook's check, once for all
            return create_app({"ADJUDICATOR_CHECK_EXAMPLES": False})

    return retrying(app, say, f"worker {os.getpid()}")


def say(line: str) -> None:
    print(f"adjudicator: {line}", file=sys.stderr, flush=True)


def worker_app() -> Any:
    """Granian's factory, called in the worker: tie the worker's life to its parent, build the app
    and its front."""
    die_with_parent()  # (should the parent have died while this module was imported, it exits now)
    app = opened()
    limits = Limits(
        body_timeout=BODY_TIMEOUT.value(),
        client_requests=CLIENT_REQUESTS.value(),
        trusted_proxies=app.config["ADJUDICATOR_TRUSTED_PROXIES"],
        streams=Bounds(FOLLOWERS.value(), CLIENT_FOLLOWERS.value(), FOLLOWER_BYTES.value()),
    )
    front = Front(app, THREADS.value(), limits)
    if not direct.install(front.direct):
        say(f"worker {os.getpid()}: granian offers no schedule to wrap: every request goes through the loop")
    return front
