"""What every test directory sees: hypothesis's profile, and pytest-bdd's cucumber report under xdist
(``tests.cucumber``). pytest-bdd runs the scenarios of ``features/`` (``tests/features``) with the
package's step library (``adjudicator.examples``).

Shared fixtures live in the ``conftest.py`` nearest the tests that use them: ``unit/tournaments``
(simulated tournaments), ``integration`` (the SQLite and PostgreSQL event stores), ``e2e`` (the app,
a live server, an HTTP client).
"""

from hypothesis import settings

# Tests never assert on wall-clock time: hypothesis's default 200 ms deadline per example is one.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

pytest_plugins = ["tests.cucumber"]  # on the controller too: it writes --cucumberjson
