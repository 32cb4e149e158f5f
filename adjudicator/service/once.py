"""A request's once-only key: one UUID the client chooses (a form draws it with the page), from which
the ids of everything the request records are made, so that the request sent again (a reload, a
double tap, a retry) records nothing more and is answered as the first time.

It is the events' own idempotency (an event's ``id``, ``views.repeated``) for a request that does not
spell its events out: an append the server decides (a draw, a proposal confirmed, a form's events),
whose ids are made from the key; a log opened by the request (a hand, a tournament), whose id is the
key, so that a second opening under it finds the first; a table's token, whose credential
id is made from it and whose token from it and the issuer's own token (``token``), so that the issuer
alone can be shown it again and nothing keeps it but its hash.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar
from uuid import UUID, uuid5

from adjudicator.service.credentials import TOKEN_PREFIX
from adjudicator.service.errors import IdempotencyConflict, NotFound
from adjudicator.service.views import Answer

T = TypeVar("T")
#: The namespace every id made from a key is in.
NAMESPACE: Final = UUID("0b6f4a52-5f5e-4c8e-9a57-3c1e0e0d0a29")


def ids(key: str, count: int) -> list[str]:
    """The ids of a keyed request's ``count`` events: the key itself for the first, then one made
    from it for each next (so a request's events keep one id each, listed by ``GET …/events``)."""
    return [key, *(str(uuid5(UUID(key), str(n))) for n in range(2, count + 1))]


def part(key: str, name: str) -> str:
    """The key of one part of a request that records in two places (a form that links a hand, then
    opens the next): made from ``key``, another for each ``name``."""
    return str(uuid5(UUID(key), name))


def table_hand(tournament: str, table: int, match: str, number: int) -> str:
    """The id of the hand a table opens as its match's hand ``number``: made from where it is played,
    so that opening it again (a reload, a double tap, the menu's "Record" and back) finds the hand
    already open instead of opening "hand 1" a second time."""
    return str(uuid5(NAMESPACE, f"table-hand:{tournament}:{table}:{match}:{number}"))


def credential_id(key: str) -> str:
    """The id of the credential a request keyed ``key`` issues (the length of every credential's id)."""
    return uuid5(NAMESPACE, f"credential:{key}").hex[:12]


def recorded(log: Sequence[Mapping[str, Any]], key: str) -> Answer | None:
    """If the request keyed ``key`` was recorded in ``log`` (its items, event N at ``log[N - 1]``):
    the first answer (the version after its events, and the events); None if it was not. What the
    server decided for it then (a draw's outcome) is the answer: it is not decided again."""
    first = next((n for n, item in enumerate(log) if item.get("id") == key), None)
    if first is None:
        return None
    found: list[dict[str, Any]] = []
    for item in log[first:]:
        if item.get("id") != ids(key, len(found) + 1)[-1]:
            break
        found.append(dict(item["entry"]))
    return first + len(found), found


def opened(key: str | None, opening: Callable[[], T]) -> T:
    """The log ``opening()`` opens (or finds) under ``key``; ``IdempotencyConflict`` if the key is
    the id of another kind of log (a hand's, for a tournament)."""
    try:
        return opening()
    except NotFound as error:
        if key is None:
            raise
        raise IdempotencyConflict(key, 0, f"is the id of something other than a {error.noun}") from None


def same_opening(key: str, stored: Mapping[str, Any], asked: Mapping[str, Any]) -> None:
    """``IdempotencyConflict`` unless the log opened under ``key`` was opened as ``asked`` (the same
    members): a key names one request, not another one sent under it."""
    differ = sorted(k for k in {*stored, *asked} if stored.get(k) != asked.get(k))
    if differ:
        said = ", ".join(differ)
        raise IdempotencyConflict(key, 0, f"was used before for another opening (its {said} differ)")


def token(secret: str, key: str) -> str:
    """The token a request keyed ``key`` issues, made from the issuer's own token (``secret``): the
    same request sent again by the same issuer is given the same token, which nobody else can make
    and nothing keeps (the credentials keep its hash)."""
    made = hmac.new(secret.encode(), f"adjudicator table token:{key}".encode(), hashlib.sha256).digest()
    return TOKEN_PREFIX + base64.urlsafe_b64encode(made).decode().rstrip("=")
