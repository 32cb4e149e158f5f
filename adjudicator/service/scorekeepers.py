"""A table's scorekeeper credential issued by an official at the desk, on the day.

The CLI (``adjudicator token create``) stays the operator's way to issue any credential; but a hall
without a terminal at the desk still needs each table's phone signed in, and the director is the one
who knows which table plays where. So an official may issue one kind of credential, and only that
one: a scorekeeper's, scoped to a tournament and one of its tables (the narrowest credential there
is: it writes only that table's hands and signatures). The token is returned once, as the CLI prints
it once; only its hash is kept. A table issued again (a phone lost, a scorekeeper replaced) gets a new
credential under a new name, the old one staying live until it is revoked: at the desk, which lists
the tournament's table credentials and revokes one of them (only one of this tournament's tables), or by
the operator. The desk's pages and the REST routes (``api.routes.table_tokens``) call these same use
cases, so a hall's own app does what the desk does, and is refused what the desk is refused.
"""

from __future__ import annotations

from typing import Final
from uuid import UUID

from adjudicator.service import once
from adjudicator.service.authority import Forbidden, Unauthenticated
from adjudicator.service.credentials import Credential, CredentialError
from adjudicator.service.errors import IdempotencyConflict
from adjudicator.service.ports import Credentials, Tournaments

#: How many credentials one table may be issued under the same name's counter.
MAX_REISSUES: Final = 100
#: A keyed issue: the request's once-only key, and the issuer's own token (what its token is made from).
Once = tuple[str, str]


class UnknownTableToken(CredentialError):
    """A credential that is not one of this tournament's table tokens: none of that id, or another
    tournament's, or any other kind (an official's, a viewer's), which only the operator revokes."""


def tournament_name(tournaments: Tournaments, tournament_id: UUID) -> str:
    """The name a table token of the tournament is issued under (``TournamentNotFound``: no such
    tournament, so that no token is issued for, listed under or revoked from a tournament not held)."""
    return tournaments.read(tournament_id, lambda view: view.tournament.name or "")


def issue_table_token(
    credentials: Credentials,
    by: Credential | None,
    tournament_id: str,
    tournament_name: str,
    table: int,
    key: Once | None = None,
) -> tuple[Credential, str]:
    """A new scorekeeper's credential for ``table`` of the tournament, and its token (shown once);
    refused (``Forbidden``) unless ``by`` is an official; ``CredentialError`` for a table out of range.
    ``key``: the request's once-only key and the issuer's own token: the credential issued under the
    key before is given again, with its token (made again from the two), nothing issued."""
    official(by, "issue a table's token")
    base = f"{tournament_name or 'Tournament'}, table {table}"
    return issue_credential(credentials, base, "scorekeeper", tournament_id, table, key)


def issue_credential(
    credentials: Credentials,
    base: str,
    role: str,
    tournament_id: str | None,
    table: int | None,
    key: Once | None,
) -> tuple[Credential, str]:
    """A new credential named ``base`` (``base (2)`` and so on when the name is taken: names are
    never reused) and its token; under ``key``, the one issued under it before, issued again."""
    made = None if key is None else (once.credential_id(key[0]), once.token(key[1], key[0]))
    found = None if made is None else credentials.find(made[0])
    if found is None:
        name = base
        for again in range(2, MAX_REISSUES + 2):
            if credentials.find(name) is None:
                break
            name = f"{base} ({again})"
        try:
            return credentials.create(name, role, tournament_id, table, made)
        except CredentialError:
            found = None if made is None else credentials.find(made[0])
            if found is None:
                raise
    assert key is not None and made is not None  # only a keyed issue finds its credential
    return _issued_before(credentials, found, made[1], key[0], (role, tournament_id, table))


def _issued_before(
    credentials: Credentials,
    found: Credential,
    token: str,
    key: str,
    asked: tuple[str, str | None, int | None],
) -> tuple[Credential, str]:
    """The credential issued under ``key`` before, with ``token``, if it was this issue (the same
    role, tournament and table, and ``token`` is its own: the same issuer); else a refusal."""
    if (found.role, found.tournament, found.table) != asked:
        raise IdempotencyConflict(key, 0, f"issued {found.name!r} before, not this credential")
    if found.revoked_at is not None:
        raise CredentialError(
            f"the token issued under this key ({found.name}) was revoked at {found.revoked_at}"
        )
    live = credentials.verify(token)
    if live is None or live.id != found.id:
        raise IdempotencyConflict(key, 0, "issued a token before, for another official")
    return found, token


def official(by: Credential | None, doing: str) -> None:
    """``Unauthenticated`` without a credential, ``Forbidden`` unless it is an official's: what the
    desk's credentials (table tokens, table cards) ask of whoever handles them."""
    if by is None:
        raise Unauthenticated(f"to {doing}, sign in as an official")
    if by.role != "official":
        raise Forbidden(f"only an official may {doing}")


def table_tokens(credentials: Credentials, tournament_id: str) -> list[Credential]:
    """The tournament's table credentials, live or revoked, in the order issued (never a token)."""
    return [c for c in credentials.all() if c.role == "scorekeeper" and c.tournament == tournament_id]


def revoke_table_token(
    credentials: Credentials, by: Credential | None, tournament_id: str, credential_id: str
) -> Credential:
    """Revoke one of the tournament's table credentials at once (a phone lost); ``UnknownTableToken``
    for any other credential, which is the operator's to revoke."""
    official(by, "revoke a table's token")
    found = next((c for c in table_tokens(credentials, tournament_id) if c.id == credential_id), None)
    if found is None:
        raise UnknownTableToken(f"no table token {credential_id!r} was issued for this tournament")
    return credentials.revoke(found.id)
