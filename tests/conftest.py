"""Plugins every test directory sees: the Gherkin step library (``tests/features/steps``).

Shared fixtures live in the ``conftest.py`` nearest the tests that use them: ``unit/tournaments``
(simulated tournaments), ``integration`` (the SQLite and PostgreSQL event stores), ``e2e`` (the app,
a live server, an HTTP client).
"""

from hypothesis import settings

# Tests never assert on wall-clock time: hypothesis's default 200 ms deadline per example is one.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

pytest_plugins = [
    f"tests.features.steps.{module}"
    for module in (
        "scene",
        "hands",
        "deal",
        "bidding",
        "play",
        "rulings",
        "conduct",
        "scoring",
        "euchre",
        "tournaments",
        "registration",
        "seating",
        "sheets",
        "standings",
        "playoffs",
    )
]
pytest_plugins.append("tests.scenario_results")  # each scenario's outcome, for the living rulebook
