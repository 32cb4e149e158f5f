"""The living rulebook in the console: ``/console/rulebooks`` (the index), ``…/<ruleset>`` (a rulebook),
``…/matrix`` (MATRIX.md and its interpretations), ``…/compare`` (where the rulebooks differ).

Public pages: the rules are no secret, and an official at a table may open them signed in or not.
``…/check`` says how this process's check of the examples stands; an official posts to it to check
them again with the engine running now.
"""

from __future__ import annotations

import math

from flask import Response, jsonify
from werkzeug.exceptions import NotFound

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook import checks
from api.auth import who
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


def _state() -> Response:
    results = checks.current()
    counts = {o: sum(1 for v in results.outcomes.values() if v == o) for o in ("passed", "failed")}
    return jsonify(
        {"running": checks.running(), "run_at": results.run_at, "engine": results.engine, **counts}
    )


@blueprint.get("/rulebooks/check")
def check_state() -> Response:
    return _state()


@blueprint.post("/rulebooks/check")
def check_again() -> Response:
    """Check every example again with the engine running now, in a process of its own at the lowest
    priority: an official's button. A run under way is joined, not doubled; within a minute of the
    last run's end, 429 with ``Retry-After`` (an official pressing again stalls no table)."""
    reader = who()
    if reader is None or reader.role != "official":
        answer = jsonify(
            {"running": checks.running(), "detail": "only an official checks the examples again"}
        )
        answer.status_code = 403
        return answer
    started, wait = checks.again()
    if started == "cooling":
        seconds = math.ceil(wait)
        answer = jsonify(
            {
                "running": False,
                "detail": f"the examples were checked less than a minute ago: again in {seconds} s",
            }
        )
        answer.status_code = 429
        answer.headers["Retry-After"] = str(seconds)
        return answer
    answer = _state()
    answer.status_code = 202
    return answer
