"""What every form of the director's desk shares: the anti-forgery field, the once-only key, the
writer, the refusal.

A form posted by the browser carries no header of its own, so the sign-in cookie alone would not
count for a write (``api.auth``). Each desk form carries instead a field derived from the cookie's
token (an HMAC of it): a page of another site can neither read the cookie nor compute the field, so
it cannot post for the official (the synchronizer-token pattern, without a session to keep).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any
from uuid import UUID, uuid4

from flask import Response, g, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain import words as say
from adjudicator.service import authority
from adjudicator.service.errors import EventRefused, ServiceError
from api.auth import (
    COOKIE,
    FORM_FIELD,
    FORM_PURPOSE,
    credentials,
    form_field,
    may_call,
    may_know_tournament,
    who,
)
from api.console.blueprint import blueprint
from api.problems import service_problem

FIELD = FORM_FIELD
#: What the anti-forgery field is the HMAC of, with the token as its key.
PURPOSE = FORM_PURPOSE


def form_token() -> str:
    """The anti-forgery field for this reader's forms ('' when not signed in by the cookie)."""
    return form_field(request.cookies.get(COOKIE) or "")


blueprint.add_app_template_global(form_token, "form_token")

#: The field of a form's once-only key, made when the page is drawn (``once_key``): the form posted
#: again (a reload, a double tap, the back button) is answered as the first time, nothing more
#: recorded (``adjudicator.service.once``, the API's idempotency by id).
ONCE = "once"


def once_key() -> str:
    """A new once-only key, for one form of the page being drawn."""
    return str(uuid4())


blueprint.add_app_template_global(once_key, "once_key")


def key() -> str | None:
    """The form's once-only key (None: a form without one, posted by hand: recorded as sent)."""
    sent = request.form.get(ONCE, "")
    try:
        return str(UUID(sent))
    except ValueError:
        return None


def writer(*operations: str) -> None:
    """The form's official, from the cookie and the form's field; ``Unauthenticated`` (sign in) or
    ``Forbidden`` unless this credential may call each of ``operations`` of the API."""
    token = request.cookies.get(COOKIE) or ""
    sent = request.form.get(FIELD, "")
    found = None
    if token and sent and hmac.compare_digest(sent, form_token()):
        found = credentials().verify(token)
    if found is None:
        raise authority.Unauthenticated("the director's desk needs an official's sign-in")
    g.credential = found
    g.pop("reader", None)  # read as anonymous before the form's token was known
    may_know_tournament()
    for operation in operations:
        may_call(operation)  # the roles its route declares


def version() -> list[int] | None:
    """The version the form was filled at: the write is refused if the tournament moved on since."""
    shown = request.form.get("version", "")
    return [int(shown)] if shown.isdigit() else None


def drawn(name: str, now: int) -> int:
    """A number the form was drawn with (the next team's, hand's or dispute's), so that the form
    posted again says what it said the first time; ``now``: the number as things stand, for a form
    without it."""
    shown = request.form.get(name, "")
    return int(shown) if shown.isdigit() and 0 < int(shown) < 10_000 else now


def text(name: str) -> str | None:
    value = (request.form.get(name) or "").strip()
    return value or None


def refusal(error: ServiceError) -> str:
    """A use case's refusal in words: an event the rulebook refuses in its own sentence (not the
    API's "Impossible event: event 48: … [tables/0/east_west]", whose pointer, said as words, read
    "after the match match"); anything else in the words the API's problem gives it."""
    if isinstance(error, EventRefused):
        said = say.prose(error.words)
        return said if said.endswith(".") else f"{said}."
    problem = service_problem(error, array=False)
    return f"{problem.title}: {say.prose(problem.detail)}"


def act(
    write: Callable[[], Any], back: str, again: Callable[[str], Response], *operations: str
) -> Response | Redirect:
    """Run ``write`` as the form's official, then go ``back`` (303); refused: ``again(reason)``."""
    writer(*operations)
    try:
        write()
    except ServiceError as error:
        if isinstance(error, authority.Unauthenticated | authority.Forbidden):
            raise
        return again(refusal(error))
    return redirect(back, 303)


def desk_url(tournament_id: UUID, where: str = "") -> str:
    return f"/console/desk/{tournament_id}{where}"


def reader_is_official() -> None:
    reader = who()
    if reader is None:
        raise authority.Unauthenticated("the director's desk needs an official's sign-in")
    if reader.role != "official":
        raise authority.Forbidden("the director's desk is an official's")
