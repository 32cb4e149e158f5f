"""One request, from its first byte to its log line: what the app accepts as a body, the request's
id, its preconditions, its answer, and its log line and count.

- **A body of at most ``MAX_BODY`` bytes, however it is sent.** Werkzeug checks ``Content-Length``
  against ``MAX_CONTENT_LENGTH``, but a chunked body has none: where the server terminates the stream
  (``wsgi.input_terminated``: granian, waitress, gunicorn), werkzeug's bounded stream silently stops
  reading at the limit, so an oversized body was cut, not refused. ``bound_body`` reads such a body
  itself, one byte past the limit at most, and gives werkzeug its length: over the limit is a 413.
- **JSON a program can hold** (``adjudicator.wire.strict_json``: I-JSON, nesting bounded, no lone
  surrogate, no ``NaN``): each refusal is a 400 problem saying what and where (a JSON pointer).
- **Preconditions as sent.** A malformed ``If-Match`` or ``If-None-Match`` is a 400, not a guess; a
  route reads the versions ``If-Match`` allows (``if_match``) and answers with the resource's version
  as its ETag (``answer``), as this request's reader's sight makes it (``api.auth.tag``).
- **A request id and one log line**, and its count for ``GET /metrics``: ``api.request_log``.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any, Final, TypeVar, cast

from flask import Request, Response, current_app, request
from flask.json.provider import DefaultJSONProvider
from marshmallow import Schema, ValidationError
from werkzeug.wsgi import get_content_length

from adjudicator.wire.schemas.common import ENTITY_TAGS
from adjudicator.wire.strict_json import BodyRefused, loads
from api.auth import tag as seen
from api.problems import Problem, etag, invalid_body

MAX_BODY = 1 << 20
READ_CHUNK = 64 * 1024

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
T = TypeVar("T")
#: A hand's ETag: its version, and the sight it was read with when narrower than an official's
#: (``api.auth.tag``): an ``If-Match`` names the version either way.
VERSION_TAG = re.compile(r"([0-9]{1,9})(?:-(?:table|public))?")
PRECONDITIONS = ("If-Match", "If-None-Match")
_PRECONDITION_KEYS = tuple((name, "HTTP_" + name.upper().replace("-", "_")) for name in PRECONDITIONS)
_ENTITY_TAGS = re.compile(ENTITY_TAGS)


def problem_of(refused: BodyRefused) -> Problem:
    """A body the wire refused, as the 400 problem the API answers."""
    return Problem(
        400, refused.slug, refused.title, refused.detail, pointer=refused.pointer, field=refused.field
    )


class StrictJSONProvider(DefaultJSONProvider):
    """The app's JSON (``app.json``, what ``request.get_json()`` parses with): ``loads`` parses, then
    ``check``s. Werkzeug turns its ``ValueError`` into ``on_json_loading_failed``, or into None when
    asked to be silent."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return loads(s, **kwargs)


class JSONRequest(Request):
    """Says what is wrong with a body it refuses, instead of a generic 400 (or a 500).

    A body is JSON when it says ``application/json``, and only then: werkzeug also takes any
    ``application/*+json``, but ``application/problem+json`` is an answer's type and
    ``application/merge-patch+json`` a patch's, meanings this API has not given a body (415)."""

    @property
    def is_json(self) -> bool:
        return self.mimetype == "application/json"

    def on_json_loading_failed(self, e: ValueError | None) -> Any:
        if e is None:  # the Content-Type is not application/json
            said = self.mimetype or "none"
            raise Problem(
                415,
                "about:blank",
                "Unsupported Media Type",
                f"the body's Content-Type is {said}: send it as application/json; nothing was recorded",
            )
        if isinstance(e, BodyRefused):
            raise problem_of(e)
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


