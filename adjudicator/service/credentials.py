"""Who someone is: the roles, the author every recorded event names, and the credentials (bearer
tokens the CLI issues and revokes, kept hashed beside the events) that stand for them.

``official``: every write (choices, findings, corrections, tournament administration);
``scorekeeper``: the table's own events and its team's signature; ``viewer``: reads only
(``adjudicator.service.authority`` says exactly what each may do).

A token is ``adj_`` + 32 random bytes (``secrets.token_urlsafe``); the store keeps only its SHA-256
(hex) and finds a credential by that hash, comparing with ``hmac.compare_digest``. A slow password
hash (argon2, bcrypt) is for secrets a person chooses and an attacker can guess; a 256-bit random
token cannot be guessed, so one SHA-256 is enough and keeps every request's check to microseconds.
The token itself is printed once, at creation, and never stored or logged.

They are kept in the ``credentials`` table of the events' database
(``adjudicator.adapters.credential_store``, which hashes them); the use cases ask for them through
``Credentials``.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from adjudicator.service.errors import ServiceError

TOKEN_PREFIX: Final = "adj_"
TABLE: Final = "credentials"
COLUMNS: Final = "id, name, role, tournament, table_number, created_at, revoked_at"
SCHEMA_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}")

Setting = Callable[[str], object]
Role = Literal["official", "scorekeeper", "viewer"]
ROLES: Final[tuple[Role, ...]] = ("official", "scorekeeper", "viewer")


@dataclass(frozen=True, slots=True)
class Author:
    """The name and role of the credential that recorded an event."""

    name: str
    role: Role

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "role": self.role}


class CredentialError(ServiceError):
    """A credential that cannot be created, or found, as asked."""


@dataclass(frozen=True, slots=True)
class Credential:
    """Who a token stands for: a name, a role, and for a scorekeeper optionally a tournament and table."""

    id: str
    name: str
    role: Role
    tournament: str | None = None
    table: int | None = None
    created_at: str = ""
    revoked_at: str | None = None

    @property
    def author(self) -> Author:
        return Author(self.name, self.role)

    @property
    def scoped(self) -> bool:
        return self.tournament is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "role": self.role,
            "tournament": self.tournament,
            "table": self.table,
            "created_at": self.created_at,
            "revoked_at": self.revoked_at,
        }


@dataclass(frozen=True, slots=True)
class Card:
    """One table's card (``adjudicator.service.cards``): what is kept of it, never its link or code."""

    id: str
    tournament: str
    table: int
    name: str
    created_at: str
    revoked_at: str | None = None
    #: The ids of the credentials it issued (the phones it signed in).
    phones: tuple[str, ...] = ()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)
