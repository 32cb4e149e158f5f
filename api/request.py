"""What the app accepts as a request body, whatever the client sends: bounded, parseable, I-JSON.

- **At most ``MAX_BODY`` bytes, however it is sent.** Werkzeug checks ``Content-Length`` against
  ``MAX_CONTENT_LENGTH``, but a chunked body has none: where the server terminates the stream
  (``wsgi.input_terminated``: granian, waitress, gunicorn), werkzeug's bounded stream silently stops
  reading at the limit, so an oversized body was cut, not refused. ``bound_body`` reads such a body
  itself, one byte past the limit at most, and gives werkzeug its length: over the limit is a 413.
- **JSON a program can hold** (RFC 7493, I-JSON): nesting at most ``MAX_DEPTH`` deep (a deeper body is
  refused before Python's recursion limit is near), no lone UTF-16 surrogate in any string or member
  name (``"\\ud800"`` parses in Python but cannot be encoded to UTF-8, so it could never be stored),
  no ``NaN`` or ``Infinity``. Each is a 400 problem saying what and where (a JSON pointer).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from flask import Request
from flask.json.provider import DefaultJSONProvider
from werkzeug.wsgi import get_content_length

from api.problems import Problem

MAX_BODY = 1 << 20
#: The deepest nesting of arrays and objects a body may have; the API's deepest body needs 5.
MAX_DEPTH = 32
READ_CHUNK = 64 * 1024

SURROGATE = re.compile("[\ud800-\udfff]")
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class BodyRefused(ValueError):
    """A body that parses as JSON but that this API refuses to hold; carries its problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.detail)
        self.problem = problem


def _escape(token: str) -> str:
    """A JSON pointer token (RFC 6901), any surrogate shown as its ``\\uXXXX`` escape."""
    token = token.replace("~", "~0").replace("/", "~1")
    return SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", token)


def _pointer(path: list[str | int]) -> str:
    return "".join(f"/{_escape(str(token))}" for token in path)


def _too_deep(path: list[str | int]) -> NoReturn:
    shown = _pointer(path[:MAX_DEPTH])
    where = f" (at {shown}/…)" if shown else ""
    raise BodyRefused(
        Problem(
            400,
            "json-too-deep",
            "JSON nested too deeply",
            f"the body nests arrays and objects more than {MAX_DEPTH} deep{where}; nothing was recorded",
            pointer=shown,
        )
    )


def _surrogate(path: list[str | int], in_name: bool) -> NoReturn:
    pointer = _pointer(path)
    what = "a member name" if in_name else "the string"
    raise BodyRefused(
        Problem(
            400,
            "lone-surrogate",
            "Unpaired UTF-16 surrogate",
            f"{what} at {pointer or '/'} has a lone UTF-16 surrogate (\\ud800-\\udfff without its pair), "
            "which is not a character: send text as UTF-8 or escape a pair; nothing was recorded",
            pointer=pointer,
            field=pointer.lstrip("/") or None,
        )
    )


def check(value: Any) -> None:
    """Refuse a parsed body nested deeper than ``MAX_DEPTH`` or holding a lone surrogate (iteratively:
    a check must not itself recurse)."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and SURROGATE.search(item):
                _surrogate(path, in_name=False)
        elif isinstance(item, (dict, list)):
            if len(path) >= MAX_DEPTH:
                _too_deep(path)
            members = item.items() if isinstance(item, dict) else enumerate(item)
            for key, member in members:
                if isinstance(key, str) and not key.isascii() and SURROGATE.search(key):
                    _surrogate([*path, key], in_name=True)
                stack.append((member, [*path, key]))


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def loads(s: str | bytes, **kwargs: Any) -> Any:
    """JSON as this service accepts it, from a request or from a file (``adjudicator import``):
    parsed, then ``check``ed; ``BodyRefused`` (a ``ValueError``) says what is wrong and where."""
    try:
        value = json.loads(s, parse_constant=_no_constant, **kwargs)
    except RecursionError:
        _too_deep([])
    check(value)
    return value


class StrictJSONProvider(DefaultJSONProvider):
    """The app's JSON (``app.json``, what ``request.get_json()`` parses with): ``loads`` parses, then
    ``check``s. Werkzeug turns its ``ValueError`` into ``on_json_loading_failed``, or into None when
    asked to be silent."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return loads(s, **kwargs)


class JSONRequest(Request):
    """Says what is wrong with a body it refuses, instead of a generic 400 (or a 500)."""

    def on_json_loading_failed(self, e: ValueError | None) -> Any:
        if e is None:  # the Content-Type is not JSON
            return super().on_json_loading_failed(e)
        if isinstance(e, BodyRefused):
            raise e.problem
        raise Problem(400, "unparseable-json", "Unparseable JSON", f"the body is not JSON: {e}")


def bound_body(app: WSGIApp, limit: int) -> WSGIApp:
    """WSGI middleware: a body without ``Content-Length`` (chunked) read whole, ``limit`` + 1 bytes at
    most, and handed on with its ``Content-Length`` (and no longer ``chunked``), so that werkzeug's
    own check of ``MAX_CONTENT_LENGTH`` refuses it, 413, when it is over."""

    def bounded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if get_content_length(environ) is None and environ.get("wsgi.input_terminated"):
            stream = environ["wsgi.input"]
            body = bytearray()
            while len(body) <= limit:
                chunk = stream.read(min(READ_CHUNK, limit + 1 - len(body)))
                if not chunk:
                    break
                body += chunk
            environ["wsgi.input"] = io.BytesIO(bytes(body))
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # werkzeug ignores a length beside "chunked"
        return app(environ, start_response)

    return bounded


__all__ = ["MAX_BODY", "MAX_DEPTH", "JSONRequest", "StrictJSONProvider", "bound_body", "check"]
