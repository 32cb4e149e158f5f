"""A tournament's table tokens over REST: ``GET|POST /tournaments/{id}/table-tokens`` and
``POST /tournaments/{id}/table-tokens/{credential_id}/revocation``.

What the director's desk does (``api.console.desk.tokens``), for a hall's own app: the same use cases
(``adjudicator.service.scorekeepers``), so the same refusals. The token is in the answer that issues
it and nowhere else (``Cache-Control: no-store``: no cache keeps a copy); the list never carries one.
A revocation is a POST to the credential's ``revocation``, as a call's claim is, not a DELETE: the
credential stays listed, revoked, and the time it was revoked is what the answer shows.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response

from adjudicator.service.credentials import Credential
from adjudicator.service.scorekeepers import (
    issue_table_token,
    revoke_table_token,
    table_tokens,
    tournament_name,
)
from adjudicator.wire.schemas.table_tokens import (
    IssuedTableTokenSchema,
    TableTokenListSchema,
    TableTokenRequestSchema,
    TableTokenSchema,
)
from api.auth import credentials, presented, who
from api.declare import OFFICIAL, ProblemType, route
from api.declare.answers import JSON, param, problem, ref
from api.declare.resources import TOURNAMENT
from api.request import answer, body
from api.routes.tournaments import tournaments

blueprint = Blueprint("table_tokens", __name__)
PREFIX = "/tournaments/<uuid:tournament_id>/table-tokens"
REQUEST, ISSUED, ONE, LISTED = (
    TableTokenRequestSchema(),
    IssuedTableTokenSchema(),
    TableTokenSchema(),
    TableTokenListSchema(),
)
UNKNOWN_TOKEN = ProblemType(
    404,
    "unknown-table-token",
    "no table token of this tournament has that id (another tournament's, or another kind of "
    "credential, is the operator's to revoke): nothing was revoked",
)
REFUSED = ProblemType(
    422, "credential-refused", "the credentials refuse to issue it (a table issued too many times over)"
)
CREDENTIAL_ID = param(
    "credential_id",
    "path",
    "the table token's id, as GET .../table-tokens lists it",
    {"type": "string", "maxLength": 100},
)
NO_STORE = {
    "Cache-Control": {
        "description": "`no-store`: the token is shown once, and no cache keeps a copy",
        "required": True,
        "schema": {"type": "string"},
    }
}
FORBIDDEN = problem("urn:adjudicator:problem:forbidden: only an official handles a tournament's table tokens")
IDEMPOTENCY = "urn:adjudicator:problem:idempotency-conflict"
INVALID = "urn:adjudicator:problem:invalid-body: `table` is not a whole number from 1 (`field` names it)"


@route(
    blueprint,
    f"GET {PREFIX}",
    "listTableTokens",
    summary="The tournament's table tokens (scorekeepers' credentials), live or revoked; never a token",
    description=(
        "Every scorekeeper's credential scoped to this tournament, in the order issued, with the "
        "table it writes at and when it was revoked (null while live): what the director's desk "
        "lists. The tokens themselves are never shown again (only their hashes are kept)."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id],
    responses={
        "200": {
            "description": "the tournament's table tokens",
            "content": {JSON: {"schema": ref("TableTokenList")}},
        },
        "403": FORBIDDEN,
        "404": TOURNAMENT.unknown,
    },
)
def list_table_tokens(tournament_id: UUID) -> Response:
    tournament_name(tournaments(), tournament_id)
    listed = table_tokens(credentials(), str(tournament_id))
    return answer(LISTED, {"table_tokens": [c.to_dict() for c in listed]})


@route(
    blueprint,
    f"POST {PREFIX}",
    "issueTableToken",
    summary="Issue a table's token: a scorekeeper's credential for this tournament and table only",
    description=(
        "A new scorekeeper's credential, scoped to this tournament and `table` (it records only "
        "that table's hands and signatures), named after them (`Cup, table 3`; `(2)` when the "
        "table is issued again: the earlier token stays live until revoked). The answer carries the "
        "token, this once, with `Cache-Control: no-store`: sign the table's phone in with it."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id],
    body=TableTokenRequestSchema,
    responses={
        "201": {
            "description": "the credential and its token (shown once)",
            "headers": NO_STORE,
            "content": {JSON: {"schema": ref("IssuedTableToken")}},
            "links": {
                "RevokeTableToken": {
                    "operationId": "revokeTableToken",
                    "parameters": {
                        "tournament_id": "$request.path.tournament_id",
                        "credential_id": "$response.body#/credential/id",
                    },
                }
            },
        },
        **TOURNAMENT.body_errors,
        "404": TOURNAMENT.unknown,
        "409": problem(f"{IDEMPOTENCY}: `id` issued another table's token, or for another official"),
        "422": problem(f"{INVALID}; urn:adjudicator:problem:credential-refused: {REFUSED.when}"),
    },
    problems=[REFUSED],
)
def issue(tournament_id: UUID) -> Response:
    name = tournament_name(tournaments(), tournament_id)
    asked = REQUEST.load(body())
    key = (str(asked["id"]), presented()) if "id" in asked else None
    issued, token = issue_table_token(credentials(), who(), str(tournament_id), name, asked["table"], key)
    response = answer(ISSUED, {"credential": issued.to_dict(), "token": token}, 201)
    response.headers["Cache-Control"] = "no-store"
    return response


@route(
    blueprint,
    f"POST {PREFIX}/<string:credential_id>/revocation",
    "revokeTableToken",
    summary="Revoke one of the tournament's table tokens, at once (a phone lost, a scorekeeper replaced)",
    description=(
        "From the next request on, the token is refused (401). Only a token issued for one of this "
        "tournament's tables: any other credential is the operator's to revoke "
        "(`adjudicator token revoke`), and is a 404 here. Revoking a revoked token again changes "
        "nothing and answers it as it is."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id, CREDENTIAL_ID],
    responses={
        "200": {
            "description": "the credential, revoked",
            "content": {JSON: {"schema": ref("TableToken")}},
        },
        "404": problem(
            "urn:adjudicator:problem:unknown-tournament: no such tournament; "
            f"urn:adjudicator:problem:unknown-table-token: {UNKNOWN_TOKEN.when}"
        ),
    },
    problems=[UNKNOWN_TOKEN],
)
def revoke(tournament_id: UUID, credential_id: str) -> Response:
    tournament_name(tournaments(), tournament_id)
    revoked: Credential = revoke_table_token(credentials(), who(), str(tournament_id), credential_id)
    return answer(ONE, revoked.to_dict())
