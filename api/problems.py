"""Errors as RFC 9457 problem details (``application/problem+json``), never an HTML page or a 500.

Application problems have their own ``type`` (``urn:adjudicator:problem:<slug>``); plain HTTP
errors (400 unparseable JSON, 404 no such route, 405, 413, 415) are ``about:blank`` with the
status's own title and keep the headers Werkzeug gave them (``Allow`` on a 405). What the service
layer raises (``adjudicator.service.errors``) becomes its problem here, in one place
(``service_problem``), for hands and tournaments alike: a route only calls its use case.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from adjudicator.domain import words as say
from adjudicator.domain.events import IllegalEvent
from adjudicator.service.authority import Forbidden, Unauthenticated
from adjudicator.service.cards import BadCode, CardError, CardWithdrawn, TooManyGuesses, UnknownCard
from adjudicator.service.credentials import CredentialError
from adjudicator.service.errors import (
    CallNotHeld,
    ClaimRefused,
    CommitConflict,
    DayConflict,
    DayRefused,
    EventRefused,
    Forged,
    IdempotencyConflict,
    IntegrityBroken,
    InvalidQuery,
    LinkedHandNotFound,
    NotAnOfficial,
    NotFound,
    PossibleMatch,
    ReadModelsOff,
    ServiceError,
    StaleVersion,
    UnknownMatch,
    VersionOutOfRange,
)
from adjudicator.service.scorekeepers import UnknownTableToken
from adjudicator.wire.schemas.common import messages

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

    def document(self, instance: str) -> dict[str, Any]:
        """The problem's JSON document, about the resource at ``instance``."""
        return {
            "type": self.type,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "instance": instance,
            **self.members,
        }

    def response(self) -> Response:
        body = self.document(request.path)
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


def etag(version: int) -> dict[str, str]:
    """The ``ETag`` header of a resource at ``version``."""
    return {"ETag": f'"{version}"'}


def refused(
    error: IllegalEvent,
    position: int,
    version: int,
    array: bool,
    noun: str,
    words: str,
) -> Problem:
    """422 for an event the domain refused: which one (in the array, in the log), where, and why, in
    the ``words`` its reader may read (``EventRefused.words``, as its sight words them)."""
    members: dict[str, Any] = {"field": error.field, "event": error.index, "version": version}
    if error.citations:
        members["citations"] = [c.to_dict() for c in error.citations]
    pointer = f"/{error.field}" if error.field else ""
    where = f"event {error.index}"
    if array:
        members["index"] = position
        pointer = f"/{position}{pointer}"
        where = f"event {position} of the array (it would be event {error.index} of the {noun})"
    detail = f"{where}: {words}" + (f" [{error.field}]" if error.field else "")
    detail += "; nothing was recorded"
    said = f"{say.prose(words)}: nothing was recorded."
    return Problem(
        422, "illegal-event", "Impossible event", detail, etag(version), pointer=pointer, said=said, **members
    )


def service_problem(error: ServiceError, array: bool) -> Problem:
    """The problem answering what a use case refused; ``array``: whether the body was an array."""
    if isinstance(error, Unauthenticated):
        challenge = 'Bearer realm="adjudicator"' + (', error="invalid_token"' if error.invalid else "")
        detail = f"{error}; nothing was recorded"
        return Problem(401, "unauthenticated", "Unauthorized", detail, {"WWW-Authenticate": challenge})
    if isinstance(error, Forbidden):
        detail = f"{error}; nothing was recorded"
        return Problem(403, "forbidden", "Forbidden", detail, needs=list(error.needs))
    if isinstance(error, CredentialError):
        return _credential_problem(error)
    if isinstance(error, LinkedHandNotFound):
        detail = f"{error}: post the hand first (POST /hands); nothing was recorded"
        headers = etag(error.version)
        return Problem(422, "unknown-hand", "Unknown hand", detail, headers, field="hand", pointer="/hand")
    if isinstance(error, PossibleMatch):
        return Problem(409, "possible-match", "Possible match", str(error), matches=error.matches)
    if isinstance(error, NotFound):
        return Problem(404, f"unknown-{error.noun}", f"Unknown {error.noun}", str(error))
    if isinstance(error, VersionOutOfRange):
        headers = etag(error.latest)
        return Problem(
            404, "version-out-of-range", "No such version", str(error), headers, version=error.latest
        )
    if isinstance(error, UnknownMatch):
        return Problem(404, "unknown-match", "Unknown match", str(error))
    if isinstance(error, StaleVersion):
        headers = etag(error.current)
        return Problem(
            412, "stale-version", "Precondition Failed", str(error), headers, version=error.current
        )
    if isinstance(error, CommitConflict):
        return Problem(409, "commit-conflict", "Conflict", str(error))
    if isinstance(error, InvalidQuery):
        return Problem(400, "invalid-query", "Invalid query", f"{error.member}: {error}", field=error.member)
    if isinstance(error, ReadModelsOff):
        return Problem(503, "read-models-off", "Service Unavailable", str(error))
    if isinstance(error, EventRefused):
        return refused(error.error, error.position, error.version, array, error.noun, error.words)
    if isinstance(error, DayRefused):
        return _day_problem(error)
    return _integrity_problem(error)


