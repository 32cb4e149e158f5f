"""The tournaments, newest first, from the ``tournaments`` read model (the console's list of them).

Like the list of hands it reads the read models, not the event store, so a tournament created just
now appears within about half a second; every tournament is one row, so the list is not paged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.adapters.readmodels import connect
from adjudicator.adapters.readmodels.sealing import Forged
from adjudicator.adapters.readmodels.tournaments import SHEET_HANDS, TOURNAMENTS

#: The columns a listed tournament carries (``medals`` is decoded from its JSON).
LISTED = (
    "id",
    "name",
    "ruleset",
    "game",
    "created_at",
    "starts_at",
    "version",
    "teams",
    "rounds",
    "matches",
    "signed",
)
#: Whether its board is public (every other tournament is private: ``adjudicator.service.privacy``).
PUBLIC = "board_public"


def list_tournaments(path: Path, key: bytes) -> list[dict[str, Any]]:
    """Every projected tournament, the newest first, with its medals (``places``, ``complete``) and
    the tables whose sheets link a stored hand (``tables``: what the list of hands can filter on);
    ``Forged`` if a row's seal fails (``sealing``)."""
    names = list(TOURNAMENTS.columns)
    columns = ", ".join(f'"{c}"' for c in names)
    with connect(path) as db:
        found = db.conn.execute(
            f"select {columns} from {TOURNAMENTS.name} order by created_at desc, id desc"
        ).fetchall()
        tables: dict[str, list[int]] = {}
        for tournament_id, table in db.conn.execute(
            f'select distinct tournament_id, "table" from {SHEET_HANDS.name} where "table" is not null '
            'order by tournament_id, "table"'
        ):
            tables.setdefault(tournament_id, []).append(int(table))
    listed = []
    for values in found:
        row = dict(zip(names, values, strict=True))
        if not TOURNAMENTS.sound(row, key):
            raise Forged(TOURNAMENTS.name, row["id"])
        item = {name: row[name] for name in LISTED}
        item[PUBLIC] = bool(row[PUBLIC])
        item["medals"] = json.loads(row["medals"]) if row["medals"] else {"places": {}, "complete": False}
        item["tables"] = tables.get(item["id"], [])
        listed.append(item)
    return listed
