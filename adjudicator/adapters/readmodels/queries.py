"""The read models' lists, as the use cases ask for them (the port ``service.ports.Listings``): each
read opens the read-model file read-only, and serves only rows whose seal holds (``Forged`` if not).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.adapters.readmodels.careers import read_careers
from adjudicator.adapters.readmodels.listing import list_hands
from adjudicator.adapters.readmodels.sealing import Forged
from adjudicator.adapters.readmodels.tournament_list import list_tournaments
from adjudicator.adapters.readmodels.tournaments import SHEET_HANDS
from adjudicator.service.hand_list import HandQuery
from adjudicator.service.privacy import Kept


@dataclass(frozen=True, slots=True)
class ReadModelQueries:
    """The lists of the read-model file at ``path``, whose rows are sealed with ``key``."""

    path: Path
    key: bytes

    def hands(
        self, query: HandQuery, finished_only: bool, sees_detected: bool, kept: Kept | None = None
    ) -> dict[str, Any]:
        return list_hands(self.path, query, finished_only, sees_detected, secret=self.key, kept=kept)

    def tournaments(self) -> list[dict[str, Any]]:
        return list_tournaments(self.path, self.key)

    def sheet_link(self, hand_id: UUID) -> dict[str, Any] | None:
        return tournament_link(self.path, hand_id, self.key)

    def careers(self, records: Collection[str]) -> dict[str, dict[str, Any]]:
        return read_careers(self.path, self.key, records)


def tournament_link(read_db: Path | None, hand_id: UUID, key: bytes) -> dict[str, Any] | None:
    """The tournament sheet that links the hand, from the read models (None without them);
    ``Forged`` if the row's seal (``key``) fails."""
    if read_db is None or not read_db.exists():
        return None
    names = list(SHEET_HANDS.columns)
    with sqlite3.connect(f"file:{read_db}?mode=ro", uri=True) as db:
        try:
            found = db.execute(
                f"select {', '.join(f'[{n}]' for n in names)} from sheet_hands where hand = ? "
                "order by tournament_id limit 1",
                [str(hand_id)],
            ).fetchone()
        except sqlite3.OperationalError:  # a read-model file from before sheet_hands, or its seals
            return None
    if found is None:
        return None
    row = dict(zip(names, found, strict=True))
    if not SHEET_HANDS.sound(row, key):
        raise Forged(SHEET_HANDS.name, f"{row['tournament_id']}/{hand_id}")
    return {"id": row["tournament_id"], "match": row["match"], "table": row["table"]}
