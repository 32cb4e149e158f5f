"""Tournament standings and brackets as read models: projected, and rebuilt the same."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.tournaments import standings_from_rows
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.tournaments import append_events as append_tournament_events
from adjudicator.simulation import tournaments as simulate


def _standings(path: Path, tournament_id: str) -> list[dict[str, Any]]:
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        rows = db.execute(
            "select * from standings where tournament_id = ? order by position", (tournament_id,)
        ).fetchall()
    return standings_from_rows([dict(r) for r in rows])


def test_the_standings_read_model_follows_the_log_and_rebuilds_the_same(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    director = simulate.run_detroit(16, 3)
    store = HandStore(store_env)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(director.log[0])
        append_tournament_events(tournaments, view.id, director.log[1:])
        read_models = ReadModels(store, tmp_path / "read.db", tournaments)
        read_models.catch_up()
        live = tournaments.read(view.id, lambda v: v.tournament.standings()["rows"])
        assert _standings(read_models.path, str(view.id)) == live
        with sqlite3.connect(read_models.path) as db:
            assert db.execute(
                "select count(*) from bracket where tournament_id = ?", (str(view.id),)
            ).fetchone()[0]
        read_models.rebuild()
        assert _standings(read_models.path, str(view.id)) == live
    finally:
        store.close()
