"""The living rulebook's examples, runnable in this process: the scenarios of ``features/`` run by the
engine the service runs, without a test framework (issue 20, item 8).

``registry`` holds which sentence runs which step; ``runner`` runs one example; ``steps`` is the step
library, in the rulebooks' words (``steps.vocabulary`` maps them to the engine's names). The service
(``adjudicator.service.rulebook.checks``) runs the examples through :func:`run`; the test suite runs
them with pytest-bdd, whose steps ``tests/features/conftest.py`` makes from this registry: one set of
steps.
"""

from adjudicator.examples import steps
from adjudicator.examples.runner import NoStep, Outcome, run

__all__ = ["NoStep", "Outcome", "run", "steps"]
