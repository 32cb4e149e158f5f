"""What every test directory sees: hypothesis's profile, and pytest-bdd's cucumber report under xdist
(``tests.cucumber``). pytest-bdd runs the scenarios of ``features/`` (``tests/features``) with the
package's step library (``adjudicator.examples``).

Shared fixtures live in the ``conftest.py`` nearest the tests that use them: ``unit/tournaments``
(simulated tournaments), ``integration`` (the SQLite and PostgreSQL event stores), ``e2e`` (the app,
a live server, an HTTP client).
"""

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

# Tests never assert on wall-clock time: hypothesis's default 200 ms deadline per example is one.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

pytest_plugins = ["tests.cucumber"]  # on the controller too: it writes --cucumberjson


#: Where the living rulebook's outcomes are kept while the tests run: one folder for the whole run
#: (its xdist workers and the servers they start inherit it), never the user's cache.
KEPT = "ADJUDICATOR_RULEBOOK_CHECKS"
_kept = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ:
        os.environ[KEPT] = tempfile.mkdtemp(prefix="adjudicator-rulebook-")
        config.stash[_kept] = os.environ[KEPT]


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(_kept, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
