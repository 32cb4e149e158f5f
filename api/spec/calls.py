"""The officials' queue's components in openapi.yaml, and the live channel's (their paths are declared
by ``api.routes.calls`` and ``api.routes.live``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import calls as schemas
from adjudicator.wire.schemas import live
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "ClaimFact Call CallList CallPage Release Handover")
    add_schemas(spec, live, "Moved")
