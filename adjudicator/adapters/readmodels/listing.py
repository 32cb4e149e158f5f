"""The list of hands, from the read models: filters, a sort and cursor pagination (``GET /hands``).

One connection per call, one read transaction: the rows and the read models' position (the last
notification projected) are of the same moment. The read models lag the event store by up to about
half a second (``adjudicator.adapters.readmodels.DEBOUNCE_SECONDS``), so a hand opened or changed just
now may not be listed yet, or be listed as it stood; the answer's ``position`` says how far they are.

Pages are keyset pages on (the sort key, the hand's id), never offsets: a cursor names the last
hand of its page, so hands opened between two pages come after it (sorted by ``opened_at``) and no
hand is listed twice or skipped. A hand's ``version`` changes as events are recorded: sorted by
``version``, a hand recorded on between two pages may move past the cursor.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final
from uuid import UUID

from adjudicator.adapters.readmodels import PROJECTION, connect
from adjudicator.adapters.readmodels.hands import HANDS, STATUSES
from adjudicator.adapters.readmodels.sealing import MAC
from adjudicator.adapters.readmodels.tournaments import SHEET_HANDS
from adjudicator.service.concealment import FINISHED
from adjudicator.service.errors import Forged
from adjudicator.service.hand_list import SORTS, HandQuery, check, decode_cursor, encode_cursor
from adjudicator.service.privacy import Kept

#: The column each field of ``SORTS`` sorts on.
COLUMNS: Final[dict[str, str]] = {"opened_at": "coalesce(h.opened_at, '')", "version": "h.version"}


#: A hand a search finds: by its label or a player's name, and (for a reader who may read
#: tournaments) by the name of a tournament whose sheet links it. The players are searched as the
#: JSON array of the four names (not the seats' keys); measured on 100k hands, this and ``in``
#: rather than ``exists`` took the search from about 600 ms to about 120 ms.
_SEARCH: Final = (
    "h.label like ? escape '\\'",
    "json_extract(h.players, '$.north', '$.east', '$.south', '$.west') like ? escape '\\'",
)
_SEARCH_TOURNAMENT: Final = (
    "h.id in (select s.hand from sheet_hands s join tournaments t on t.id = s.tournament_id "
    "where t.name like ? escape '\\')"
)


def _like(words: str) -> str:
    """A LIKE pattern finding ``words`` anywhere (SQLite's LIKE ignores the case of ASCII letters)."""
    escaped = words.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _tournament_id(given: str) -> str:
    """A tournament's id as the read models write it, when ``given`` is one in any spelling."""
    try:
        return str(UUID(given.strip()))
    except ValueError:
        return given


#: The tournaments whose board is public: every other is private (``adjudicator.service.privacy``).
_PUBLIC = "select p.id from tournaments p where p.board_public = 1"


def _unkept(kept: Kept) -> tuple[list[str], list[Any]]:
    """The clauses leaving out the hands ``kept`` from the reader: of a private tournament not its
    own, by the scope its log records or by a sheet linking it, or opened by one of ``openers``."""
    clauses = [
        f"(h.tournament is null or h.tournament = ? or h.tournament in ({_PUBLIC}))",
        "not exists (select 1 from sheet_hands k where k.hand = h.id and k.tournament_id != ? "
        f"and k.tournament_id not in ({_PUBLIC}))",
    ]
    own = kept.own or ""
    args: list[Any] = [own, own]
    if kept.openers:
        clauses.append(f"(h.opener is null or h.opener not in ({', '.join('?' * len(kept.openers))}))")
        args.extend(kept.openers)
    return clauses, args


def _where(
    query: HandQuery, finished_only: bool, sees_detected: bool, kept: Kept | None
) -> tuple[list[str], list[Any]]:
    clauses, args = _unkept(kept) if kept is not None else ([], [])
    if query.ruleset is not None:
        clauses.append("h.ruleset = ?")
        args.append(query.ruleset)
    if query.status is not None:
        clauses.append("h.status = ?")
        args.append(query.status)
    if finished_only:
        clauses.append(f"h.status in ({', '.join('?' * len(FINISHED))})")
        args.extend(sorted(FINISHED))
    names = not finished_only  # an anonymous reader reads no tournament, nor finds one by its name
    if query.q is not None:
        searched = [*_SEARCH, _SEARCH_TOURNAMENT] if names else list(_SEARCH)
        clauses.append(f"({' or '.join(searched)})")
        args.extend([_like(query.q)] * len(searched))
    if query.tournament is not None or query.table is not None:
        linked = ["s.hand = h.id"]
        if query.tournament is not None:
            named = " or t.name = ? collate nocase" if names else ""
            linked.append(f"s.tournament_id in (select t.id from tournaments t where t.id = ?{named})")
            args.extend([_tournament_id(query.tournament), *([query.tournament.strip()] if names else [])])
        if query.table is not None:
            linked.append('s."table" = ?')
            args.append(query.table)
        clauses.append(f"exists (select 1 from sheet_hands s where {' and '.join(linked)})")
    if query.has_rulings is not None:
        counted = f"h.rulings_{query.has_rulings}"
        if query.has_rulings == "pending" and not sees_detected:  # as ``item`` counts them
            finished = ", ".join("?" * len(FINISHED))
            counted += f" - (case when h.status in ({finished}) then 0 else coalesce(h.rulings_found, 0) end)"
            args.extend(sorted(FINISHED))
        clauses.append(f"{counted} > 0")
    return clauses, args


def list_hands(
    path: Path,
    query: HandQuery,
    finished_only: bool,
    sees_detected: bool,
    secret: bytes,
    kept: Kept | None = None,
) -> dict[str, Any]:
    """One page of hands: ``{"hands", "next", "position"}`` (``next``: the cursor of the page after,
    null on the last). ``finished_only``: an anonymous reader's list; ``sees_detected``: whether
    rulings the table has not called count while a hand is in play (an official's sight); ``kept``:
    what the list keeps from its reader (private tournaments' hands)."""
    check(query)
    field, descending = SORTS[query.sort]
    expression = COLUMNS[field]
    clauses, args = _where(query, finished_only, sees_detected, kept)
    if query.cursor is not None:
        key, hand_id = decode_cursor(query, query.cursor)
        after = "<" if descending else ">"
        clauses.append(f"({expression} {after} ? or ({expression} = ? and h.id {after} ?))")
        args.extend([key, key, hand_id])  # after the previous page's last hand, as it was then
    direction = "desc" if descending else "asc"
    where = f"where {' and '.join(clauses)}" if clauses else ""
    sql = (
        f'select h.*, {expression} as sort_key, s.tournament_id, s.match, s."table" as sheet_table, '
        "s.round as sheet_round, s.mac as sheet_mac, t.name as tournament_name "
        "from hands h left join sheet_hands s on s.hand = h.id "
        "and s.tournament_id = (select min(x.tournament_id) from sheet_hands x where x.hand = h.id) "
        "left join tournaments t on t.id = s.tournament_id "
        f"{where} order by sort_key {direction}, h.id {direction} limit ?"
    )
    with connect(path) as db:
        db.conn.execute("begin")
        try:
            position_row = db.conn.execute(
                "select notification_id from position where projection = ?", [PROJECTION]
            ).fetchone()
            cursor = db.conn.execute(sql, [*args, query.limit + 1])
            names = [d[0] for d in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        finally:
            db.conn.execute("commit")
    more = len(rows) > query.limit
    rows = rows[: query.limit]
    for row in rows:
        _sound(row, secret)
    last = rows[-1] if more else None
    return {
        "hands": [item(row, sees_detected, names=not finished_only) for row in rows],
        "next": encode_cursor(query, last["sort_key"], last["id"]) if last is not None else None,
        "position": int(position_row[0]) if position_row else 0,
    }


def _sound(row: Mapping[str, Any], secret: bytes) -> None:
    """``Forged`` unless the hand's row, and its sheet's row if a sheet links it, keep their seals."""
    if not HANDS.sound(row, secret):
        raise Forged(HANDS.name, row["id"])
    if row["tournament_id"] is None:
        return
    sheet = {
        "tournament_id": row["tournament_id"],
        "hand": row["id"],
        "match": row["match"],
        "round": row["sheet_round"],
        "table": row["sheet_table"],
        MAC: row["sheet_mac"],
    }
    if not SHEET_HANDS.sound(sheet, secret):
        raise Forged(SHEET_HANDS.name, f"{row['tournament_id']}/{row['id']}")


def item(row: Mapping[str, Any], sees_detected: bool, names: bool = True) -> dict[str, Any]:
    """One hand of the list, from its row (and its sheet's, when a tournament's sheet links it;
    ``names``: with the tournament's name, for a reader who may read tournaments)."""
    counts = {status: int(row[f"rulings_{status}"] or 0) for status in STATUSES}
    if not sees_detected and row["status"] not in FINISHED:
        counts["detected"] = 0  # a ruling the table has not called would tell of a concealed card
        counts["pending"] -= int(row["rulings_found"] or 0)  # so would one found on concealed cards
    score = json.loads(row["score"])
    listed: dict[str, Any] = {
        "id": row["id"],
        "ruleset": row["ruleset"],
        "dealer": row["dealer"],
        "label": row["label"],
        "players": json.loads(row["players"]) if row["players"] else None,
        "opened_at": row["opened_at"],
        "version": row["version"],
        "status": row["status"],
        "contract": score["contract"],
        "score": score,
        "rulings": {"total": sum(counts.values()), **counts},
    }
    if row["tournament_id"] is not None:
        listed.update(
            tournament=row["tournament_id"],
            tournament_name=row["tournament_name"] if names else None,
            match=row["match"],
            table=row["sheet_table"],
        )
    return listed
