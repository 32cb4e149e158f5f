"""One log line per request, with a request id that the answer carries as ``X-Request-Id``.

The id is the client's (or a proxy's) ``X-Request-Id`` when it is a plain token of at most 128
characters (letters, digits, ``-``, ``_``, ``.``, ``:``), else a new UUID: a proxy's id follows the
request through, and a forged one cannot break a log line. The line, on the logger
``adjudicator.requests`` (standard error), says the id, method, path, route, status, duration and
who asked (the credential's name and role, never its token). ``$ADJUDICATOR_LOG_FORMAT``: ``text``
(the default) or ``json``, one JSON object a line for a log shipper. Every query parameter whose name
says it is a secret (``token``, ``key``, ``secret``, ``password``) is logged as ``[redacted]``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import uuid
from datetime import UTC, datetime
from typing import Any, Final
from urllib.parse import urlencode

from flask import Flask, Response, g, request

from api import metrics

HEADER: Final = "X-Request-Id"
FORMAT_ENV: Final = "ADJUDICATOR_LOG_FORMAT"
FORMATS: Final = ("text", "json")
LOGGER: Final = "adjudicator.requests"
SAFE_ID: Final = re.compile(r"[A-Za-z0-9._:-]{1,128}")
SECRET: Final = re.compile(r"token|key|secret|password", re.IGNORECASE)

log = logging.getLogger(LOGGER)


def log_format(value: object = None) -> str:
    """The log format: ``value``, else ``$ADJUDICATOR_LOG_FORMAT``, else ``text``; ValueError otherwise."""
    raw = value if value is not None else os.environ.get(FORMAT_ENV)
    text = str(raw or "text").strip().lower()
    if text not in FORMATS:
        raise ValueError(f"{FORMAT_ENV}={raw!r}: one of {', '.join(FORMATS)}")
    return text


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
    given = request.headers.get(HEADER, "")
    g.request_id = given if SAFE_ID.fullmatch(given) else uuid.uuid4().hex
    g.request_started = time.perf_counter()


def _path() -> str:
    if not request.args:
        return request.path
    query = [(k, "[redacted]" if SECRET.search(k) else v) for k, v in request.args.items(multi=True)]
    return f"{request.path}?{urlencode(query)}"


def _finish(response: Response) -> Response:
    started = g.get("request_started")
    request_id = g.get("request_id") or uuid.uuid4().hex
    seconds = time.perf_counter() - started if started is not None else 0.0
    route = request.url_rule.rule if request.url_rule is not None else metrics.UNMATCHED
    metrics.observe(request.method, route, response.status_code, seconds)
    response.headers[HEADER] = request_id
    credential = g.get("credential")
    fields = {
        "request_id": request_id,
        "method": request.method,
        "path": _path(),
        "route": route,
        "status": response.status_code,
        "duration_ms": round(seconds * 1000, 3),
        "who": f"{credential.name} ({credential.role})" if credential is not None else None,
        "remote": request.remote_addr,
    }
    message = (
        f"{request_id} {fields['method']} {fields['path']} {fields['status']} "
        f"{fields['duration_ms']}ms {fields['who'] or 'anonymous'}"
    )
    log.info(message, extra={"request": fields})
    return response


def install(app: Flask) -> None:
    """Time and log every request, first of the app's ``before_request`` hooks (an early refusal too)."""
    app.config.setdefault("ADJUDICATOR_LOG_FORMAT", None)
    configure(log_format(app.config["ADJUDICATOR_LOG_FORMAT"]))
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