def _day_problem(error: DayRefused) -> Problem:
    """A carried day refused whole: 409 when the store holds other records under its ids, else 422,
    naming the first record that fails (its ``stream``, ``record`` and ``line`` of the file)."""
    status, slug, title = (
        (409, "day-conflict", "Conflict")
        if isinstance(error, DayConflict)
        else (422, "day-refused", "Day refused")
    )
    stream = None if error.stream is None else str(error.stream)
    return Problem(
        status,
        slug,
        title,
        str(error),
        problem=error.problem,
        stream=stream,
        record=error.record,
        line=error.line,
    )


def _credential_problem(error: CredentialError) -> Problem:
    """404 for a table token that is not this tournament's (nothing revoked); 422 for a credential the
    credentials refuse to issue as asked (nothing issued)."""
    if isinstance(error, UnknownTableToken):
        return Problem(404, "unknown-table-token", "Unknown table token", f"{error}; nothing was revoked")
    if isinstance(error, CardError):
        return _card_problem(error)
    return Problem(422, "credential-refused", "Credential refused", f"{error}; nothing was issued")


def _card_problem(error: CardError) -> Problem:
    """A table card's refusal (``adjudicator.service.cards``): nothing was signed in or withdrawn."""
    if isinstance(error, TooManyGuesses):
        headers = {"Retry-After": str(error.retry_after)}
        return Problem(429, "too-many-guesses", "Too many wrong codes", str(error), headers)
    if isinstance(error, BadCode):
        return Problem(
            422, "invalid-card-code", "Not a card's code", str(error), field="code", pointer="/code"
        )
    if isinstance(error, UnknownCard):
        return Problem(404, "unknown-table-card", "Unknown table card", str(error))
    if isinstance(error, CardWithdrawn):
        return Problem(410, "card-withdrawn", "Card withdrawn", str(error))
    return Problem(422, "credential-refused", "Credential refused", f"{error}; nothing was issued")


def _integrity_problem(error: ServiceError) -> Problem:
    """409 for a log whose stored records fail their chain (the store's state, not the request, is
    wrong: no retry helps until an official restores it), or for an event id already used."""
    if isinstance(error, IntegrityBroken):
        return Problem(
            409,
            "integrity-error",
            "Integrity error",
            str(error),
            record=error.record,
            event=error.event,
            problem=error.problem,
        )
    if isinstance(error, Forged):
        return Problem(
            409, "integrity-error", "Integrity error", str(error), table=error.table, row=error.key
        )
    if isinstance(error, ClaimRefused):
        return Problem(409, "call-claimed", "Conflict", f"{error}; nothing was recorded")
    if isinstance(error, CallNotHeld):
        return Problem(409, "call-not-held", "Conflict", f"{error}; nothing was recorded")
    if isinstance(error, NotAnOfficial):
        detail = f"{error}; nothing was recorded"
        return Problem(422, "not-an-official", "Not an official", detail, field="to", pointer="/to")
    if isinstance(error, IdempotencyConflict):
        members: dict[str, Any] = {"index": error.position, "event": error.event, "id": error.event_id}
        return Problem(409, "idempotency-conflict", "Idempotency conflict", str(error), **members)
    raise error


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

    @app.errorhandler(Unauthenticated)
    @app.errorhandler(Forbidden)
    def _denied(error: ServiceError) -> Response:
        return service_problem(error, array=False).response()

    @app.errorhandler(ServiceError)
    def _refused(error: ServiceError) -> Response:
        # An array body is the only kind whose events are counted by their place in it.
        array = request.is_json and isinstance(request.get_json(silent=True), list)
        return service_problem(error, array).response()

    @app.errorhandler(ValidationError)
    def _invalid(error: ValidationError) -> Response:
        return invalid_body(error, array=False).response()

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unexpected error", exc_info=error)
        return Problem(
            500, "internal", "Internal Server Error", "the server met an unexpected error: it is logged"
        ).response()
