"""Read models rebuilt from the store the code before the re-layout wrote (``tests/fixtures/store-v1.db``).

``adjudicator.adapters.readmodels`` projects that file's whole notification log into its tables, as
``adjudicator rebuild-read-models`` does; the rows must agree with what the old code answered over
HTTP (``store-v1.expected.json``): every hand with its status, version and score, every ruling,
both tournaments, and their standings row for row.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.tournaments import standings_from_rows
from tests.integration.v1_answers import EXPECTED, FIXTURES


def _answers(kind: str, suffix: str = "") -> dict[str, Any]:
    """The old answers to ``/{kind}/{id}{suffix}``, by id."""
    return {
        url.split("/")[2]: answer["body"]
        for url, answer in EXPECTED.items()
        if url.startswith(f"/{kind}/")
        and "?" not in url
        and url.count("/") == 2 + suffix.count("/")
        and url.endswith(suffix)
    }


@pytest.fixture(scope="module")
def read_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("v1-read")
    db = directory / "events.db"
    shutil.copy(FIXTURES / "store-v1.db", db)
    store = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)})
    try:
        read_models = ReadModels(store, directory / "events.read.db")
        assert read_models.rebuild() == store.app.recorder.max_notification_id()
        assert read_models.catch_up() == 0
        assert read_models.position() == store.app.recorder.max_notification_id()
    finally:
        store.close()
    return read_models.path


def _rows(path: Path, sql: str, *args: Any) -> list[dict[str, Any]]:
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute(sql, args).fetchall()]


def test_every_hand_has_its_row(read_db: Path) -> None:
    hands = _answers("hands")
    rows = {row["id"]: row for row in _rows(read_db, "select * from hands")}
    assert set(rows) == set(hands)
    for hand_id, hand in hands.items():
        row = rows[hand_id]
        assert (row["ruleset"], row["dealer"], row["label"]) == (
            hand["ruleset"],
            hand["dealer"],
            hand["label"],
        )
        assert (row["version"], row["status"], row["opened_at"]) == (
            hand["version"],
            hand["status"],
            hand["opened_at"],
        )
        assert json.loads(row["score"]) == hand["score"]
        assert row["rulings"] == hand["rulings"]["total"]
        assert row["rulings_established"] == hand["rulings"]["established"]


def test_every_ruling_has_its_row(read_db: Path) -> None:
    rulings = _answers("hands", "/rulings")
    assert rulings, "the fixture has rulings"
    for hand_id, answer in rulings.items():
        rows = _rows(read_db, "select * from rulings where hand_id = ?", hand_id)
        assert sorted(json.loads(row["ruling"])["id"] for row in rows) == sorted(
            r["id"] for r in answer["rulings"]
        )
        for row in rows:
            assert json.loads(row["ruling"]) in answer["rulings"]
    assert sum(len(answer["rulings"]) for answer in rulings.values()) == len(
        _rows(read_db, "select * from rulings")
    )


def test_both_tournaments_and_their_standings_have_their_rows(read_db: Path) -> None:
    tournaments = _answers("tournaments")
    standings = _answers("tournaments", "/standings")
    rows = {row["id"]: row for row in _rows(read_db, "select * from tournaments")}
    assert set(rows) == set(tournaments) and len(rows) == 2
    for tournament_id, tournament in tournaments.items():
        row = rows[tournament_id]
        assert (row["name"], row["ruleset"], row["version"]) == (
            tournament["name"],
            tournament["ruleset"],
            tournament["version"],
        )
        assert row["teams"] == len(tournament["teams"])
        assert json.loads(row["medals"]) == tournament["medals"]
        table = _rows(read_db, "select * from standings where tournament_id = ?", tournament_id)
        assert standings_from_rows(table) == standings[tournament_id]["rows"]
        bracket = _rows(read_db, "select * from bracket where tournament_id = ?", tournament_id)
        expected = (tournament["bracket"] or {"matches": {}})["matches"]
        assert {row["match"] for row in bracket} == set(expected)
