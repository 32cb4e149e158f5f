"""Hand records: the text form's writer and parser, and ``adjudicator import`` of many hands.

``python benchmarks/bench_handfile.py``. Three figures, each min / median / max of ``ROUNDS`` rounds:
writing one complete 55-event hand's record as text (commentary included: the hand is adjudicated),
reading it back, and importing ``HANDS`` hands (JSON records) through the ``adjudicator import``
command into a fresh SQLite store (shape check, replay check, one commit a hand, read models).
"""

from __future__ import annotations

import io
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from adjudicator.cli import main
from adjudicator.domain.handfile import FORMAT, from_text, judged, normalized, to_text
from adjudicator.simulation.hands import random_hand

ROUNDS = 5
RUNS = 200
HANDS = 200


def _per_run(work: Callable[[], object], runs: int) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        work()
    return (time.perf_counter() - start) / runs


def _figures(samples: list[float], unit: float, label: str) -> str:
    low, mid, high = min(samples) * unit, statistics.median(samples) * unit, max(samples) * unit
    return f"{label}: {low:.2f} / {mid:.2f} / {high:.2f}"


def main_bench() -> None:
    record = normalized(
        {"format": FORMAT, "ruleset": "texas", "dealer": "north", "events": random_hand(1, "texas", "north")}
    )
    text = to_text(record, judged(record))
    writes = [_per_run(lambda: to_text(record, judged(record)), RUNS) for _ in range(ROUNDS)]
    reads = [_per_run(lambda: from_text(text), RUNS) for _ in range(ROUNDS)]
    print(_figures(writes, 1e3, "write one 55-event hand as text, ms (min / median / max)"))
    print(_figures(reads, 1e3, "read it back, ms"))
    records = [
        normalized(
            {
                "format": FORMAT,
                "ruleset": "detroit",
                "dealer": "north",
                "events": random_hand(n, "detroit", "north"),
            }
        )
        for n in range(HANDS)
    ]
    rates = []
    for _ in range(ROUNDS):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "hands.json"
            path.write_text(json.dumps(records))
            os.environ["ADJUDICATOR_DB"] = str(Path(directory) / "events.db")
            start = time.perf_counter()
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                assert main(["import", str(path)]) == 0
            rates.append(HANDS * 55 / (time.perf_counter() - start))
    print(_figures(rates, 1, f"adjudicator import of {HANDS} hands, events/s"))


if __name__ == "__main__":
    sys.exit(main_bench())
