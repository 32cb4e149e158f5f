"""openapi.yaml, generated from the marshmallow schemas so that the document cannot drift from the app.

``python -m api.spec > openapi.yaml`` (or ``adjudicator openapi --write``) regenerates it; a test
compares the file with ``build_spec()``. One builder for every resource: ``hands`` and
``tournaments`` add their components and paths, made of the pieces in ``common``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

from api.schemas.common import ENTITY_TAGS
from api.schemas.hand_events import RecordedEvent
from api.spec import (
    calls,
    contract,
    described,
    examples,
    hand_list,
    hands,
    health,
    metrics,
    records,
    security,
    tournaments,
)
from api.spec.common import preconditions

SPEC_PATH: Final = Path(__file__).resolve().parents[2] / "openapi.yaml"
VERSION: Final = "1.0.0"


def build_spec() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service, as a plain dict."""
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="Bid Whist and Bid Euchre rulings service",
        version=VERSION,
        openapi_version="3.1.0",
        plugins=[plugin],
        info={
            "description": (
                "An append-only record of Bid Whist and Bid Euchre hands and tournaments: every deal, "
                "bid, card and call is an event; the service replays them into the table, the rulings "
                "(citing the governing rulebook) and the score. Errors are RFC 9457 problem details. "
                "Requests carry a bearer token (`adjudicator token create`); each operation's `x-roles` "
                "names the roles that may call it. What a reader sees of a hand is its sight: while the "
                "hand is in play, its concealed cards (the deal, a discard, an exchange, an inspection, "
                "wherever they appear) are null, and a refusal does not say where a card is, to any "
                "reader but an official and the scorekeeper of the hand's own table; a ruling the "
                "table has not called is an official's alone. Once the hand is over, it is all "
                "public. Answers that depend on the reader are `Cache-Control: private` and "
                "`Vary: Authorization, Cookie`, and a hand's ETag names the sight it was read with."
            )
        },
    )

    def recorded_event(_converter: Any, field: fields.Field[Any], **_: Any) -> dict[str, Any]:
        return hands.recorded_event() if isinstance(field, RecordedEvent) else {}

    plugin.converter.add_attribute_function(recorded_event)  # type: ignore[union-attr]
    security.add_scheme(spec)
    for resource in (hands, tournaments):
        resource.add_components(spec)
        resource.add_paths(spec)
    hand_list.add_components(spec)  # after the hands': its items nest their schemas
    records.add_components(spec)
    records.add_paths(spec)
    calls.add_components(spec)
    calls.add_paths(spec)
    contract.add_paths(spec)
    health.add_components(spec)
    health.add_paths(spec)
    metrics.add_paths(spec)
    document: dict[str, Any] = spec.to_dict()
    security.apply(document)
    preconditions(document, ENTITY_TAGS)
    contract.finish(document)
    described.describe(document)  # what is still undescribed, the servers (metadata only)
    examples.attach(document)  # a request and an answer recorded for every operation
    return document


def render(document: dict[str, Any] | None = None) -> str:
    """openapi.yaml's text: of ``document``, by default the one ``build_spec`` builds now."""
    built = build_spec() if document is None else document
    return yaml.safe_dump(built, sort_keys=False, allow_unicode=True, width=100)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        SPEC_PATH.write_text(render())
    else:
        sys.stdout.write(render())
    return 0
