"""``adjudicator token create|list|revoke``: the bearer credentials of the API, in the events' database.

    adjudicator token create --role official --name "Chief official"
    adjudicator token create --role scorekeeper --name "Table 3" --tournament ID --table 3
    adjudicator token list
    adjudicator token revoke NAME_OR_ID

``create`` prints the token once: only its SHA-256 is stored. ``revoke`` takes effect at once, in
every process serving the same database.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.service.credentials import ROLES, CredentialError
from adjudicator.service.ports import Credentials


def register(commands: Any) -> None:
    token = commands.add_parser("token", help="create, list or revoke the API's bearer tokens")
    actions = token.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="issue a token (printed once)")
    create.add_argument("--role", required=True, choices=ROLES, help="what its holder may do")
    create.add_argument("--name", required=True, help="who holds it: recorded as every event's author")
    create.add_argument("--tournament", default=None, help="a scorekeeper's: only this tournament (id)")
    create.add_argument("--table", type=int, default=None, help="a scorekeeper's: only this table of it")
    create.set_defaults(func=create_token)
    listing = actions.add_parser("list", help="every credential issued (never a token)")
    listing.set_defaults(func=list_tokens)
    revoke = actions.add_parser("revoke", help="revoke a credential, at once")
    revoke.add_argument("credential", metavar="NAME_OR_ID", help="the credential's name or id")
    revoke.set_defaults(func=revoke_token)


@contextmanager
def open_store() -> Iterator[Credentials]:
    """The credentials of the events' database, as ``adjudicator serve`` finds them (``bootstrap``:
    no event store is opened for them), closed after."""
    services = bootstrap(read_models=False)
    try:
        yield services.credentials
    finally:
        services.close()


def create_token(args: argparse.Namespace) -> int:
    tournament = args.tournament
    if tournament is not None:
        try:
            tournament = str(UUID(tournament))
        except ValueError:
            raise Refused(f"--tournament {tournament!r} is not a tournament id") from None
    with open_store() as store:
        try:
            credential, token = store.create(args.name, args.role, tournament, args.table)
        except CredentialError as error:
            raise Refused(str(error)) from None
    print(f"created {credential.role} credential {credential.id} {credential.name!r}{_scope(credential)}")
    print("its token (shown only now; send it as Authorization: Bearer <token>):")
    print(token)
    return 0


def _scope(credential: Any) -> str:
    if credential.tournament is None:
        return ""
    table = f" table {credential.table}" if credential.table is not None else ""
    return f" for tournament {credential.tournament}{table}"


def list_tokens(args: argparse.Namespace) -> int:
    with open_store() as store:
        credentials = store.all()
    print(f"{'ID':<12}  {'ROLE':<11}  {'STATUS':<26}  NAME")
    for c in credentials:
        status = f"revoked {c.revoked_at}" if c.revoked_at else "live"
        print(f"{c.id:<12}  {c.role:<11}  {status:<26}  {c.name}{_scope(c)}")
    return 0


def revoke_token(args: argparse.Namespace) -> int:
    with open_store() as store:
        try:
            credential = store.revoke(args.credential)
        except CredentialError as error:
            raise Refused(str(error)) from None
    print(
        f"revoked {credential.role} credential {credential.id} {credential.name!r} at {credential.revoked_at}"
    )
    return 0


def first_official() -> None:
    """``adjudicator serve`` on a database where no credential was ever issued: the first official's
    token, printed once, and how to issue more."""
    with open_store() as store:
        first = store.bootstrap()
    if first is None:
        return
    credential, token = first
    print(
        f"adjudicator: no credential existed here, so this is the first official's ({credential.name!r}).\n"
        f"Its token, shown only now (send it as Authorization: Bearer <token>):\n{token}\n"
        "More: adjudicator token create --role official|scorekeeper|viewer --name NAME",
        flush=True,
    )
