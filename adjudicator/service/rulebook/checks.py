"""The living rulebook's examples run by the engine this service runs (issue 20, item 8).

A run checks every example: each is a scenario's steps run by ``adjudicator.examples`` against the
domain in memory, no database, no test framework; it takes some seconds of a core. So a serving
process never runs it (its requests would wait behind it): ``ensure`` starts a run in a process of
its own at the lowest priority (``python -m adjudicator.service.rulebook``), once per version of the
engine and of the scenarios, whose outcomes every process then reads (``kept``). ``adjudicator serve``
ensures it once before its workers start. An official's "check again" (``again``) joins a run under
way, and starts none within ``COOLDOWN`` of the last one's end. ``adjudicator rulebook --check`` runs
them in its own process (``check``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Literal

from adjudicator.examples import run
from adjudicator.service.results import engine
from adjudicator.service.rulebook import kept
from adjudicator.service.rulebook.examples import Example
from adjudicator.service.rulebook.results import Results

#: Seconds after a run ends before an official's "check again" starts another.
COOLDOWN = 60.0
#: The program of a run (``__main__``).
RUNNER = "adjudicator.service.rulebook"

_lock = threading.Lock()
_state: dict[str, Results] = {"results": Results()}  # the last run in this process (``check``)
_runs: list[subprocess.Popen[bytes]] = []  # the runs this process started, until they end

Again = Literal["started", "running", "cooling"]


def current() -> Results:
    """The outcomes of the latest run for this version (none before the first ends), marked while
    a new run goes on: those kept (``kept``), or this process's own (``check``) if newer."""
    version = kept.fingerprint()
    found = kept.read(version)
    own = _state["results"]
    results = found if found is not None and (own.run_at or "") <= (found.run_at or "") else own
    return results.again() if results.run_at is not None and kept.held(version) else results


def check(examples: Iterable[Example]) -> Results:
    """Run every example now, in this process, and keep the outcomes here (one run at a time)."""
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


def ensure() -> subprocess.Popen[bytes] | None:
    """Start a run for this version unless its outcomes are kept or a run is under way: the run's
    process, or None. OSError when the outcomes cannot be kept (``kept.directory``)."""
    version = kept.fingerprint()
    return None if kept.read(version) is not None else _start(version)


def again() -> tuple[Again, float]:
    """An official's "check again": ``started``; ``running``, a run under way that this one joins;
    or ``cooling``, with the seconds until another may start."""
    version = kept.fingerprint()
    if kept.held(version):
        return "running", 0.0
    ended = kept.finished_at(version)
    left = 0.0 if ended is None else COOLDOWN - (time.time() - ended)
    if left > 0:
        return "cooling", left
    return ("started", 0.0) if _start(version) is not None else ("running", 0.0)


def _start(version: str) -> subprocess.Popen[bytes] | None:
    """A run for ``version`` in a process of its own, holding the run's lock (None: one holds it)."""
    handle = kept.locked(version)
    if handle is None:
        return None
    try:  # the lock is the child's alone from here: it is held until the run's process ends
        process = subprocess.Popen(
            [sys.executable, "-m", RUNNER, version, str(handle)],
            pass_fds=(handle,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            start_new_session=True,  # the outcomes are the version's: a stop of its serve (or a
            # signal to its process group) does not waste the run
        )
    finally:
        os.close(handle)
    _runs.append(process)
    threading.Thread(target=_reap, args=(process,), name="rulebook-check", daemon=True).start()
    return process


def _reap(process: subprocess.Popen[bytes]) -> None:
    process.wait()
    if process in _runs:
        _runs.remove(process)


def running() -> bool:
    """Whether a run for this version is under way, in any process."""
    return kept.held(kept.fingerprint())


def wait(timeout: float = 900.0) -> Results:
    """The outcomes for this version once a run has kept them: a run under way (in any process)
    waited for, and one started when none is kept or under way (a run killed keeps nothing). For a
    benchmark or a test that must not measure, or race, the check."""
    version = kept.fingerprint()
    deadline = time.monotonic() + timeout
    while kept.read(version) is None and time.monotonic() < deadline:
        for process in list(_runs):
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        if kept.read(version) is None and not kept.held(version):
            _start(version)
        time.sleep(0.1)
    return current()
