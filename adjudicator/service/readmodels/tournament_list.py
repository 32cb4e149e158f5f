"""The tournaments, newest first, from the ``tournaments`` read model (the console's list of them).

Like the list of hands it reads the read models, not the event store, so a tournament created just
now appears within about half a second; every tournament is one row, so the list is not paged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.service.readmodels import connect
from adjudicator.service.readmodels.tournaments import TOURNAMENTS

#: The columns a listed tournament carries (``medals`` is decoded from its JSON).
LISTED = ("id", "name", "ruleset", "game", "created_at", "version", "teams", "rounds", "matches", "signed")


def list_tournaments(path: Path) -> list[dict[str, Any]]:
    """Every projected tournament, the newest first, with its medals (``places``, ``complete``)."""
    columns = ", ".join(f'"{c}"' for c in (*LISTED, "medals"))
    with connect(path) as db:
        found = db.conn.execute(
            f"select {columns} from {TOURNAMENTS.name} order by created_at desc, id desc"
        ).fetchall()
    listed = []
    for row in found:
        item = dict(zip(LISTED, row, strict=False))
        item["medals"] = json.loads(row[-1]) if row[-1] else {"places": {}, "complete": False}
        listed.append(item)
    return listed
