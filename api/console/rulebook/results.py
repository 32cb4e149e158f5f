"""The outcome of each scenario example as the test suite of this build of the engine observed it
(``tests/scenario_results.py`` writes the file, with the fingerprint of the engine it ran against).

An outcome is shown only where the file was written by a run against the engine this process runs
(``adjudicator.service.results.engine``): a run of other code says nothing of this one. An example
without an outcome is "no result here", and the page says why in words (``Results.provenance``):
this build's suite has not been run here, or the outcomes on record are another build's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OUTCOMES = ("passed", "failed", "skipped")
NOT_RUN = "no result here"


def scenario_key(feature: str, line: int, example: Mapping[str, Any]) -> str:
    """One example of one scenario: its feature (relative to ``features/``), its line, its example row."""
    return json.dumps([feature, line, {k: str(v) for k, v in sorted(example.items())}])


@dataclass(frozen=True)
class Results:
    run_at: str | None = None
    outcomes: dict[str, str] = field(default_factory=dict)
    other_engine: str | None = None  # a run on record, of another build than this one: not shown

    def of(self, key: str) -> str:
        return self.outcomes.get(key, NOT_RUN)

    @property
    def provenance(self) -> str:
        """Where the outcomes come from, in words for the pages."""
        if self.other_engine is not None:
            return (
                f"The outcomes on record ({self.run_at or 'undated'}) were checked by the test suite of "
                "another build of the engine, not the one running here, so they are not shown: this "
                "build's test suite has not been run here (adjudicator rulebook --check runs it)."
            )
        if self.run_at is None:
            return (
                "This build's test suite has not been run here: the examples have no outcome "
                "(adjudicator rulebook --check runs it)."
            )
        return f"Outcomes checked by the test suite of this build of the engine, {self.run_at}."


def load_results(path: Path, engine: str | None = None) -> Results:
    """The file's outcomes; none (the run named as another build's) when it ran against another engine
    than ``engine`` (None: any)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        scenarios = data["scenarios"]
        outcomes = {str(k): str(v) for k, v in scenarios.items() if v in OUTCOMES}
        run_at = str(data.get("run_at") or "") or None
        recorded = str(data.get("engine") or "")
        if engine is not None and recorded != engine:
            return Results(run_at, {}, other_engine=recorded or "unknown")
        return Results(run_at, outcomes)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Results()
