"""Errors as RFC 9457 problem details (``application/problem+json``), never an HTML page or a 500.

Application problems have their own ``type`` (``urn:adjudicator:problem:<slug>``); plain HTTP
errors (400 unparseable JSON, 404 no such route, 405, 413, 415) are ``about:blank`` with the
status's own title and keep the headers Werkzeug gave them (``Allow`` on a 405).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from api.schemas import messages

PROBLEM_JSON = "application/problem+json"
PROBLEM_TYPE = "urn:adjudicator:problem:"
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "ETag")

log = logging.getLogger(__name__)


class Problem(Exception):
    """An answer the client must act on: raise it anywhere in a request."""

    def __init__(
        self,
        status: int,
        slug: str,
        title: str,
        detail: str,
        headers: Mapping[str, str] | None = None,
        **members: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.type = f"{PROBLEM_TYPE}{slug}" if slug != "about:blank" else slug
        self.title = title
        self.detail = detail
        self.headers = dict(headers or {})
        self.members = members

    def response(self) -> Response:
        body = {
            "type": self.type,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "instance": request.path,
            **self.members,
        }
        response = Response(json.dumps(body), status=self.status, mimetype=PROBLEM_JSON)
        response.headers.update(self.headers)
        return response


def _first_error(messages: Any, path: tuple[str, ...] = ()) -> tuple[tuple[str, ...], str]:
    """The path to the first message in marshmallow's nested errors, and the message."""
    if isinstance(messages, Mapping):
        key = next(iter(messages))
        return _first_error(messages[key], (*path, str(key)))
    if isinstance(messages, list) and messages:
        return _first_error(messages[0], path)
    return path, str(messages)


def invalid_body(error: ValidationError, array: bool, headers: Mapping[str, str] | None = None) -> Problem:
    """422 for a body of the wrong shape: every error, and the first one's field and position."""
    errors = messages(error)
    path, message = _first_error(errors)
    path = tuple(p for p in path if p != "_schema")
    members: dict[str, Any] = {"errors": errors, "pointer": "".join(f"/{p}" for p in path)}
    if array and path and path[0].isdigit():
        members["index"] = int(path[0])
        path = path[1:]
    field = "/".join(path)
    members["field"] = field or None
    where = f"{field}: " if field else ""
    at = f"event {members['index']} of the array: " if "index" in members else ""
    return Problem(422, "invalid-body", "Invalid request body", f"{at}{where}{message}", headers, **members)


def _http_problem(error: HTTPException) -> Response:
    status = error.code or 500
    original = error.get_response()
    headers = {k: v for k, v in original.headers.items() if k in KEPT_HEADERS}
    return Problem(status, "about:blank", error.name, error.description or error.name, headers).response()


def install(app: Flask) -> None:
    """Turn every error the app can meet into a problem response."""

    @app.errorhandler(Problem)
    def _problem(error: Problem) -> Response:
        return error.response()

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        return _http_problem(error)

    @app.errorhandler(ValidationError)
    def _invalid(error: ValidationError) -> Response:
        return invalid_body(error, array=False).response()

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unexpected error", exc_info=error)
        return Problem(
            500, "internal", "Internal Server Error", "the server met an unexpected error: it is logged"
        ).response()
