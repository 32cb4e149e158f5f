"""``GET /openapi.json`` and ``GET /openapi.yaml``: the contract the running service answers by.

The document is built once per process by ``api.spec`` (the same builder that writes openapi.yaml,
so the two cannot differ) on the first request that asks for it, and served from memory after,
with a strong ``ETag`` (its digest) for ``If-None-Match``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask import Blueprint, Response, request

from api.auth import operation

blueprint = Blueprint("contract", __name__)


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


@blueprint.get("/openapi.json")
@operation("getContract")
def contract_json() -> Response:
    return _served(contract().json, "application/json")


@blueprint.get("/openapi.yaml")
@operation("getContractYaml")
def contract_yaml() -> Response:
    return _served(contract().yaml, "application/yaml")
