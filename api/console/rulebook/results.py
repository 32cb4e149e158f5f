"""The outcome of each scenario example in the last test run (``tests/scenario_results.py`` writes it).

An example absent from the file, or a file that is missing or unreadable, is "not run": a pass is
shown only where the run recorded one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OUTCOMES = ("passed", "failed", "skipped")
NOT_RUN = "not run"


def scenario_key(feature: str, line: int, example: Mapping[str, Any]) -> str:
    """One example of one scenario: its feature (relative to ``features/``), its line, its example row."""
    return json.dumps([feature, line, {k: str(v) for k, v in sorted(example.items())}])


@dataclass(frozen=True)
class Results:
    run_at: str | None = None
    outcomes: dict[str, str] = field(default_factory=dict)

    def of(self, key: str) -> str:
        return self.outcomes.get(key, NOT_RUN)


def load_results(path: Path) -> Results:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        scenarios = data["scenarios"]
        outcomes = {str(k): str(v) for k, v in scenarios.items() if v in OUTCOMES}
        return Results(str(data.get("run_at") or "") or None, outcomes)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Results()
