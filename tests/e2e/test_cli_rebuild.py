"""``adjudicator rebuild-read-models``: worker processes, and one summary line when not on a terminal."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import rebuild as rebuilding
from adjudicator.cli import main
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand


def test_rebuild_with_workers_says_what_it_did_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for key in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "HANDS_PERSISTENCE_MODULE", "ADJUDICATOR_READ_DB"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "events.db"))
    monkeypatch.setattr(rebuilding, "CHUNK", 1)  # three chunks: two workers take part
    store = HandStore()
    try:
        for seed in range(3):
            append_events(store, store.open_hand("cardtel", "west").id, random_hand(seed, "cardtel", "west"))
    finally:
        store.close()
    assert main(["rebuild-read-models", "--workers", "2"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    assert "3 hands, 0 tournaments" in out and "2 workers" in out and "hashes not verified" in out
    assert main(["rebuild-read-models", "--workers", "1", "--verify"]) == 0
    assert "hashes verified): 3 hands, 0 tournaments" in capsys.readouterr().out
    with sqlite3.connect(tmp_path / "events.read.db") as db:
        assert db.execute("select count(*) from hands where status = 'complete'").fetchone() == (3,)
    assert main(["rebuild-read-models", "--workers", "0"]) == 1
    assert "--workers" in capsys.readouterr().err
