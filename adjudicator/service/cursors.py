"""A list's page cursors, opaque to clients: the place of a page's last item (its sort key and its
id) and a digest of the filters it was listed with, so that a cursor is good only for that list
(``GET /hands``, ``GET /calls``). Keyset pages, never offsets: an item added meanwhile does not shift
the next page."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from adjudicator.service.errors import InvalidQuery


def digest(filters: Any) -> str:
    """A short digest of a list's filters (anything JSON takes)."""
    return hashlib.sha256(json.dumps(filters, sort_keys=True).encode()).hexdigest()[:12]


def encode(filters: str, key: Any, last: str) -> str:
    raw = json.dumps([filters, key, last], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(filters: str, cursor: str, listing: str) -> tuple[Any, str]:
    """(the sort key, the id) of the last item of the previous page of ``listing`` (its name, for the
    problem); ``InvalidQuery`` if the cursor is not one this list gave."""
    foreign = InvalidQuery("cursor", f"the cursor is not one a page of {listing} gave")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        given, key, last = json.loads(raw)
    except (binascii.Error, ValueError, TypeError, UnicodeDecodeError):
        raise foreign from None
    if given != filters:
        raise InvalidQuery("cursor", "the cursor belongs to a list with other filters or another sort")
    if not isinstance(last, str):
        raise foreign
    return key, last
