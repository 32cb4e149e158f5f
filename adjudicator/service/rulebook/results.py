"""The outcome of each example as the engine running in this process computed it.

The examples are run by the service itself (``checks``: on start, in the background, and again when an
official asks), with the fingerprint of the engine that ran them (``adjudicator.service.results.engine``)
and when. Until the first run ends an example is "checking"; an example the run did not reach (a feature
file changed since) is "no result here". Never "not run": the outcomes do not depend on a test suite
having been run in this folder. Until then the pages may show a test suite's report instead
(``report``: pytest-bdd's cucumber JSON, where ``$ADJUDICATOR_CUCUMBER_REPORT`` names one), said so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

OUTCOMES = ("passed", "failed")
CHECKING = "checking"
NOT_RUN = "no result here"


def scenario_key(feature: str, line: int, example: Mapping[str, Any]) -> str:
    """One example of one scenario: its feature (relative to ``features/``), its line, its example row."""
    return json.dumps([feature, line, {k: str(v) for k, v in sorted(example.items())}])


@dataclass(frozen=True)
class Results:
    """One run of the examples (or none yet): each example's outcome, and why each failure failed."""

    run_at: str | None = None
    engine: str | None = None
    outcomes: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    running: bool = False
    report: str | None = None  # the test suite's report the outcomes were read from, not this engine's run

    def of(self, key: str) -> str:
        if key in self.outcomes:
            return self.outcomes[key]
        return CHECKING if self.run_at is None else NOT_RUN

    def why(self, key: str) -> str | None:
        return self.failures.get(key)

    @property
    def fingerprint(self) -> str:
        return (self.engine or "")[:12]

    @property
    def provenance(self) -> str:
        """Where the outcomes come from, in words for the pages."""
        if self.run_at is None:
            return (
                "The engine running here is checking the examples now; reload the page in a moment "
                "to see each one's outcome."
            )
        held = sum(1 for o in self.outcomes.values() if o == "passed")
        if self.report is not None:
            return (
                f"Each outcome was observed by the test suite (pytest-bdd's report {self.report}, "
                f"{self.run_at}): {held} of {len(self.outcomes)} examples hold. The engine running here "
                "has not checked them yet."
            )
        said = (
            f"Each outcome was computed by the engine running here (fingerprint {self.fingerprint}), "
            f"{self.run_at}: {held} of {len(self.outcomes)} examples hold."
        )
        return said + (" Checking them again now." if self.running else "")

    def again(self) -> Results:
        """The same outcomes, marked as being checked again."""
        return replace(self, running=True)
