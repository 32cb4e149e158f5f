"""Every request's id, count and log line, at a few microseconds a request.

- **The id** is the client's (or a proxy's) ``X-Request-Id`` when it is a plain token of at most 128
  characters (letters, digits, ``-``, ``_``, ``.``, ``:``), else a new one: 32 hex digits, a random
  half drawn once per process and a counter (``RequestIds``), unique without a system call a request.
  The answer carries it.
- **The line**, on the logger ``adjudicator.requests`` (standard error), says the id, method, path,
  route, status, duration and who asked (the credential's name and role, never its token);
  ``$ADJUDICATOR_LOG_FORMAT``: ``text`` (the default) or ``json``, one object a line for a log
  shipper. A query parameter whose name says it is a secret (``token``, ``key``, ``secret``,
  ``password``) is logged as ``[redacted]``. The text is made by the handler, from the record's
  arguments (nothing is formatted when the logger is off).
- **The count**, for ``GET /metrics``: by method, route (the rule's pattern, never the path, so the
  series stay few) and status, the latency in a histogram. Each series' child is looked up once per
  process (``_meters``), not by its labels on every request.

Why so lean: these run on every request, and were a tenth of a read's CPU (issue 30, measured in
docs/performance.md).
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import count
from typing import Any, Final
from urllib.parse import urlencode

from flask import Flask, Response, g, request
from prometheus_client import Counter, Histogram

from adjudicator.bootstrap import LOG_FORMAT

HEADER: Final = "X-Request-Id"
_HEADER_KEY: Final = "HTTP_X_REQUEST_ID"
LOGGER: Final = "adjudicator.requests"
SAFE_ID: Final = re.compile(r"[A-Za-z0-9._:-]{1,128}")
SECRET: Final = re.compile(r"token|key|secret|password", re.IGNORECASE)
#: The route label of a request that matched no route (404, and 405 before a method matched).
UNMATCHED: Final = "unmatched"
#: The text of a request's line: its id, method, path, status, milliseconds and who asked.
LINE: Final = "%s %s %s %s %sms %s"
#: Series kept by ``_meters`` at most (methods by routes by statuses: a few hundred in practice).
METERS_KEPT: Final = 4096

REQUESTS: Final = Counter(
    "adjudicator_http_requests",
    "HTTP requests answered, by method, route and status.",
    ["method", "route", "status"],
)
LATENCY: Final = Histogram(
    "adjudicator_http_request_duration_seconds",
    "Time from a request's arrival in the app to its answer, by method and route.",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)

log = logging.getLogger(LOGGER)


class RequestIds:
    """New request ids: a random half per process (drawn again in a forked child) and a counter."""

    def __init__(self) -> None:
        self._pid = -1
        self._prefix = ""
        self._numbers: Iterator[int] = count()

    def __call__(self) -> str:
        if self._pid != os.getpid():
            self._pid, self._prefix, self._numbers = os.getpid(), secrets.token_hex(8), count()
        return f"{self._prefix}{next(self._numbers) & 0xFFFFFFFFFFFFFFFF:016x}"


new_id = RequestIds()
_meters_kept: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def _meters(method: str, route: str, status: str) -> tuple[Any, Any]:
    """The request counter's and the latency histogram's children for these labels."""
    key = (method, route, status)
    found = _meters_kept.get(key)
    if found is None:
        found = (REQUESTS.labels(method, route, status), LATENCY.labels(method, route))
        if len(_meters_kept) < METERS_KEPT:
            _meters_kept[key] = found
    return found


class _Template:
    """What every request line's record has alike, made once per process (``LogRecord`` works out
    its file, module and process anew for each record, and ``log.info`` walks the stack for its
    caller: together most of a line's cost)."""

    def __init__(self) -> None:
        self.pid = -1
        self.members: dict[str, Any] = {}

    def __call__(self) -> dict[str, Any]:
        if self.pid != os.getpid():
            made = logging.LogRecord(LOGGER, logging.INFO, __file__, 0, LINE, (), None)
            self.pid, self.members = os.getpid(), dict(made.__dict__)
        return self.members


_template = _Template()


def _record(said: tuple[Any, ...], fields: dict[str, Any]) -> logging.LogRecord:
    """A request line's record: the template's members, and this line's time, thread and words."""
    record = logging.LogRecord.__new__(logging.LogRecord)
    members = record.__dict__
    members.update(_template())
    now = time.time_ns()
    members["created"] = now / 1e9
    members["msecs"] = (now % 1_000_000_000) // 1_000_000 + 0.0
    members["relativeCreated"] = (now - logging._startTime * 1e9) / 1e6  # type: ignore[attr-defined]
    thread = threading.current_thread()
    members["thread"], members["threadName"] = thread.ident, thread.name
    members["args"], members["request"] = said, fields
    return record


def log_format(value: object = None) -> str:
    """The log format: ``value`` (the app's setting), else ``$ADJUDICATOR_LOG_FORMAT``, else ``text``;
    ValueError saying what it takes otherwise."""
    return LOG_FORMAT.value() if value is None else LOG_FORMAT.parse(str(value))


class JSONLines(logging.Formatter):
    """A record as one JSON object: its time, level, logger, message and the request's fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, "request", {}))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(fmt: str) -> None:
    """Give the request logger its handler (standard error), once per process; ``fmt`` its format."""
    mine = [handler for handler in log.handlers if getattr(handler, "adjudicator", False)]
    handler = mine[0] if mine else logging.StreamHandler(sys.stderr)
    handler.adjudicator = True  # type: ignore[attr-defined]
    handler.setFormatter(JSONLines() if fmt == "json" else logging.Formatter("%(message)s"))
    if not mine:
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def _start() -> None:
    given = request.environ.get(_HEADER_KEY)
    context = g._get_current_object()
    context.request_id = given if given and SAFE_ID.fullmatch(given) else new_id()
    context.request_started = time.perf_counter()


def _path(path: str, query: str) -> str:
    if not query:
        return path
    pairs = [(k, "[redacted]" if SECRET.search(k) else v) for k, v in request.args.items(multi=True)]
    return f"{path}?{urlencode(pairs)}" if pairs else path


def _finish(response: Response) -> Response:
    context = g._get_current_object()
    asked = request._get_current_object()  # type: ignore[attr-defined]
    started = getattr(context, "request_started", None)
    request_id = getattr(context, "request_id", None) or new_id()
    seconds = time.perf_counter() - started if started is not None else 0.0
    rule = asked.url_rule
    route = rule.rule if rule is not None else UNMATCHED
    method, status = asked.method, response.status_code
    counted, timed = _meters(method, route, str(status))
    counted.inc()
    timed.observe(seconds)
    response.headers[HEADER] = request_id
    if log.isEnabledFor(logging.INFO):
        credential = getattr(context, "credential", None)
        who = f"{credential.name} ({credential.role})" if credential is not None else None
        path = _path(asked.path, asked.environ.get("QUERY_STRING", ""))
        milliseconds = round(seconds * 1000, 3)
        fields = {
            "request_id": request_id,
            "method": method,
            "path": path,
            "route": route,
            "status": status,
            "duration_ms": milliseconds,
            "who": who,
            "remote": asked.remote_addr,
        }
        log.handle(_record((request_id, method, path, status, milliseconds, who or "anonymous"), fields))
    return response


def log_requests(app: Flask) -> None:
    """Time and log every request, first of the app's ``before_request`` hooks (an early refusal too)."""
    app.config.setdefault("ADJUDICATOR_LOG_FORMAT", None)
    configure(log_format(app.config["ADJUDICATOR_LOG_FORMAT"]))
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
