"""Sealing a store written before the hash chain (``tests/fixtures/store-v1.db``, copied): no stored
event is rewritten, old streams keep being served, and from then on a tampered old record is named."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from adjudicator.cli import main
from api import create_app
from tests.e2e.conftest import client_as, token

FIXTURES = Path(__file__).parents[1] / "fixtures"
HAND = "122b1b06-a72e-4eea-9e54-42a3b2f97e33"  # a 55-event hand of the fixture


@pytest.fixture
def old_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "events.db"
    shutil.copy(FIXTURES / "store-v1.db", db)
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.sqlite")
    monkeypatch.setenv("SQLITE_DBNAME", str(db))
    return db


def _events(db: Path) -> list[tuple[str, int, str, bytes]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("select * from stored_events order by rowid").fetchall()


def _app(db: Path) -> object:
    return create_app(
        {
            "ADJUDICATOR_PERSISTENCE": {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(db),
            },
            "ADJUDICATOR_READ_MODELS": False,
        }
    )


def test_sealing_an_old_store_writes_no_event_and_vouches_for_every_record(
    old_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _events(old_db)
    assert main(["verify"]) == 1
    assert "not sealed (written before the chain)" in capsys.readouterr().err
    assert main(["verify", "--seal"]) == 0
    out = capsys.readouterr().out
    assert "sealed 11 streams" in out and "11 streams, 0 failing" in out
    assert _events(old_db) == before  # append-only: not one stored event changed
    assert main(["verify", "--seal"]) == 0  # sealing again seals nothing more
    assert "sealed 0 streams" in capsys.readouterr().out


def test_a_sealed_old_record_edited_or_cut_off_is_named(
    old_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--seal"]) == 0
    key = HAND.replace("-", "")
    with sqlite3.connect(old_db) as conn:
        (state,) = conn.execute(
            "select state from stored_events where originator_id=? and originator_version=10", [key]
        ).fetchone()
        edited = json.loads(state)
        edited["recorded_at"] = "2000-01-01T00:00:00+00:00"
        conn.execute(
            "update stored_events set state=? where originator_id=? and originator_version=10",
            [json.dumps(edited).encode(), key],
        )
    capsys.readouterr()
    assert main(["verify", "--hand", HAND]) == 1
    assert f"hand {HAND}: BROKEN at stored record 10 (event 9): edited" in capsys.readouterr().err
    app = _app(old_db)
    reply = client_as(app, token(app, "official")).get(f"/hands/{HAND}/state")
    assert reply.status_code == 409 and reply.get_json()["record"] == 10
    app.extensions["adjudicator.adapters.hand_store"].close()  # type: ignore[attr-defined]

    with sqlite3.connect(old_db) as conn:
        conn.execute(
            "update stored_events set state=? where originator_id=? and originator_version=10", [state, key]
        )
        conn.execute("delete from stored_events where originator_id=? and originator_version=56", [key])
    assert main(["verify", "--hand", HAND]) == 1
    assert "BROKEN at stored record 56 (event 55): truncated" in capsys.readouterr().err


def test_an_old_hand_takes_new_events_and_its_chain_covers_the_old_ones(
    old_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a seal, the first new record vouches for the old ones: its chain starts from theirs."""
    app = _app(old_db)
    client = client_as(app, token(app, "official"))
    hand = client.get(f"/hands/{HAND}").get_json()
    reply = client.post(f"/hands/{HAND}/events", json={"type": "tech_call", "by": "east", "against": "north"})
    assert reply.status_code == 201, reply.get_json()
    assert reply.get_json() == {"version": hand["version"] + 1}
    app.extensions["adjudicator.adapters.hand_store"].close()  # type: ignore[attr-defined]
    assert main(["verify", "--hand", HAND]) == 0
    assert f"hand {HAND}: 57 records, chain intact" in capsys.readouterr().out
