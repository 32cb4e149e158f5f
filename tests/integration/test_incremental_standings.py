"""The tournaments' read models kept batch by batch (only the rows a batch changes are written) equal
a full recomputation of them, at every step of simulated tournaments, on both backends."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from adjudicator.service.readmodels import ReadModels
from adjudicator.service.readmodels.tournaments import PROJECTION
from adjudicator.service.store import HandStore
from adjudicator.service.tournament_store import TournamentStore
from adjudicator.tournaments import simulate


def tables(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as db:
        return {t: db.execute(f"select * from {t} order by 1, 2").fetchall() for t in PROJECTION.tables}


@pytest.mark.parametrize(
    ("director", "step"),
    [(lambda: simulate.run_detroit(16, 2), 1), (lambda: simulate.run_ontario(12, 3, 6), 3)],
    ids=["detroit-16", "ontario-12"],
)
def test_incremental_rows_equal_a_full_recomputation(
    store_env: dict[str, str], tmp_path: Path, director: Any, step: int
) -> None:
    log = director().log
    store = HandStore(store_env)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(log[0])
        kept = ReadModels(store, tmp_path / "kept.db", tournaments)
        kept.catch_up()
        checked = 0
        for start in range(1, len(log), step):
            tournaments.append(view.id, log[start : start + step])
            kept.catch_up()
            if start % 40 < step or start + step >= len(log):
                full = ReadModels(store, tmp_path / f"full-{start}.db", tournaments)
                full.catch_up()  # every row of the tournament written from nothing
                assert tables(kept.path) == tables(full.path), f"after event {start + step}"
                checked += 1
        assert checked > 3
        final = tables(kept.path)
        assert final["standings"] and final["sheet_hands"] and final["tournaments"][0][5] == len(log)
    finally:
        store.close()
