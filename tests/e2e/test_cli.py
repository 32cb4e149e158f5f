"""The ``adjudicator`` command: import, replay for an official, rebuild the read models; its settings
checked before anything starts, its version, and help for every option."""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.settings import TOOLS, VARIABLES
from adjudicator.cli import main, parser
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import free_port
from tests.e2e.serving import ServeProcesses

ROOT = Path(__file__).resolve().parents[2]


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


#: A value each setting refuses, and the words of what it takes (``adjudicator.adapters.settings``).
REFUSED = {
    "ADJUDICATOR_CACHE_MB": ("lots", "a number of megabytes from 0"),
    "ADJUDICATOR_LOG_FORMAT": ("xml", "one of text, json"),
    "ADJUDICATOR_COMMIT_GATHER_MS": ("5000", "a number of milliseconds from 0 to 1000"),
    "ADJUDICATOR_ANONYMOUS_READS": ("some", "one of finished, none"),
    "ADJUDICATOR_HEADER_TIMEOUT": ("0", "a number of seconds above 0"),
    "ADJUDICATOR_CLIENT_REQUESTS": ("-3", "a whole number of requests from 1"),
    "ADJUDICATOR_TRUSTED_PROXIES": ("one", "a whole number of proxies from 0"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_bad_setting_stops_serve_before_it_listens_or_issues_a_credential(
    tmp_path: Path, name: str
) -> None:
    value, takes = REFUSED[name]
    processes = ServeProcesses()
    try:
        process = processes.spawn(tmp_path, free_port(), **{name: value})
        output = process.communicate(timeout=60)[0].decode()
    finally:
        processes.close()
    assert process.returncode == 1, output
    default = VARIABLES[name].default
    shown = f"{default:g}" if isinstance(default, float) else default
    assert (
        output.strip() == f"adjudicator: {name}={value!r} is not accepted: it takes {takes} (default {shown})"
    )
    assert not (tmp_path / "events.db").exists()  # no store opened, no credential issued


def test_every_setting_the_code_reads_is_checked_at_start() -> None:
    """Each ``ADJUDICATOR_*`` variable named in the service's code is in the one table of settings."""
    named: set[str] = set()
    for folder in ("adjudicator", "api"):
        for source in (ROOT / folder).rglob("*.py"):
            named |= set(re.findall(r"\"(ADJUDICATOR_[A-Z_]+)\"", source.read_text()))
    flask_only = {f"ADJUDICATOR_{key}" for key in ("PERSISTENCE", "READ_MODELS", "STORE", "CREDENTIALS")}
    flask_only |= {"ADJUDICATOR_CHECK_EXAMPLES"}
    assert {
        "ADJUDICATOR_CACHE_MB",
        "ADJUDICATOR_LOG_FORMAT",
        "ADJUDICATOR_SERVE_PID",
    } <= named  # the scan works
    assert sorted(named - flask_only - TOOLS - set(VARIABLES)) == []
    for variable in VARIABLES.values():
        if variable.name in REFUSED:
            with pytest.raises(ValueError, match=f"^{variable.name}="):
                variable.parse(REFUSED[variable.name][0])


def test_version_prints_the_package_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout == f"adjudicator {version('adjudicator')}\n"


def _parsers(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helped = {choice.dest for choice in action._choices_actions if choice.help}
            assert set(action.choices) == helped, f"{path}: a command without help"
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}")


def test_every_option_of_every_command_has_help() -> None:
    walked = 0
    for path, command in _parsers(parser(), "adjudicator"):
        for action in command._actions:
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"{path} {'/'.join(action.option_strings) or action.dest} has no help"
        walked += 1
    assert walked > 12  # the walk reached the subcommands


def test_the_top_level_help_names_both_games() -> None:
    text = parser().format_help()
    assert "Bid Whist" in text and "Bid Euchre" in text
