"""Paced work rests after each slice of work (the interpreter lock free for the tables), and only
within ``paced()``: elsewhere ``pace()`` costs nothing."""

from __future__ import annotations

import time

from adjudicator.pacing import pace, paced


def _working(seconds: float) -> float:
    """Work for ``seconds``, calling ``pace()`` as a loop of items does: the wall time it took."""
    started = time.perf_counter()
    worked = 0.0
    while worked < seconds:
        begun = time.perf_counter()
        while time.perf_counter() - begun < 0.0005:
            pass
        worked += time.perf_counter() - begun
        pace()
    return time.perf_counter() - started


def test_paced_work_rests_between_slices_and_unpaced_work_does_not() -> None:
    # Bounds far apart: a loaded machine stretches the work's wall time, never the rests away.
    assert _working(0.05) < 0.4  # no rest outside paced()
    with paced(slice_seconds=0.005, rest_seconds=0.5):
        took = _working(0.05)
    assert took >= 0.05 + 0.5  # a rest after 5 ms of work at least (about ten, on an idle machine)
    assert _working(0.05) < 0.4  # and none once it is over
