"""The officials' queue's components in openapi.yaml (its paths are declared by ``api.routes.calls``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import calls as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "ClaimFact Call CallList Release Handover")
