"""Where each example's outcome comes from, said on the pages: this build's suite checked it (and when),
or it has not been run here; never "not run" as if the rule were unchecked. ``adjudicator rulebook
--check`` runs this build's scenarios and the pages then show their outcomes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask

from adjudicator.rulebooks import RULESETS
from adjudicator.service.results import engine

PAGES = ("", *(f"/{r}" for r in RULESETS))


def test_without_a_run_of_this_build_the_pages_say_so_in_words(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    monkeypatch.setenv("ADJUDICATOR_RESULTS", str(tmp_path / "absent.json"))
    for page in PAGES:
        html = client.get(f"/console/rulebooks{page}").get_data(as_text=True)
        assert "not run" not in html, page
        assert "This build&#39;s test suite has not been run here" in html, page
    other = tmp_path / "other.json"  # outcomes of another build: not this engine's
    other.write_text(json.dumps({"run_at": "2026-11-01T10:00:00+00:00", "engine": "0" * 64, "scenarios": {}}))
    monkeypatch.setenv("ADJUDICATOR_RESULTS", str(other))
    html = client.get("/console/rulebooks/texas").get_data(as_text=True)
    assert "checked by the test suite of another build of the engine" in html
    assert "outcome-passed" not in html


def test_the_check_runs_this_builds_scenarios_and_the_pages_show_their_outcomes(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "scenarios.json"
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "rulebook", "--check"],
        env={**os.environ, "ADJUDICATOR_RESULTS": str(results)},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Outcomes checked by the test suite of this build of the engine" in done.stdout
    recorded = json.loads(results.read_text())
    assert recorded["engine"] == engine()
    assert len(recorded["scenarios"]) > 400
    monkeypatch.setenv("ADJUDICATOR_RESULTS", str(results))
    html = app.test_client().get("/console/rulebooks/detroit").get_data(as_text=True)
    assert f"Outcomes checked by the test suite of this build of the engine, {recorded['run_at']}." in html
    assert "outcome-passed" in html
    assert "no result here" not in html
