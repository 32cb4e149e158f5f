"""The builder of openapi.yaml: the paths from the routes' declarations, the shared components, then
the passes that add security, preconditions, tags and problem types, words and recorded examples."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any, Final

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint
from marshmallow import fields

from adjudicator.wire.schemas.common import ENTITY_TAGS
from adjudicator.wire.schemas.hand_events import RecordedEvent
from api import metrics
from api.declare import Declared, ProblemType, declarations
from api.routes import BLUEPRINTS
from api.spec import (
    SPEC_PATH,
    calls,
    contract,
    described,
    enums,
    examples,
    hand_list,
    hands,
    health,
    records,
    security,
    served,
    table_tokens,
    tournaments,
)
from api.spec.common import preconditions

VERSION: Final = "1.0.0"
#: The blueprints whose routes the contract describes, in the document's order.
DECLARED: Final = (*BLUEPRINTS[:3], served.blueprint, *BLUEPRINTS[3:], metrics.blueprint)
#: The order of an OpenAPI path item's operations.
METHODS: Final = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _declared(blueprints: Iterable[Blueprint]) -> list[Declared]:
    """Every route's declaration, each operation id once."""
    found = [declared for blueprint in blueprints for declared in declarations(blueprint)]
    ids = [declared.operation_id for declared in found]
    twice = sorted({op for op in ids if ids.count(op) > 1})
    if twice:
        raise ValueError(f"operation ids declared twice: {', '.join(twice)}")
    return found


def _paths(found: list[Declared]) -> dict[str, dict[str, Any]]:
    """The path items: paths in the order first declared, each path's operations in ``METHODS`` order."""
    paths: dict[str, dict[str, Any]] = {}
    for declared in found:
        paths.setdefault(declared.path, {})[declared.method] = declared.operation()
    return {
        path: dict(sorted(ops.items(), key=lambda op: METHODS.index(op[0]))) for path, ops in paths.items()
    }


def _introduced(found: list[Declared]) -> list[ProblemType]:
    """The problem types the routes add to the shared ones; a slug a route names must be known."""
    known = {slug for _, slug, _ in contract.PROBLEM_TYPES}
    introduced: dict[str, ProblemType] = {}
    for declared in found:
        for named in declared.problems:
            if isinstance(named, ProblemType):
                introduced.setdefault(named.slug, named)
            elif named not in known and named not in introduced:
                raise ValueError(f"{declared.operation_id} names an unknown problem type {named!r}")
    return [problem for slug, problem in introduced.items() if slug not in known]


def build_spec(blueprints: Iterable[Blueprint] = DECLARED) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service (of the routes ``blueprints`` declare), as a plain dict."""
    found = _declared(blueprints)
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
    hands.add_components(spec)
    tournaments.add_components(spec)
    hand_list.add_components(spec)  # after the hands': its items nest their schemas
    records.add_components(spec)
    health.add_components(spec)
    calls.add_components(spec)
    table_tokens.add_components(spec)
    for path, operations in _paths(found).items():
        spec.path(path=path, operations=operations)
    document: dict[str, Any] = spec.to_dict()
    security.apply(document, {declared.operation_id: declared.policy for declared in found})
    preconditions(document, ENTITY_TAGS)
    contract.finish(document, _introduced(found))
    described.describe(document)  # what is still undescribed, the servers (metadata only)
    enums.name_enums(document)  # each set of words once, as a component
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
