"""The hands' components of openapi.yaml: events, requests, answers (the paths: ``api.routes.hands``)."""

from __future__ import annotations

from typing import Any

from apispec import APISpec

from adjudicator.wire.schemas import hands as schemas
from adjudicator.wire.schemas.common import AuthorSchema, ProblemSchema
from adjudicator.wire.schemas.hand_events import EVENT_SCHEMAS, RECORDED_SCHEMAS
from api.spec.common import add_schemas, union


def recorded_event() -> dict[str, Any]:
    """A recorded event of any type (``adjudicator.wire.schemas.hand_events.RecordedEvent``)."""
    return union({kind: schema.__name__ for kind, schema in RECORDED_SCHEMAS.items()})


def add_components(spec: APISpec) -> None:
    spec.components.schema("Author", schema=AuthorSchema)
    for schema in (*EVENT_SCHEMAS.values(), *RECORDED_SCHEMAS.values()):
        spec.components.schema(schema.__name__, schema=schema)
    names = "Ruleset HandRequest Score Hand Appended EventList State RulingList"
    add_schemas(spec, schemas, names, Problem=ProblemSchema)  # the problem schema: every resource's
    spec.components.schema("Event", union({kind: schema.__name__ for kind, schema in EVENT_SCHEMAS.items()}))
