"""What every console page has: who is signed in, the filters its templates use, and errors as pages.

A page answers an error as HTML (an official's browser, not a client program), with the same status
and the same words as the API's problem+json for that error (``api.problems.service_problem``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Response, current_app, redirect, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain import words as say
from adjudicator.domain.events import narrate
from adjudicator.service.authority import Unauthenticated
from adjudicator.service.errors import NotFound, ServiceError
from adjudicator.service.exports import Names
from api.auth import who
from api.console.blueprint import blueprint
from api.console.cards import by_suit, shown
from api.console.links import anchor, citation_href
from api.problems import Problem, service_problem


def page(template: str, code: int = 200, **context: Any) -> Response:
    return page_from(render_template(template, **context), code)


def page_from(html: str | bytes, code: int = 200) -> Response:
    """A page's answer from its HTML (rendered now, or kept): its type and its security headers."""
    response = Response(html, status=code, mimetype="text/html")
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blueprint.app_context_processor
def reader() -> dict[str, Any]:
    credential = who() if request else None
    return {"reader": credential}


@blueprint.app_template_filter("seat")
def seat_name(seat: str | None) -> str:
    return (seat or "").capitalize()


@blueprint.app_template_filter("team")
def team_name(team: str | None) -> str:
    return say.team(team)


@blueprint.app_template_filter("words")
def words(text: Any) -> str:
    return say.words(text)


blueprint.add_app_template_global(shown, "card")
blueprint.add_app_template_global(by_suit, "by_suit")
blueprint.add_app_template_global(citation_href, "citation_href")
blueprint.add_app_template_global(anchor, "anchor")
blueprint.add_app_template_global(narrate, "narrate")
blueprint.add_app_template_global(Names, "names_of")  # a tournament's teams and matches in words
#: ``say.ruling(r)``, ``say.score(s, rulings)`` …: the one renderer of the engine's values in words.
blueprint.record_once(lambda state: state.app.jinja_env.globals.update(say=say))


def _error(status: int, title: str, detail: str) -> Response:
    return page("error.html", status, status=status, title=title, detail=detail)


@blueprint.errorhandler(Unauthenticated)
def unauthenticated(error: Unauthenticated) -> Redirect:
    """A page its reader may not see yet: sign in, then land back on it."""
    return redirect(f"/console/sign-in?{urlencode({'next': request.full_path, 'why': 'needed'})}", 303)


@blueprint.errorhandler(ServiceError)
def refused(error: ServiceError) -> Response | Redirect:
    if isinstance(error, NotFound) and who() is None:
        return unauthenticated(Unauthenticated(str(error)))  # not there, or private: either way, sign in
    problem = service_problem(error, array=False)
    return _error(problem.status, problem.title, problem.detail)


@blueprint.errorhandler(Problem)
def problem(error: Problem) -> Response:
    return _error(error.status, error.title, error.detail)


@blueprint.errorhandler(HTTPException)
def http(error: HTTPException) -> Response:
    return _error(error.code or 500, error.name, error.description or "")


def anonymous_reads() -> str:
    return str(current_app.config["ADJUDICATOR_ANONYMOUS_READS"])
