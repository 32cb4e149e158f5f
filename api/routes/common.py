"""What every route does with HTTP: read the body, the query and ``If-Match``; answer with an ETag."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Response, current_app, request
from marshmallow import Schema, ValidationError

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.ports import Listings
from api.problems import Problem, etag, invalid_body
from api.schemas.common import ENTITY_TAGS
from api.sight import tag as seen

#: A hand's ETag: its version, and the sight it was read with when narrower than an official's
#: (``api.sight``): an ``If-Match`` names the version either way.
VERSION_TAG = re.compile(r"([0-9]{1,9})(?:-(?:table|public))?")
PRECONDITIONS = ("If-Match", "If-None-Match")
_ENTITY_TAGS = re.compile(ENTITY_TAGS)
T = TypeVar("T")

__all__ = [
    "answer",
    "body",
    "etag",
    "hands",
    "if_match",
    "listings",
    "load",
    "preconditions",
    "query",
    "tournaments",
]


def hands() -> HandStore:
    store: HandStore = current_app.extensions["adjudicator.adapters.hand_store"]
    return store


def listings() -> Listings | None:
    """The read models' lists (None: this service keeps no read models)."""
    read_models = current_app.extensions.get("adjudicator.read_models")
    return None if read_models is None else read_models.queries()


def tournaments() -> TournamentStore:
    store: TournamentStore = current_app.extensions["adjudicator.tournaments"]
    return store


def answer(
    schema: Schema,
    data: Any,
    status: int = 200,
    tag: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Dump through the schema; answer 304 to a GET whose If-None-Match names this ETag (``tag``, as
    this request's reader's sight makes it: ``api.sight.tag``)."""
    tag = None if tag is None else seen(tag)
    if tag is not None and request.method in ("GET", "HEAD") and request.if_none_match.contains_weak(tag):
        response = Response(status=304)
    else:
        response = Response(
            json.dumps(schema.dump(data), separators=(",", ":")), status=status, mimetype="application/json"
        )
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
    if request.routing_exception is not None:
        return
    for name in PRECONDITIONS:
        value = request.headers.get(name)
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
