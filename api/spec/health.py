"""The health probes' components of openapi.yaml (the paths: ``api.routes.health``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import health as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "Health Readiness")
