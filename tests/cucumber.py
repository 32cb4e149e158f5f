"""pytest-bdd's cucumber JSON report (``--cucumberjson=PATH``) under pytest-xdist.

pytest-bdd keeps each scenario's report beside the test report in a registry of its process, so the
controller, which writes the file, sees none of the workers' scenarios and writes ``[]``. Each worker
sends the scenario's serialized report with its test report (``user_properties`` reach the
controller), and the controller puts it back in pytest-bdd's registry before pytest-bdd's own writer
reads it. A test that fails after its steps all held (the suite's check after the last step) marks its
last step failed, so the report never says a failed test passed.

Without ``--cucumberjson`` the suite writes its report to ``build/cucumber.json`` all the same, but only
when the run held scenarios: ``pytest tests/unit`` leaves the last report as it was (pytest-bdd's own
writer would replace it with ``[]``). The living rulebook's pages read it where
``$ADJUDICATOR_CUCUMBER_REPORT`` says.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest
from pytest_bdd.cucumber_json import LogBDDCucumberJSON
from pytest_bdd.reporting import ReportContext, test_report_context_registry

KEY = "pytest-bdd scenario"
#: Where the suite's report goes when no ``--cucumberjson`` names a file.
DEFAULT_REPORT = Path(__file__).resolve().parents[1] / "build" / "cucumber.json"


class SuiteReport(LogBDDCucumberJSON):
    """pytest-bdd's writer, writing only a run that held scenarios."""

    def pytest_sessionfinish(self) -> None:
        if self.features:
            Path(self.logfile).parent.mkdir(parents=True, exist_ok=True)
            super().pytest_sessionfinish()

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.features:
            super().pytest_terminal_summary(terminalreporter)


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput") and config.option.cucumber_json_path is None:
        config.pluginmanager.register(SuiteReport(str(DEFAULT_REPORT)), "adjudicator-suite-report")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield  # pytest-bdd's own hook, inside this one, has registered the scenario's report
    context = test_report_context_registry.get(report)
    if context is None or report.when != "call":
        return report
    steps = context.scenario["steps"]
    if report.failed and steps and not any(s["failed"] for s in steps):
        steps[-1]["failed"] = True
    if hasattr(item.config, "workerinput"):
        sent = {"scenario": context.scenario, "name": context.name}
        report.user_properties = [*report.user_properties, (KEY, sent)]
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report in test_report_context_registry:
        return
    for name, value in report.user_properties:
        if name == KEY:
            test_report_context_registry[report] = ReportContext(**value)
