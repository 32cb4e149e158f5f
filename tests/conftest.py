"""Plugins every test directory sees: the Gherkin step library (``tests/features/steps``).

Shared fixtures live in the ``conftest.py`` nearest the tests that use them: ``unit/tournaments``
(simulated tournaments), ``integration`` (the SQLite and PostgreSQL event stores), ``e2e`` (the app,
a live server, an HTTP client).
"""

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
