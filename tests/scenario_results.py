"""Records each Gherkin scenario's outcome to ``build/scenarios.json`` for the living rulebook.

pytest-bdd's ``--cucumberjson`` under pytest-xdist (``-n 2``) writes an empty list (it reads what
pytest-bdd attaches to reports, which the workers do not send back), so this plugin marks each
scenario's item with a key (``user_properties`` travel with every report) and the process that sees
all reports (the controller under ``-n``, else the only one) writes the outcomes when the session
ends. A session that ran no scenario leaves the file alone; one that ran some replaces it, so the file
is always one run's observations. ``$ADJUDICATOR_RESULTS`` names another file (and
``$ADJUDICATOR_FEATURES`` another features directory), as for the pages.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from adjudicator.service.results import engine
from api.console.rulebook.results import scenario_key
from api.console.rulebook.sources import features_dir, results_file

KEY = "bdd-scenario"
RANK = {"passed": 0, "skipped": 1, "failed": 2}

_outcomes: dict[str, str] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if template is None:
        return
    path = Path(template.feature.filename).resolve()
    features = features_dir().resolve()
    if not path.is_relative_to(features):
        return  # a feature outside features/ is no rule of a rulebook
    feature = path.relative_to(features).as_posix()
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
    path = results_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    written = {
        "run_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "engine": engine(),  # the pages show these outcomes only for this build of the engine
        "scenarios": dict(_outcomes),
    }
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(written, indent=1, sort_keys=True))
    temporary.replace(path)
