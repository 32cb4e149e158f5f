"""The bearer security scheme, and each operation's ``security`` and ``x-roles``, from its route.

Every operation's roles come from its route's declaration (``api.declare``). ``security`` is the bearer
scheme, optional (``{}``) where an anonymous reader may read; a write documents 401 and 403.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from apispec import APISpec

from adjudicator.service.authority import Operation
from api.declare.answers import PROBLEM, ref

SCHEME: Final = "bearerAuth"
ANONYMOUS: Final = {
    "probe": "anyone, without a credential, always (ADJUDICATOR_ANONYMOUS_READS=none included)",
    "public": "anyone, without a credential, unless ADJUDICATOR_ANONYMOUS_READS=none",
    "public_board": "without a credential: a public tournament's only (board_public; a private one is "
    "not there: 404), unless ADJUDICATOR_ANONYMOUS_READS=none",
    "finished_hand": "without a credential: a finished hand only (complete, closed or void; a private "
    "tournament's is not there: 404), unless ADJUDICATOR_ANONYMOUS_READS=none",
    "finished_hands": "without a credential: lists the finished hands only (complete, closed or void), "
    "none of a private tournament, unless ADJUDICATOR_ANONYMOUS_READS=none",
    "never": "nobody without a credential",
}


def _problem(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM: {"schema": ref("Problem")}}}


UNAUTHORIZED: Final = {
    **_problem("no credential where one is needed, or an unknown or revoked token: nothing was recorded"),
    "headers": {
        "WWW-Authenticate": {
            "description": 'Bearer, with error="invalid_token" for a token refused',
            "required": True,
            "schema": {"type": "string"},
        }
    },
}
FORBIDDEN: Final = _problem(
    "the credential's role (or its tournament and table) does not allow this operation or one of its "
    "events: `needs` names the roles that may; nothing was recorded"
)


def add_scheme(spec: APISpec) -> None:
    spec.components.security_scheme(
        SCHEME,
        {
            "type": "http",
            "scheme": "bearer",
            "description": "a token from `adjudicator token create --role official|scorekeeper|viewer`",
        },
    )


def apply(document: dict[str, Any], policies: Mapping[str, Operation]) -> None:
    """Give every operation its ``security``, ``x-roles``, ``x-anonymous`` and 401/403 answers, from
    ``policies`` (by ``operationId``)."""
    for operations in document["paths"].values():
        for operation in operations.values():
            policy = policies[operation["operationId"]]
            anonymous = not policy.write and policy.anonymous != "never"
            operation["security"] = [{SCHEME: []}, {}] if anonymous else [{SCHEME: []}]
            operation["x-roles"] = list(policy.roles)
            operation["x-anonymous"] = ANONYMOUS["never" if policy.write else policy.anonymous]
            responses = operation["responses"]
            responses["401"] = UNAUTHORIZED
            if policy.write:
                responses["403"] = FORBIDDEN
