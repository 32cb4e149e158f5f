"""The table tokens' components in openapi.yaml (their paths: ``api.routes.table_tokens``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import table_tokens as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "TableTokenRequest TableToken TableTokenList IssuedTableToken")
