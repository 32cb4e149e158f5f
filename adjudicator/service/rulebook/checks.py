"""The living rulebook's examples run by the engine this process runs (issue 20, item 8).

The service checks every example once on start, in a background thread that never delays readiness
(``start``), and again when an official asks (``POST /console/rulebooks/check``) or on
``adjudicator rulebook --check`` (``check``). A run takes a few seconds: each example is a scenario's
steps run by ``adjudicator.examples`` against the domain in memory, no database, no test framework.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime

from adjudicator.examples import run
from adjudicator.service.results import engine
from adjudicator.service.rulebook.examples import Example
from adjudicator.service.rulebook.results import Results

_lock = threading.Lock()
_state: dict[str, Results] = {"results": Results()}
_running: list[threading.Thread] = []
_starting = threading.Lock()


def current() -> Results:
    """The last run's outcomes (none before the first run ends), marked while a new run goes on."""
    results = _state["results"]
    return results.again() if _running and results.run_at is not None else results


def check(examples: Iterable[Example]) -> Results:
    """Run every example now and keep the outcomes (one run at a time)."""
    with _lock:
        outcomes: dict[str, str] = {}
        failures: dict[str, str] = {}
        for example in examples:
            outcome = run(example.steps)
            outcomes[example.key] = "passed" if outcome.passed else "failed"
            if outcome.failure is not None:
                failures[example.key] = outcome.failure
        when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        _state["results"] = Results(when, engine(), outcomes, failures)
        return _state["results"]


def start(examples: Callable[[], Iterable[Example]]) -> bool:
    """Read and check the examples in the background unless a run is under way; whether one was
    started."""
    with _starting:
        if _running:
            return False
        thread = threading.Thread(target=_background, args=(examples,), name="rulebook-check", daemon=True)
        _running.append(thread)
    thread.start()
    return True


def _background(examples: Callable[[], Iterable[Example]]) -> None:
    try:
        check(examples())
    finally:
        _running.clear()


def wait() -> Results:
    """The outcomes once the run under way (if any) has ended: for a benchmark or a test that must not
    measure, or race, the check."""
    for thread in list(_running):
        thread.join()
    return current()


def running() -> bool:
    return bool(_running)


def started() -> bool:
    """Whether this process has checked, or is checking, the examples."""
    return bool(_running) or _state["results"].run_at is not None
