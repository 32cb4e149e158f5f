"""The health probes in openapi.yaml: ``GET /healthz`` and ``GET /readyz`` (``api.routes.health``)."""

from __future__ import annotations

from typing import Any

from apispec import APISpec

from api.schemas import health as schemas
from api.spec.common import JSON, PROBLEM, add_schemas, ref


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "Health Readiness")


def _probe(summary: str, op: str, schema: str, described: str, extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "operationId": op,
            "responses": {"200": {"description": described, "content": {JSON: {"schema": ref(schema)}}}}
            | extra,
        }
    }


def add_paths(spec: APISpec) -> None:
    spec.path(
        "/healthz",
        operations=_probe(
            "Whether the process lives (liveness): touches no store",
            "getHealth",
            "Health",
            "the process answers HTTP",
            {},
        ),
    )
    not_ready = {
        "description": "the event store or the read models do not answer: `detail` says which",
        "content": {PROBLEM: {"schema": ref("Problem")}},
    }
    spec.path(
        "/readyz",
        operations=_probe(
            "Whether the service can serve (readiness): the store answers; the read models' lag",
            "getReadiness",
            "Readiness",
            "the event store and the read models answer; `lag`: events not projected yet",
            {"503": not_ready},
        ),
    )
