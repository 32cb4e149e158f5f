"""``adjudicator token create|list|revoke`` through the real CLI, and the tokens it issues at the API."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.e2e.conftest import client_as, sqlite_config


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "HANDS_PERSISTENCE_MODULE", "ADJUDICATOR_READ_DB"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "events.db"))
    return tmp_path / "events.db"


def _create(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["token", "create", *args]) == 0
    return capsys.readouterr().out.splitlines()[-1]


def test_create_list_revoke_and_the_api_agrees(database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chief = _create(capsys, "--role", "official", "--name", "Chief official")
    viewer = _create(capsys, "--role", "viewer", "--name", "Press")
    assert chief.startswith("adj_") and chief != viewer
    assert main(["token", "list"]) == 0
    listing = capsys.readouterr().out
    assert "Chief official" in listing and "Press" in listing and "live" in listing
    assert chief not in listing and viewer not in listing  # a token is shown once, at creation
    assert main(["token", "create", "--role", "viewer", "--name", "Press"]) == 1  # names are never reused
    assert main(["token", "create", "--role", "scorekeeper", "--name", "T", "--tournament", "x"]) == 1
    capsys.readouterr()

    app = create_app(sqlite_config(database.parent))
    try:
        official, press = client_as(app, chief), client_as(app, viewer)
        assert official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).status_code == 201
        assert press.post("/hands", json={"ruleset": "texas", "dealer": "north"}).status_code == 403
        assert main(["token", "revoke", "Chief official"]) == 0
        assert "revoked official credential" in capsys.readouterr().out
        assert official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).status_code == 401
        assert main(["token", "revoke", "Nobody"]) == 1
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


def test_import_records_its_official_as_the_author(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {"ruleset": "texas", "dealer": "north", "events": random_hand(3, "texas", "north")[:5]}
    (tmp_path / "hand.json").write_text(json.dumps(hand))
    assert main(["import", str(tmp_path / "hand.json"), "--as", "Desk official"]) == 0
    hand_id = capsys.readouterr().out.split()[0]
    chief = _create(capsys, "--role", "official", "--name", "Chief official")
    app = create_app(sqlite_config(database.parent))
    try:
        log = client_as(app, chief).get(f"/hands/{hand_id}/events").get_json()["events"]
        assert {json.dumps(e["author"]) for e in log} == {'{"name": "Desk official", "role": "official"}'}
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


def test_the_installed_command_issues_a_token(tmp_path: Path) -> None:
    script = shutil.which("adjudicator", path=os.path.dirname(sys.executable))
    command = [script] if script else [sys.executable, "-m", "adjudicator.cli"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_"))}
    env["ADJUDICATOR_DB"] = str(tmp_path / "events.db")
    done = subprocess.run(
        [*command, "token", "create", "--role", "viewer", "--name", "Screen"],
        env=env, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    token = done.stdout.splitlines()[-1]
    listed = subprocess.run(
        [*command, "token", "list"], env=env, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert token.startswith("adj_") and "Screen" in listed and token not in listed
