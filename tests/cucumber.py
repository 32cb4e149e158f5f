"""pytest-bdd's cucumber JSON report (``--cucumberjson=PATH``) under pytest-xdist.

pytest-bdd keeps each scenario's report beside the test report in a registry of its process, so the
controller, which writes the file, sees none of the workers' scenarios and writes ``[]``. Each worker
sends the scenario's serialized report with its test report (``user_properties`` reach the
controller), and the controller puts it back in pytest-bdd's registry before pytest-bdd's own writer
reads it. A test that fails after its steps all held (the suite's check after the last step) marks its
last step failed, so the report never says a failed test passed.
"""

from __future__ import annotations

from collections.abc import Generator

import pytest
from pytest_bdd.reporting import ReportContext, test_report_context_registry

KEY = "pytest-bdd scenario"


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
