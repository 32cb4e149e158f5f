"""Records each Gherkin scenario's outcome to ``build/scenarios.json`` for the living rulebook.

pytest-bdd's ``--cucumberjson`` is written from reports that pytest-xdist does not carry back from
its workers, so this plugin marks each scenario's item with a key (``user_properties`` travel with
every report) and the process that sees all reports (the controller under ``-n``, else the only one)
writes the outcomes when the session ends. A session that ran no scenario leaves the file alone; one
that ran some replaces it, so the file is always one run's observations. ``$ADJUDICATOR_RESULTS``
names another file.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from api.console.rulebook.results import scenario_key

ROOT = Path(__file__).resolve().parents[1]
FEATURES = ROOT / "features"
KEY = "bdd-scenario"
RANK = {"passed": 0, "skipped": 1, "failed": 2}

_outcomes: dict[str, str] = {}


def results_path() -> Path:
    return Path(os.environ.get("ADJUDICATOR_RESULTS") or ROOT / "build" / "scenarios.json")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if template is None:
        return
    feature = Path(template.feature.filename).resolve().relative_to(FEATURES).as_posix()
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example", {}) if callspec is not None else {}
    item.user_properties.append((KEY, scenario_key(feature, template.line_number, example)))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    keys = [value for name, value in report.user_properties if name == KEY]
    if not keys or (report.when != "call" and report.outcome == "passed"):
        return
    before = _outcomes.get(keys[0], "passed")
    _outcomes[keys[0]] = max(before, report.outcome, key=RANK.__getitem__)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput") or not _outcomes:
        return
    path = results_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    written = {"run_at": datetime.now(UTC).isoformat(timespec="seconds"), "scenarios": dict(_outcomes)}
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(written, indent=1, sort_keys=True))
    temporary.replace(path)
