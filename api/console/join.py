"""A table's phone signs in by its table card (``adjudicator.service.cards``): the card's QR code opens
``/console/join?key=…`` (the key is redacted from the request log, as every ``key`` is), or its code
is typed on the sign-in page and posted to ``/console/join``. Either way the phone is given a
credential of its own for the card's table, kept in the console's cookie, and lands on the table's
page; a second cookie remembers the card (its id, no secret), so that a phone whose card was withdrawn
is told so in words instead of being asked for a token.

A wrong code counts against the address it came from (``Guesses``, one per app): a few a minute, then
429 with ``Retry-After``. A client that asks for JSON (``Accept: application/json`` or
``application/problem+json``) is answered as the API answers: the credential and token as JSON, a
refusal as problem+json; a browser gets pages.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from flask import Response, current_app, jsonify, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.service.cards import CardError, CardWithdrawn, Guesses, exchange
from adjudicator.service.credentials import Card
from api.auth import COOKIE, COOKIE_MAX_AGE, cards, credentials
from api.console.blueprint import blueprint
from api.console.render import page
from api.problems import service_problem

#: The cookie that remembers a phone's card (its id: no secret), to say when it was withdrawn.
CARD_COOKIE: Final = "adjudicator_card"
TABLE_PAGE: Final = "/console/table"
GUESSES: Final = "adjudicator.card_guesses"
JSON_TYPES: Final = ("application/json", "application/problem+json")


def guesses() -> Guesses:
    """The app's count of wrong codes by address (made at the first presentation)."""
    found: Guesses = current_app.extensions.setdefault(GUESSES, Guesses())
    return found


def _wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["text/html", *JSON_TYPES])
    return best in JSON_TYPES


def withdrawn_card() -> Card | None:
    """The card this phone signed in with, if the desk has withdrawn it since (None: no card, or live)."""
    remembered = request.cookies.get(CARD_COOKIE, "")
    found = cards().find(remembered) if remembered.isalnum() and len(remembered) <= 32 else None
    return found if found is not None and found.revoked_at is not None else None


def clock(moment: str | None) -> str:
    """An ISO time as the hall's clock says it (the server's local time: the director's laptop)."""
    return datetime.fromisoformat(moment).astimezone().strftime("%H:%M") if moment else ""


def withdrawn_page(card: Card, status: int = 403) -> Response:
    """What a phone whose card was withdrawn is shown (200: as the sign-in page it was sent to)."""
    answer = page("join_withdrawn.html", status, card=card, at=clock(card.revoked_at))
    answer.delete_cookie(CARD_COOKIE, path="/")
    return answer


def _joined(code: str | None, link: str | None) -> Response | Redirect:
    client = request.remote_addr or "unknown"
    try:
        credential, token, card = exchange(cards(), credentials(), guesses(), client, code, link)
    except CardError as error:
        if _wants_json():
            return service_problem(error, array=False).response()
        if isinstance(error, CardWithdrawn):
            return withdrawn_page(error.card)
        problem = service_problem(error, array=False)
        context = dict(next=TABLE_PAGE, refused=None, needed=False, card_refused=str(error), typed=code)
        refused = page("sign_in.html", problem.status, **context)
        refused.headers.update(problem.headers)
        return refused
    answer: Response | Redirect
    if _wants_json():
        answer = jsonify({"credential": credential.to_dict(), "token": token})
        answer.status_code = 201
    else:
        answer = redirect(TABLE_PAGE, 303)
    answer.headers["Cache-Control"] = "no-store"
    secure = request.is_secure
    answer.set_cookie(
        COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="Strict", secure=secure, path="/"
    )
    answer.set_cookie(
        CARD_COOKIE, card.id, max_age=COOKIE_MAX_AGE, httponly=True, samesite="Lax", secure=secure, path="/"
    )
    return answer


@blueprint.get("/join")
def join_by_link() -> Response | Redirect:
    """The QR code's address: the phone signed in for the card's table, then its table's page."""
    return _joined(None, request.args.get("key", ""))


@blueprint.post("/join")
def join_by_code() -> Response | Redirect:
    """The card's code, typed on the sign-in page (``code``), or sent by an app as JSON."""
    sent = request.get_json(silent=True) if request.is_json else None
    code = sent.get("code") if isinstance(sent, dict) else request.form.get("code")
    return _joined(code if isinstance(code, str) else "", None)
