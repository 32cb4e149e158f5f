"""The living rulebook in the console: ``/console/rulebooks`` (the index), ``…/<ruleset>`` (a rulebook),
``…/matrix`` (MATRIX.md and its interpretations), ``…/compare`` (where the rulebooks differ).

Public pages: the rules are no secret, and an official at a table may open them signed in or not.
"""

from __future__ import annotations

from flask import Response
from werkzeug.exceptions import NotFound

from adjudicator.rulebooks import RULESETS
from api.console.blueprint import blueprint
from api.console.render import page
from api.console.rulebook.site import COMPARE, INDEX, MATRIX_PAGE, Where, content

LIVE = Where(static=False)


def _show(name: str) -> Response:
    template, context = content(name, LIVE)
    return page(template, layout="base.html", **context)


@blueprint.get("/rulebooks")
def rulebook_index() -> Response:
    return _show(INDEX)


@blueprint.get("/rulebooks/<name>")
def rulebook(name: str) -> Response:
    if name not in (*RULESETS, MATRIX_PAGE, COMPARE):
        raise NotFound(f"no rulebook {name!r}: choose one of {', '.join((*RULESETS, MATRIX_PAGE, COMPARE))}")
    return _show(name)
