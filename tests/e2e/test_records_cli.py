"""``adjudicator export`` and ``adjudicator import`` of hand records: JSON and text, one hand, several,
``--all``, the form detected, the events as listed accepted, and the progress on a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.simulation.hands import random_euchre_hand, random_hand
from tests.e2e.test_cli import database, write

__all__ = ["database"]


def _imported(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line.split()[0] for line in capsys.readouterr().out.splitlines()]


def test_export_then_import_in_both_forms_is_the_same_record(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [
        {"ruleset": "texas", "dealer": "north", "label": "T1", "events": random_hand(1, "texas", "north")},
        {"ruleset": "ontario", "dealer": "west", "events": random_euchre_hand(2, "west")},
    ]
    assert main(["import", write(tmp_path / "hands.json", hands), "--as", "Ann"]) == 0
    first, second = _imported(capsys)
    assert main(["export", first, second, "-o", str(tmp_path / "two.json")]) == 0
    assert main(["export", "--all", "--format", "text", "-o", str(tmp_path / "all.txt")]) == 0
    assert main(["export", first]) == 0
    one = json.loads(capsys.readouterr().out)
    assert one["format"] == "adjudicator-hand/1" and one["opened_by"] == {"name": "Ann", "role": "official"}
    exported = json.loads((tmp_path / "two.json").read_text())
    assert exported[0] == one

    for name in ("two.json", "all.txt"):
        assert main(["import", str(tmp_path / name), "--as", "Bea"]) == 0
        copies = _imported(capsys)
        for copy, original in zip(copies, exported, strict=True):
            assert main(["export", copy]) == 0
            again = json.loads(capsys.readouterr().out)
            assert again["imported"] == {
                "from": original["id"],
                "at": again["imported"]["at"],
                "by": {"name": "Bea", "role": "official"},
            }
            assert {**again, "id": original["id"], "imported": None} == original


def test_the_summary_and_a_refused_file(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {"ruleset": "texas", "dealer": "north", "events": random_hand(3, "texas", "north")}
    assert main(["import", write(tmp_path / "one.json", [hand, hand])]) == 0
    assert capsys.readouterr().err == f"imported 2 hands, {2 * len(hand['events'])} events; refused none\n"
    head = '[Format "adjudicator-hand/1"]\n[Ruleset "texas"]\n[Dealer "north"]\n'
    text = head + "[Auction]\n#1 east 4\n#3 south pass\n"
    (tmp_path / "bad.txt").write_text(text)
    assert main(["import", str(tmp_path / "bad.txt")]) == 1
    assert "bad.txt: hand 1, line 6: event #3, but #2 is missing" in capsys.readouterr().err
    assert main(["export"]) == 1 and "or --all" in capsys.readouterr().err
    assert main(["export", "nonsense"]) == 1


def test_a_progress_bar_on_a_terminal(database: Path, tmp_path: Path) -> None:
    """stderr a terminal: rich draws the bar (counts, rate) and the summary stays."""
    hands = [
        {"ruleset": "detroit", "dealer": "east", "events": random_hand(n, "detroit", "east")}
        for n in range(30)
    ]
    path = write(tmp_path / "many.json", hands)
    leader, follower = pty.openpty()
    env = {**os.environ, "ADJUDICATOR_DB": str(database), "COLUMNS": "120", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudicator.cli", "import", path],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    assert process.wait(timeout=120) == 0
    os.close(leader)
    shown = seen.decode(errors="replace")
    assert "importing" in shown and "/30" in shown and "events" in shown
    assert f"imported 30 hands, {sum(len(h['events']) for h in hands)} events; refused none" in shown


def test_the_answer_of_get_events_imports_as_it_is(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``GET /hands/{id}/events``'s answer, saved as it came (version, recorded_at, author and all)."""
    from uuid import UUID

    from adjudicator.adapters.hand_store import HandStore
    from adjudicator.service import hands as use

    events = random_hand(7, "chicago", "south")
    write(tmp_path / "hand.json", {"ruleset": "chicago", "dealer": "south", "events": events})
    assert main(["import", str(tmp_path / "hand.json"), "--as", "Ann"]) == 0
    (original,) = _imported(capsys)
    store = HandStore()
    try:
        listed = use.events(store, UUID(original))
    finally:
        store.close()
    assert listed["events"][0]["recorded_at"] and listed["events"][0]["author"]
    answer = write(tmp_path / "events.json", listed)
    assert main(["import", answer]) == 1  # which hand? the answer does not say
    assert "ruleset" in capsys.readouterr().err
    assert main(["import", answer, "--ruleset", "chicago", "--dealer", "south", "--as", "Bea"]) == 0
    (copy,) = _imported(capsys)
    assert main(["export", copy]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["events"] == [
        {**event, "author": {"name": "Ann", "role": "official"}, "recorded_at": listed_event["recorded_at"]}
        for event, listed_event in zip(events, listed["events"], strict=True)
    ]
    assert record["opened_by"] == {"name": "Bea", "role": "official"}