def answer(
    schema: Schema,
    data: Any,
    status: int = 200,
    tag: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Dump through the schema; answer 304 to a GET whose If-None-Match names this ETag (``tag``, as
    this request's reader's sight makes it: ``api.auth.tag``)."""
    return answer_dumped(partial(dumped, schema, data), status, tag, headers)


def dumped(schema: Schema, data: Any) -> str:
    """``data`` through ``schema``, as JSON text."""
    return json.dumps(schema.dump(data), separators=(",", ":"))


def answer_dumped(
    text: Callable[[], str],
    status: int = 200,
    tag: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """``answer`` of a JSON text (``text()``, asked for only when the answer is not a 304)."""
    tag = None if tag is None else seen(tag)
    if tag is not None and request.method in ("GET", "HEAD") and request.if_none_match.contains_weak(tag):
        response = Response(status=304)
    else:
        response = Response(text(), status=status, mimetype="application/json")
    if tag is not None:
        response.set_etag(tag)
    response.headers.update(headers or {})
    return response


def versioned(schema: Schema, data: Mapping[str, Any], status: int = 200) -> Response:
    """``data`` (which has its ``version``) with that version as its ETag."""
    return answer(schema, data, status, str(data["version"]))


def body() -> Any:
    """The request's JSON: 415 unless it says it is JSON, 400 unless it parses."""
    return request.get_json()


def load(loader: Callable[[Any], T], version: Callable[[], int]) -> T:
    """The body through ``loader`` (a schema's ``load``); 422 with the resource's ETag if it does
    not fit (``version()`` raises first when there is no such resource)."""
    data = body()
    try:
        return loader(data)
    except ValidationError as error:
        raise invalid_body(error, isinstance(data, list), etag(version())) from None


def query(schema: Schema) -> dict[str, Any]:
    """The query string through ``schema``: 400 unless it fits."""
    try:
        loaded: dict[str, Any] = schema.load(request.args)
    except ValidationError as error:
        problem = invalid_body(error, array=False)
        raise Problem(400, "invalid-query", "Invalid query", problem.detail, **problem.members) from None
    return loaded


def preconditions() -> None:
    """``before_request``: a malformed ``If-Match`` or ``If-None-Match`` is a 400, not a guess (an
    unquoted ``8`` was read as the ETag ``"8"``; an unclosed ``"8`` as no tag at all, a 412). No such
    route, or not this method: that answer (404, 405) comes first."""
    asked = request._get_current_object()  # type: ignore[attr-defined]
    if asked.routing_exception is not None:
        return
    for name, key in _PRECONDITION_KEYS:
        value = asked.environ.get(key)
        if value is not None and not _ENTITY_TAGS.fullmatch(value):
            shown = value if len(value) <= 80 else value[:80] + "…"
            raise Problem(
                400,
                "malformed-precondition",
                "Malformed precondition",
                f'{name}: {shown!r} is not * or a list of entity tags ("8", W/"8"): send the ETag '
                "back as it came, quotes included; nothing was recorded",
                field=name,
            )


def if_match() -> set[int] | None:
    """The versions ``If-Match`` allows: None without the header or with ``*``."""
    if "If-Match" not in request.headers or request.if_match.star_tag:
        return None
    tags = (tag for tag in request.if_match.as_set() if isinstance(tag, str))
    return {int(found[1]) for tag in tags if (found := VERSION_TAG.fullmatch(tag))}


#: The config key of the hall's own address (``ADJUDICATOR_PUBLIC_URL``, which ``serve --hall`` sets).
PUBLIC_URL: Final = "ADJUDICATOR_PUBLIC_URL"


def hall_url() -> str:
    """Where the hall's phones reach this service, without a trailing slash: the hall's address when
    one is set (a director who opened the page as 127.0.0.1 still prints what a phone can open), else
    the address the page was asked at."""
    given = current_app.config.get(PUBLIC_URL)
    return str(given or request.host_url).rstrip("/")


F = TypeVar("F", bound=Callable[..., Any])
#: Functions whose ``ensure_sync`` is kept (``synced_once``).
SYNCED_KEPT = 1024


def synced_once(ensure_sync: Callable[[F], F]) -> Callable[[F], F]:
    """Flask's ``ensure_sync``, asked once per function: Flask asks it of every hook and view on every
    request, and it inspects the function's code each time (about a twentieth of a read's calls)."""
    made: dict[Any, Any] = {}

    def once(func: F) -> F:
        found = made.get(func)
        if found is None:
            found = ensure_sync(func)
            if len(made) < SYNCED_KEPT:  # hooks and views: a few dozen, made once
                made[func] = found
        return cast(F, found)

    return once
