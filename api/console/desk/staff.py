"""The hall's officials and viewers, from the desk (``adjudicator.service.staff``): an official issues
another official's or a viewer's credential (its token on the page that answers the form, and on no
other), lists them all and revokes one, without the operator's terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, redirect
from werkzeug.wrappers import Response as Redirect

from adjudicator.service.authority import Forbidden, Unauthenticated
from adjudicator.service.credentials import CredentialError
from adjudicator.service.errors import ServiceError
from adjudicator.service.staff import STAFF, issue_staff, revoke_staff, staff
from api.auth import credentials, presented, who
from api.console.blueprint import blueprint
from api.console.desk.forms import key, reader_is_official, refusal, text, writer
from api.console.render import page

HOME = "/console/desk/credentials"


def staff_page(refused: str | None = None, issued: Mapping[str, Any] | None = None) -> Response:
    reader_is_official()
    reader = who()
    shown = page(
        "desk/staff.html",
        200,
        refused=refused,
        issued=issued,
        people=staff(credentials()),
        roles=STAFF,
        me=None if reader is None else reader.id,
    )
    if issued is not None:
        shown.headers["Cache-Control"] = "no-store"  # the token is shown once: no copy in a cache
    return shown


def _refused(error: ServiceError) -> Response:
    if isinstance(error, Unauthenticated | Forbidden):
        raise error
    if isinstance(error, CredentialError):  # the credentials' own refusal, in the desk's words
        return staff_page(f"Credential refused: {error}.")
    return staff_page(refusal(error))


@blueprint.get("/desk/credentials")
def credentials_page() -> Response:
    return staff_page()


@blueprint.post("/desk/credentials")
def issue_credential() -> Response:
    writer()
    sent = key()
    once = None if sent is None else (sent, presented())  # the form sent again: the same token
    try:
        issued, token = issue_staff(credentials(), who(), text("role") or "", text("name") or "", once)
    except ServiceError as error:
        return _refused(error)
    return staff_page(issued={"credential": issued, "token": token})


@blueprint.post("/desk/credentials/<credential_id>/revocation")
def revoke_credential(credential_id: str) -> Response | Redirect:
    writer()
    try:
        revoke_staff(credentials(), who(), credential_id)
    except ServiceError as error:
        return _refused(error)
    return redirect(HOME, 303)
