"""A request as granian's RSGI scope has it, as PEP 3333's environ for the WSGI app (Flask)."""

from __future__ import annotations

import io
import sys
from typing import Any

#: Health probes: never counted against their client, so that a load balancer is always answered.
PROBES = frozenset({"/healthz", "/readyz"})
CLOSE = ("connection", "close")
#: Methods whose requests nearly never have a body.
BODILESS = frozenset({"GET", "HEAD", "OPTIONS"})


def declared_length(environ: dict[str, Any]) -> int | None:
    """The body's declared length; None when it is chunked, or unknown: HTTP/2 frames a body without
    either header (in HTTP/1.1, neither means no body)."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    text = environ.get("CONTENT_LENGTH")
    if text is None:
        unsafe = environ["REQUEST_METHOD"] not in ("GET", "HEAD", "OPTIONS")
        return None if unsafe and environ["SERVER_PROTOCOL"] == "HTTP/2" else 0
    return int(text) if text.isdigit() else 0


def without_body(environ: dict[str, Any], length: str) -> None:
    environ["wsgi.input"] = io.BytesIO()
    environ["CONTENT_LENGTH"] = length
    environ.pop("HTTP_TRANSFER_ENCODING", None)


def wsgi_environ(scope: Any) -> dict[str, Any]:
    """PEP 3333's environ for an RSGI HTTP scope (strings as latin-1, as WSGI has them)."""
    server, _, server_port = (scope.server or "localhost:80").rpartition(":")
    client, _, client_port = (scope.client or ":0").rpartition(":")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope.method,
        "SCRIPT_NAME": "",
        "PATH_INFO": scope.path.encode().decode("latin-1"),
        "QUERY_STRING": scope.query_string,
        "SERVER_NAME": server,
        "SERVER_PORT": server_port,
        "SERVER_PROTOCOL": f"HTTP/{scope.http_version}",
        "REMOTE_ADDR": client.strip("[]"),
        "REMOTE_PORT": client_port,
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.scheme,
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }
    for name, value in scope.headers.items():
        key = name.upper().replace("-", "_")
        key = key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ
