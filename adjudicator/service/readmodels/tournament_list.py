"""The tournaments, newest first, from the ``tournaments`` read model (the console's list of them).

Like the list of hands it reads the read models, not the event store, so a tournament created just
now appears within about half a second; every tournament is one row, so the list is not paged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.service.readmodels import connect
from adjudicator.service.readmodels.sealing import Forged
from adjudicator.service.readmodels.tournaments import TOURNAMENTS

#: The columns a listed tournament carries (``medals`` is decoded from its JSON).
LISTED = ("id", "name", "ruleset", "game", "created_at", "version", "teams", "rounds", "matches", "signed")


def list_tournaments(path: Path, key: bytes) -> list[dict[str, Any]]:
    """Every projected tournament, the newest first, with its medals (``places``, ``complete``);
    ``Forged`` if a row's seal fails (``sealing``)."""
    names = list(TOURNAMENTS.columns)
    columns = ", ".join(f'"{c}"' for c in names)
    with connect(path) as db:
        found = db.conn.execute(
            f"select {columns} from {TOURNAMENTS.name} order by created_at desc, id desc"
        ).fetchall()
    listed = []
    for values in found:
        row = dict(zip(names, values, strict=True))
        if not TOURNAMENTS.sound(row, key):
            raise Forged(TOURNAMENTS.name, row["id"])
        item = {name: row[name] for name in LISTED}
        item["medals"] = json.loads(row["medals"]) if row["medals"] else {"places": {}, "complete": False}
        listed.append(item)
    return listed
