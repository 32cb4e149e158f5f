"""The ``adjudicator`` command: import, replay for an official, rebuild the read models."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import main
from adjudicator.simulation.hands import random_hand


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "HANDS_PERSISTENCE_MODULE", "ADJUDICATOR_READ_DB"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "events.db"))
    return tmp_path / "events.db"


def write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data))
    return str(path)


def test_import_then_replay_for_an_official(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = random_hand(41, "texas", "north")
    hand = {
        "ruleset": "texas",
        "dealer": "north",
        "players": {"north": "Ann"},
        "label": "T1",
        "events": events[:20],
    }
    assert main(["import", write(tmp_path / "hand.json", hand)]) == 0
    hand_id, _, version = capsys.readouterr().out.split()
    assert version == "20"
    more = {
        "hand": hand_id,
        "version": 20,
        "events": [*events[20:], {"type": "renege_call", "by": "north", "against": "east"}],
    }
    assert main(["import", write(tmp_path / "more.json", more)]) == 0
    assert capsys.readouterr().out.split()[-1] == str(len(events) + 1)

    assert main(["replay", hand_id, "--at", "10"]) == 0
    text = capsys.readouterr().out
    for words in (
        "Texas Bid Whist Alliance",
        "Dealer: north",
        "Players: north Ann",
        "After event 10 of",
        "Bids:",
        "Contract:",
        "Books taken:",
        "Turn:",
        "Current book",
    ):
        assert words in text, words
    assert main(["replay", hand_id]) == 0
    final = capsys.readouterr().out
    assert "false_renege_call@" in final and "cites:" in final and "Score (final)" in final

    with sqlite3.connect(tmp_path / "events.read.db") as db:  # import kept the read models current
        assert db.execute("select version from hands").fetchall() == [(len(events) + 1,)]


def test_import_checks_everything_before_writing(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = {"ruleset": "detroit", "dealer": "east", "events": random_hand(42, "detroit", "east")[:5]}
    bad = {"ruleset": "detroit", "dealer": "east", "events": [{"type": "play", "seat": "east", "card": "AS"}]}
    assert main(["import", write(tmp_path / "two.json", [good, bad])]) == 1
    assert "hand 2 of the file: event 1" in capsys.readouterr().err
    malformed = {"ruleset": "detroit", "dealer": "middle"}
    assert main(["import", write(tmp_path / "bad.json", malformed)]) == 1
    assert "dealer" in capsys.readouterr().err
    assert not database.exists() or sqlite3.connect(database).execute(
        "select count(*) from stored_events"
    ).fetchone() == (0,)


def test_rebuild_read_models_and_errors(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {"ruleset": "chicago", "dealer": "south", "events": random_hand(43, "chicago", "south")}
    main(["import", write(tmp_path / "hand.json", hand)])
    (tmp_path / "events.read.db").unlink()
    assert main(["rebuild-read-models"]) == 0
    assert "rebuilt" in capsys.readouterr().out
    with sqlite3.connect(tmp_path / "events.read.db") as db:
        assert db.execute("select status from hands").fetchall() == [("complete",)]
    assert main(["replay", "00000000-0000-4000-8000-000000000000"]) == 1
    assert main(["replay", "nonsense"]) == 1
    assert "no hand" in capsys.readouterr().err


def test_the_console_script_is_installed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "--help"], capture_output=True, text=True, check=True
    )
    for command in ("serve", "import", "replay", "rebuild-read-models", "openapi"):
        assert command in result.stdout
