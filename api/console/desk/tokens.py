"""A table's scorekeeper token, issued at the desk (``adjudicator.service.scorekeepers``): the phone at
table N is signed in with it, at ``/console/sign-in?next=/console/table``. The token is on the page
that answers the form, and on no other (nothing keeps it but its hash); that form sent again under its
once-only key (a reload, a double tap) answers the same credential and token, made again from the key
and the official's own token (``adjudicator.service.once``), and issues none. The desk lists the
tournament's table tokens and revokes one. The REST routes (``api.routes.table_tokens``) call the
same use cases for a hall's own app."""

from __future__ import annotations

from uuid import UUID

from flask import Response, redirect
from werkzeug.wrappers import Response as Redirect

from adjudicator.service.authority import Forbidden, Unauthenticated
from adjudicator.service.credentials import CredentialError
from adjudicator.service.errors import ServiceError
from adjudicator.service.scorekeepers import issue_table_token, revoke_table_token, tournament_name
from api.auth import credentials, presented, who
from api.console.blueprint import blueprint
from api.console.desk.forms import desk_url, key, refusal, text, writer
from api.console.desk.view import desk_page
from api.routes.tournaments import tournaments


@blueprint.post("/desk/<uuid:tournament_id>/tokens")
def issue_token(tournament_id: UUID) -> Response:
    writer()
    name = tournament_name(tournaments(), tournament_id)
    table = text("table") or ""
    try:
        if not table.isdigit():
            return desk_page(tournament_id, f"a table is given by its number, not {table!r}")
        sent = key()
        once = None if sent is None else (sent, presented())  # the form sent again: the same token
        issued, token = issue_table_token(credentials(), who(), str(tournament_id), name, int(table), once)
    except CredentialError as error:  # the credentials' own refusal, in the desk's words
        return desk_page(tournament_id, f"Credential refused: {error}")
    except ServiceError as error:
        if isinstance(error, Unauthenticated | Forbidden):
            raise
        return desk_page(tournament_id, refusal(error))
    answer = desk_page(tournament_id, issued={"credential": issued, "token": token})
    answer.headers["Cache-Control"] = "no-store"  # the token is shown once: no copy in a cache
    return answer


@blueprint.post("/desk/<uuid:tournament_id>/tokens/<credential_id>/revocation")
def revoke_token(tournament_id: UUID, credential_id: str) -> Response | Redirect:
    """One of the tournament's table tokens revoked, at once (a phone lost, a scorekeeper replaced)."""
    writer()
    tournament_name(tournaments(), tournament_id)
    try:
        revoke_table_token(credentials(), who(), str(tournament_id), credential_id)
    except CredentialError as error:
        return desk_page(tournament_id, f"Credential refused: {error}")
    except ServiceError as error:
        if isinstance(error, Unauthenticated | Forbidden):
            raise
        return desk_page(tournament_id, refusal(error))
    return redirect(desk_url(tournament_id, "#tokens"), 303)
