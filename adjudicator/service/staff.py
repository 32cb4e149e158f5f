"""Officials' and viewers' credentials issued, listed and revoked by an official at the desk.

A hall runs on more than one official (a director, a floor official, a second desk) and on viewers
(a captain following the standings on a phone): before this, only the operator's CLI (``adjudicator
token create``) issued them, so a hall without a terminal at the desk had one official for the day.
An official issues them here as it issues a table's token (``adjudicator.service.scorekeepers``):
the token shown once, only its hash kept, the same form sent again answered with the same token. It
revokes any of them but its own, so the desk is never left without the official using it.
"""

from __future__ import annotations

from typing import Final

from adjudicator.service.credentials import Credential, CredentialError
from adjudicator.service.ports import Credentials
from adjudicator.service.scorekeepers import Once, issue_credential, official

#: The credentials issued here: the hall's own people, not a table's (those are per tournament).
STAFF: Final = ("official", "viewer")


class UnknownStaffCredential(CredentialError):
    """Not an official's or a viewer's credential: none of that id, or a table's."""


def issue_staff(
    credentials: Credentials, by: Credential | None, role: str, name: str, key: Once | None = None
) -> tuple[Credential, str]:
    """A new official's or viewer's credential named ``name``, and its token (shown once)."""
    official(by, "issue an official's or a viewer's credential")
    if role not in STAFF:
        raise CredentialError(f"a credential issued here is an official's or a viewer's, not a {role!r}'s")
    if not name.strip():
        raise CredentialError("a credential is issued in its holder's name: give one")
    return issue_credential(credentials, name.strip(), role, None, None, key)


def staff(credentials: Credentials) -> list[Credential]:
    """Every official's and viewer's credential, live or revoked, in the order issued (never a token)."""
    return [c for c in credentials.all() if c.role in STAFF]


def revoke_staff(credentials: Credentials, by: Credential | None, credential_id: str) -> Credential:
    """Revoke an official's or a viewer's credential at once; never the revoker's own."""
    official(by, "revoke an official's or a viewer's credential")
    found = next((c for c in staff(credentials) if c.id == credential_id), None)
    if found is None:
        raise UnknownStaffCredential(f"no official's or viewer's credential {credential_id!r}")
    if by is not None and found.id == by.id:
        raise CredentialError("that is your own credential: another official revokes it")
    return credentials.revoke(found.id)
