"""Hand records' components of openapi.yaml (the paths: ``api.routes.records``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import imports as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "Link Imported ImportedHand Import")
    spec.components.schema("HandRecord", schema=schemas.HandRecordSchema)
