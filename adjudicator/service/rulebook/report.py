"""A test suite's outcomes of the examples: pytest-bdd's cucumber JSON report (``pytest
--cucumberjson=PATH``, the suite's run of ``features/``), for the pages until this process's engine has
checked the examples itself (``library.Library.results``).

The report names no outline row, so an element is matched to its example by what both say: its
feature (the report's ``uri``, relative to ``features/``), its scenario's line and its steps' words,
the row filled in. An element that matches no example (a feature file changed since) is left out, and
so is a scenario the report holds no step of (pytest-bdd leaves out one stopped by a sentence no step
says): those examples have "no result here".
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adjudicator.service.rulebook.examples import Example
from adjudicator.service.rulebook.results import OUTCOMES, Results


def read_report(path: Path, examples: Iterable[Example]) -> Results | None:
    """The report's outcome of each example it ran, dated by the file; None when there is no report to
    read (missing, or not a cucumber JSON report)."""
    try:
        features = json.loads(path.read_text(encoding="utf-8"))
        written = datetime.fromtimestamp(path.stat().st_mtime, UTC)
        elements = [(f["uri"], e) for f in features for e in f["elements"]]
        said = {(uri, e["line"], tuple(s["name"] for s in e["steps"])): e["steps"] for uri, e in elements}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    outcomes: dict[str, str] = {}
    failures: dict[str, str] = {}
    for example in examples:
        steps = said.get((example.feature, example.line, tuple(s.text for s in example.steps)))
        if not steps:
            continue
        failed = next((s for s in steps if _status(s) == "failed"), None)
        if failed is not None:
            outcomes[example.key] = "failed"
            failures[example.key] = f"{failed.get('keyword')} {failed.get('name')}: {_reason(failed)}"
        elif all(_status(s) in OUTCOMES for s in steps):
            outcomes[example.key] = "passed"
    when = written.strftime("%Y-%m-%d %H:%M:%S UTC")
    return Results(when, None, outcomes, failures, report=str(path))


def _status(step: Mapping[str, Any]) -> object:
    result = step.get("result")
    return result.get("status") if isinstance(result, Mapping) else None


def _reason(step: Mapping[str, Any]) -> str:
    """What pytest said of the failure: the lines of its report that say the error (``E   ...``)."""
    message = str(step["result"].get("error_message") or "")
    said = " ".join(line[1:].strip() for line in message.splitlines() if line.startswith("E "))
    return " ".join(said.split())[:500] or "failed"
