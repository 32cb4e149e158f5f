"""What ``GET /hands`` may ask of the list of hands: its filters, its sorts, its page's size and its
cursors. The API's contract names these (``adjudicator.wire.schemas.hand_list``); the read models answer them
(``adjudicator.adapters.readmodels.listing``).

Pages are keyset pages on (the sort key, the hand's id), never offsets: a cursor names the last
hand of its page and the list it came from, so it is good only for that list.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from adjudicator.service import cursors
from adjudicator.service.errors import InvalidQuery

#: The sorts: name -> (the hand's field sorted on, descending).
SORTS: Final[dict[str, tuple[str, bool]]] = {
    "opened_at": ("opened_at", False),
    "-opened_at": ("opened_at", True),
    "version": ("version", False),
    "-version": ("version", True),
}
HAS_RULINGS: Final = ("pending", "established")
DEFAULT_LIMIT: Final = 50
MAX_LIMIT: Final = 200


@dataclass(frozen=True)
class HandQuery:
    """What ``GET /hands`` asks: filters (None: any), the sort, the page's size and where it starts."""

    ruleset: str | None = None
    status: str | None = None
    #: Words found in the hand's label, a player's name or its tournament's name (any case).
    q: str | None = None
    #: A tournament's id, or its name (any case): every tournament of that name.
    tournament: str | None = None
    table: int | None = None
    has_rulings: str | None = None
    sort: str = "opened_at"
    limit: int = DEFAULT_LIMIT
    cursor: str | None = None

    def filters(self) -> str:
        """A digest of the filters and the sort: a cursor is good only for the list it came from."""
        return cursors.digest({k: v for k, v in asdict(self).items() if k not in ("limit", "cursor")})


def encode_cursor(query: HandQuery, key: Any, hand_id: str) -> str:
    return cursors.encode(query.filters(), key, hand_id)


def decode_cursor(query: HandQuery, cursor: str) -> tuple[Any, str]:
    """(the sort key, the hand id) of the last hand of the previous page; ``InvalidQuery`` if the
    cursor is not one this list gave."""
    key, hand_id = cursors.decode(query.filters(), cursor, "GET /hands")
    numeric = SORTS[query.sort][0] == "version"
    number = isinstance(key, int) and not isinstance(key, bool) and abs(key) < 2**62  # SQLite's integers
    if not (number if numeric else isinstance(key, str)):
        raise InvalidQuery("cursor", "the cursor is not one a page of GET /hands gave")
    return key, hand_id


def check(query: HandQuery) -> None:
    """``InvalidQuery`` for a sort, limit or ``has_rulings`` the list does not take."""
    if query.sort not in SORTS:
        raise InvalidQuery("sort", f"sort is one of {', '.join(SORTS)}")
    if not 1 <= query.limit <= MAX_LIMIT:
        raise InvalidQuery("limit", f"limit is a whole number from 1 to {MAX_LIMIT}")
    if query.has_rulings is not None and query.has_rulings not in HAS_RULINGS:
        raise InvalidQuery("has_rulings", f"has_rulings is one of {', '.join(HAS_RULINGS)}")
