"""Signing in to the console: a table's phone types its table card's code (``api.console.join``); the
official pastes the token ``adjudicator serve`` printed (or one from ``adjudicator token create``); the
page keeps it in an HttpOnly cookie (``api.auth.COOKIE``). A phone sent here because its card was
withdrawn at the desk is told so, not asked for a token."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, redirect, request
from werkzeug.wrappers import Response as Redirect

from api.auth import COOKIE, COOKIE_MAX_AGE, credentials
from api.console.blueprint import blueprint
from api.console.join import withdrawn_card, withdrawn_page
from api.console.render import page

HOME = "/console/hands"


def _local(target: str | None) -> str:
    """Only a path of this site: never a redirect to another (``//host``, or ``/\\host``, which
    browsers read as ``//host``), never a header broken by a control character (a CR LF would make
    the redirect itself fail): anything else is the console's home."""
    text = target or ""
    parts = urlsplit(text)
    if parts.scheme or parts.netloc or not text.startswith("/") or text.startswith("//"):
        return HOME
    if "\\" in text or any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        return HOME
    return text


@blueprint.get("/sign-in")
def sign_in_form() -> Response:
    needed = request.args.get("why") == "needed"
    withdrawn = withdrawn_card() if needed else None
    if withdrawn is not None:
        return withdrawn_page(withdrawn, 200)
    return page("sign_in.html", next=_local(request.args.get("next")), refused=None, needed=needed)


@blueprint.post("/sign-in")
def sign_in() -> Response | Redirect:
    token = (request.form.get("token") or "").strip()
    target = _local(request.form.get("next"))
    found = credentials().verify(token) if token else None
    if found is None:
        return page("sign_in.html", 401, next=target, refused="This token is unknown or revoked.")
    response = redirect(target, 303)
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
        path="/",
    )
    return response


@blueprint.post("/sign-out")
def sign_out() -> Redirect:
    response = redirect("/console/hands", 303)
    response.delete_cookie(COOKIE, path="/")
    return response
