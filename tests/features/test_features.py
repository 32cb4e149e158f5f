"""The rulebooks' rules as executable scenarios: features/<ruleset>/ and features/shared/.

Every row of MATRIX.md's Bid Whist tables (the deal, bidding, kitty contract and play, infractions,
scoring a hand) has at least one scenario. pytest-bdd collects every scenario of ``features/``
(``bdd_features_base_dir`` in pyproject), one test per example (a scenario, or one row of an outline's
``Examples``); its steps are the service's own step library (``conftest.py``), so the suite and the
living rulebook's check run the same steps. ``--cucumberjson=PATH`` writes pytest-bdd's report.
"""

from __future__ import annotations

from pytest_bdd import scenarios

scenarios(".")
