"""The rulebooks' rules as executable scenarios: features/<ruleset>/ and features/shared/.

Every row of MATRIX.md's Bid Whist tables (the deal, bidding, kitty contract and play, infractions,
scoring a hand) has at least one scenario. pytest-bdd collects every scenario of ``features/``
(``bdd_features_base_dir`` in pyproject), one test per example (a scenario, or one row of an outline's
``Examples``); its steps are the service's own step library (``conftest.py``), so the suite and the
living rulebook's check run the same steps. ``--cucumberjson=PATH`` writes pytest-bdd's report.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pytest_bdd import scenarios
from pytest_bdd.feature import get_features

from adjudicator.service.rulebook.examples import load_examples

FEATURES = Path(__file__).resolve().parents[2] / "features"  # bdd_features_base_dir

scenarios(".")


def test_pytest_bdd_runs_every_example_the_service_checks() -> None:
    """Each example of the living rulebook is one pytest-bdd test, found by what both read (its
    feature, line and steps' words, the row filled in): the way the pages read the suite's report
    (``adjudicator.service.rulebook.report``). pytest-bdd keeps one scenario of a name per feature: two of one
    name would run one."""
    ran = Counter(
        (feature.rel_filename, scenario.line_number, tuple(s.name for s in scenario.steps))
        for feature in get_features([str(FEATURES)])
        for template in feature.scenarios.values()
        for scenario in (
            [template.render(row) for block in template.examples for row in block.as_contexts()]
            or [template.render({})]
        )
    )
    checked = Counter((e.feature, e.line, tuple(s.text for s in e.steps)) for e in load_examples(FEATURES))
    assert ran == checked
    assert sum(checked.values()) > 400
