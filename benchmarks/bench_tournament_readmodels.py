"""What projecting one tournament event costs the read models, against the size of the field (not a test).

    .venv/bin/python benchmarks/bench_tournament_readmodels.py [--teams 16 32 64 128 256 512]
        [--runs 3] [--events 150] [--json]

For each field a Detroit tournament is simulated (``adjudicator.tournaments.simulate.run_detroit``),
its first 60 % stored in a SQLite event store and projected; then each of the next ``--events``
events (preliminary rounds: hands scored, sheets signed, seating) is appended and projected on its
own (``ReadModels.catch_up`` after every append, the worst case: the follower usually batches), and
the CPU time of the projection alone is counted (``time.process_time``: this process's CPU, which a
loaded machine disturbs far less than wall time; the disk's waits are not in it), as ms per event.
The simulation and the appends are not timed. Run it with ``PYTHONPATH=<another checkout>`` to
measure another version the same way.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from adjudicator.service.readmodels import ReadModels
from adjudicator.service.store import HandStore
from adjudicator.service.tournament_store import TournamentStore
from adjudicator.tournaments import simulate


def per_event(log: list[dict[str, object]], events: int, directory: Path) -> float:
    """ms of projection per event, over ``events`` events appended one at a time."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "events.db")}
    store = HandStore(env)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(log[0])
        head = int(len(log) * 0.6)
        tournaments.append(view.id, log[1:head])
        read_models = ReadModels(store, directory / "read.db", tournaments)
        read_models.catch_up()
        spent = 0.0
        window = log[head : head + events]
        for event in window:
            tournaments.append(view.id, [event])
            started = time.process_time()
            read_models.catch_up()
            spent += time.process_time() - started
        return spent / len(window) * 1000
    finally:
        store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, nargs="+", default=[16, 32, 64, 128, 256, 512])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--events", type=int, default=150)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[int, list[float]] = {}
    for teams in args.teams:
        log = simulate.run_detroit(teams, 1).log
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="bench-tournament-") as tmp:
                figures.setdefault(teams, []).append(per_event(log, args.events, Path(tmp)))
        ms = figures[teams]
        print(
            f"{teams:4d} teams: {min(ms):.2f}-{max(ms):.2f} ms an event (median {statistics.median(ms):.2f})",
            flush=True,
        )
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
