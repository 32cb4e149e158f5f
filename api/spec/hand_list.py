"""The list of hands' components in openapi.yaml (the path: ``api.routes.hands``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import hand_list as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "HandListItem HandList")
