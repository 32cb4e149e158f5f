"""A read-model file written before the tournaments' tables lost their ``version`` column
(``tests/fixtures/read-models-v1.db``: ``ReadModels.rebuild()`` of ``store-v1.db`` by the code of
``main`` at 00781f5) is brought to the new shape on opening and filled again, equal to a rebuild."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import PROJECTIONS, ReadModels
from tests.integration.v1_answers import FIXTURES

TABLES = [table for projection in PROJECTIONS for table in projection.tables]


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table the file has (an older file lacks the ones added since: ``hand_results``)."""
    with sqlite3.connect(path) as db:
        present = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
        return {
            table: db.execute(f"select * from {table} order by 1, 2").fetchall()
            for table in TABLES
            if table in present
        }


def columns(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[1] for row in db.execute(f"pragma table_info({table})")]


def test_an_older_read_model_file_is_reshaped_and_refilled(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "store-v1.db", tmp_path / "events.db")
    old = tmp_path / "events.read.db"
    shutil.copy(FIXTURES / "read-models-v1.db", old)
    assert "version" in columns(old, "standings") and dump(old)["standings"]
    store = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    )
    try:
        read_models = ReadModels(store, old)
        assert read_models.position() == 0  # the reshaped tables are empty: everything is projected again
        for table in ("standings", "bracket", "sheet_hands"):
            assert "version" not in columns(old, table)
        assert read_models.catch_up() == store.app.recorder.max_notification_id()
        fresh = ReadModels(store, tmp_path / "fresh.db")
        fresh.rebuild()
        assert dump(old) == dump(fresh.path)
        assert dump(old)["standings"] and dump(old)["hands"]
    finally:
        store.close()
