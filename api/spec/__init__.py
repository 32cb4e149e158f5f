"""openapi.yaml, generated from the routes' declarations and the marshmallow schemas, so that the
document cannot drift from the app.

``python -m api.spec > openapi.yaml`` (or ``adjudicator openapi --write``) regenerates it; a test
compares the file with ``build_spec()``. Every path comes from a route's declaration
(``api.declare.route``, beside the route in ``api.routes``); the modules here add the shared
components (``hands``, ``tournaments`` …), the security scheme, the tags and problem types, the
words and the recorded examples.

The builder (``api.spec.builder``) imports apispec and every route: it is imported when a document is
first asked for, not when the app is (the app serves the contract built on the first request).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from flask import Blueprint

SPEC_PATH: Final = Path(__file__).resolve().parents[2] / "openapi.yaml"


def build_spec(blueprints: Iterable[Blueprint] | None = None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service (of the routes ``blueprints`` declare, by default the
    service's own: ``api.spec.builder.DECLARED``), as a plain dict."""
    from api.spec import builder

    return builder.build_spec(builder.DECLARED if blueprints is None else blueprints)


def render(document: dict[str, Any] | None = None) -> str:
    """openapi.yaml's text: of ``document``, by default the one ``build_spec`` builds now."""
    from api.spec import builder

    return builder.render(document)


def main(argv: list[str] | None = None) -> int:
    """``python -m api.spec [--write]``: print openapi.yaml (or write it)."""
    from api.spec import builder

    return builder.main(argv)
