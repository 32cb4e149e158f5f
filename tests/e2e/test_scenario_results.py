"""The test run's record of each scenario's outcome (``tests/scenario_results.py``), as the living
rulebook reads it: written under pytest-xdist, a failure recorded as one, keyed as the pages key the
examples, and left alone by a run that executes no scenario."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from api.console.rulebook.examples import load_examples
from api.console.rulebook.results import load_results

ROOT = Path(__file__).resolve().parents[2]

FEATURE = """@texas
Feature: A rule checked twice
  Scenario: It holds
    Given a rule
    Then it holds

  Scenario Outline: It holds for <n>
    Given a rule
    Then it holds for <n>

    Examples:
      | n |
      | 1 |
      | 2 |
"""

TESTS = """
from pytest_bdd import given, parsers, scenarios, then

scenarios("features")


@given("a rule")
def rule() -> None:
    pass


@then("it holds")
def holds() -> None:
    pass


@then(parsers.parse("it holds for {n:d}"))
def holds_for(n: int) -> None:
    assert n == 1, "it does not hold for 2"
"""


def run(directory: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "ADJUDICATOR_FEATURES": str(directory / "features"),
        "ADJUDICATOR_RESULTS": str(directory / "results.json"),
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "tests.scenario_results",
            "-p",
            "no:cacheprovider",
            *args,
        ],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_outcomes_are_recorded_under_xdist_failures_included(tmp_path: Path) -> None:
    (tmp_path / "features" / "texas").mkdir(parents=True)
    (tmp_path / "features" / "texas" / "rule.feature").write_text(FEATURE)
    (tmp_path / "test_rule.py").write_text(TESTS)
    (tmp_path / "pytest.ini").write_text("[pytest]\nbdd_features_base_dir = .\nmarkers =\n    texas: texas\n")
    done = run(tmp_path, "-n", "2", "test_rule.py")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed, 2 passed" in done.stdout
    examples = load_examples(tmp_path / "features")
    results = load_results(tmp_path / "results.json")
    assert results.run_at is not None
    assert [results.of(e.key) for e in examples] == ["passed", "passed", "failed"]
    assert [e.name for e in examples] == ["It holds", "It holds for 1", "It holds for 2"]

    before = (tmp_path / "results.json").read_text()
    (tmp_path / "test_plain.py").write_text("def test_nothing_to_do_with_rules() -> None:\n    pass\n")
    assert run(tmp_path, "test_plain.py").returncode == 0
    assert (tmp_path / "results.json").read_text() == before
    assert json.loads(before)["scenarios"]
