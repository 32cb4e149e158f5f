"""``GET /openapi.json`` and ``GET /openapi.yaml``: the contract the running service answers by.

The document is built once per process by ``api.spec`` (the same builder that writes openapi.yaml,
so the two cannot differ) on the first request that asks for it, and served from memory after,
with a strong ``ETag`` (its digest) for ``If-None-Match``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from flask import Blueprint, Response, request

from api.declare import EVERYONE, route
from api.declare.answers import JSON, param

F = TypeVar("F", bound=Callable[..., Any])
blueprint = Blueprint("contract", __name__)
YAML = "application/yaml"
IF_NONE_MATCH = param(
    "If-None-Match",
    "header",
    "the ETag of an earlier answer: 304 while the document is the same",
    {"type": "string"},
    required=False,
)


def _document(
    media: str, operation_id: str, summary: str, described: str, description: str
) -> Callable[[F], F]:
    """A route serving the document as ``media``: anyone reads it, 304 while it is the same."""
    etag = {"ETag": {"description": "the document's digest", "required": True, "schema": {"type": "string"}}}
    return route(
        blueprint,
        f"GET /openapi.{'json' if media == JSON else 'yaml'}",
        operation_id,
        summary=summary,
        description=description,
        roles=EVERYONE,
        anonymous="public",
        parameters=[IF_NONE_MATCH],
        responses={
            "200": {
                "description": described,
                "content": {media: {"schema": {"type": "object"}}},  # YAML too: the same document
                "headers": etag,
            },
            "304": {"description": "the document has not changed since that ETag", "headers": etag},
        },
    )


@dataclass(frozen=True)
class Contract:
    """The document, in both of its forms, and its digest."""

    document: dict[str, Any]
    json: str
    yaml: str
    etag: str


@cache
def contract() -> Contract:
    from api.spec import build_spec, render

    document = build_spec()
    text = render(document)
    return Contract(document, json.dumps(document), text, hashlib.sha256(text.encode()).hexdigest()[:32])


def _served(body: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.set_etag(contract().etag)
    response.make_conditional(request)  # 304 on a matching If-None-Match
    return response


@_document(
    JSON,
    "getContract",
    "This document, as JSON",
    "the OpenAPI document this service answers by",
    description="This OpenAPI document, as JSON, with a strong `ETag`.",
)
def contract_json() -> Response:
    return _served(contract().json, JSON)


@_document(
    YAML,
    "getContractYaml",
    "This document, as YAML",
    "the same document, as the repository's openapi.yaml holds it",
    description="This OpenAPI document, as YAML: the repository's openapi.yaml, byte for byte.",
)
def contract_yaml() -> Response:
    return _served(contract().yaml, YAML)
