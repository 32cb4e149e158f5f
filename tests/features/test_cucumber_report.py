"""The suite's cucumber JSON report, written under pytest-xdist, read by the living rulebook's pages.

One run of pytest-bdd on a feature file of its own, through one xdist worker (the path where pytest-bdd
alone writes ``[]``), of one rulebook's examples (``-m texas``: an ``@all`` example is every Bid Whist
rulebook's): each example's outcome reaches the report, an outline row by row, and the pages, told
where the report is, show those outcomes until the engine running here has checked them itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.service.rulebook import checks
from adjudicator.service.rulebook.examples import parse_feature
from adjudicator.service.rulebook.library import library
from adjudicator.service.rulebook.report import read_report
from adjudicator.service.rulebook.results import NOT_RUN, Results
from api.console.rulebook.site import Where, content, environment

REPOSITORY = Path(__file__).resolve().parents[2]
SAID = """Feature: F
  @texas
  Scenario: held
    Given a texas hand dealt by west
    When the scorekeeper records an event of a kind named "shuffle"
    Then the event is refused: "unknown event type 'shuffle'"

  @all
  Scenario Outline: refused for <why>
    Given a texas hand dealt by west
    When the scorekeeper records an event of a kind named "shuffle"
    Then the event is refused: "<why>"

    Examples:
      | why                          |
      | unknown event type 'shuffle' |
      | the shuffle was too short    |

  @texas
  Scenario: fails after its steps
    Given a texas hand dealt by west

  @texas
  Scenario: unsaid
    Given a hand dealt by the moon

  @detroit
  Scenario: not Texas's
    Given a detroit hand dealt by west
"""
AFTER = """def pytest_bdd_after_scenario(request, feature, scenario):
    assert scenario.name != "fails after its steps", "the check after the last step"
"""


def test_the_report_written_under_xdist_is_what_the_pages_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    features, report = tmp_path / "features", tmp_path / "cucumber.json"
    (features / "shared").mkdir(parents=True)
    (features / "shared" / "said.feature").write_text(SAID)
    (tmp_path / "after_steps.py").write_text(AFTER)
    run = [sys.executable, "-m", "pytest", "tests/features/test_features.py", "-n", "1", "-m", "texas"]
    run += ["-p", "after_steps", "-o", f"bdd_features_base_dir={features}", f"--cucumberjson={report}"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPOSITORY), str(tmp_path)])}
    done = subprocess.run(run, cwd=REPOSITORY, env=env, capture_output=True, text=True, timeout=300)
    assert "3 failed, 2 passed in" in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]

    (element,) = json.loads(report.read_text())
    assert (
        element["uri"] == "shared/said.feature" and len(element["elements"]) == 4
    )  # not "unsaid", nor Detroit's
    examples = parse_feature(SAID, "shared/said.feature")
    held, _, row2, after, unsaid, _ = examples
    results = read_report(report, examples)
    assert results is not None
    outcomes = [results.of(e.key) for e in examples]
    assert outcomes == ["passed", "passed", "failed", "failed", NOT_RUN, NOT_RUN]
    assert str(results.why(row2.key)).startswith(
        'Then the event is refused: "the shuffle was too short": '
        "AssertionError: refused for another reason: unknown event type 'shuffle'"
    )
    assert "the check after the last step" in str(results.why(after.key))
    assert read_report(tmp_path / "missing.json", [held]) is None

    monkeypatch.setenv("ADJUDICATOR_FEATURES", str(features))
    monkeypatch.setenv("ADJUDICATOR_CUCUMBER_REPORT", str(report))
    monkeypatch.setitem(checks._state, "results", Results())  # this engine has not checked them yet
    assert library().outcome(row2) == "failed" and library().outcome(unsaid) == NOT_RUN
    template, context = content("texas", Where(static=True))
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    assert f"observed by the test suite (pytest-bdd&#39;s report {report}" in html
    assert "2 of 4 examples hold" in html and "outcome-failed" in html
    monkeypatch.setitem(checks._state, "results", checks.check([held]))
    assert library().outcome(row2) == NOT_RUN, "this engine's own check, once run, is what the pages show"
