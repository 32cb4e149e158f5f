"""What projecting one tournament event costs the read models, against the size of the field (not a test).

    .venv/bin/python benchmarks/bench_tournament_readmodels.py [--teams 16 32 64 128 256 512]
        [--runs 3] [--events 150] [--at 0.6] [--phases] [--json]

For each field a Detroit tournament is simulated (``adjudicator.simulation.tournaments.run_detroit``),
its first ``--at`` of the log (60 %) stored in a SQLite event store and projected; then each of the
next ``--events`` events (preliminary rounds: hands scored, sheets signed, seating) is appended and
projected on its own (``ReadModels.catch_up`` after every append, the worst case: the follower
usually batches), and the CPU time of the projection alone is counted (``time.process_time``: this
process's CPU, which a loaded machine disturbs far less than wall time; the disk's waits are not in
it), as ms per event. The simulation and the appends are not timed. Run it with
``PYTHONPATH=<another checkout>`` to measure another version the same way.

``--phases`` splits each event's CPU: ``append`` (``TournamentStore.append``: the domain applies the
event, the store commits it; not in the total), and of the projection ``rows`` (the tournament's row
and snapshot: the ranking brought up to date), ``write`` (the tournaments' tables written) and
``rest`` (the follower's own work: the notifications read, the connection, the position, the commit).
With ``--at 0.2`` the window is the first round at every size, with the default the third (or, at 16
teams, the end of the preliminary rounds and the playoff: its log is short).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels import tournaments as tournament_tables
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.tournaments import append_events as append_tournament_events
from adjudicator.simulation import tournaments as simulate

PHASES = ("append", "rows", "write", "rest")


@contextmanager
def timed(spent: dict[str, float]) -> Iterator[None]:
    """Count the CPU of the tournaments' projection's ``rows`` and ``write`` into ``spent``."""
    projection = tournament_tables.PROJECTION
    plain: dict[str, Callable[..., Any]] = {"rows": projection.rows, "write": projection.write}

    def wrap(name: str) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            started = time.process_time()
            try:
                return plain[name](*args)
            finally:
                spent[name] += time.process_time() - started

        return run

    kept = dict(vars(projection))  # a frozen dataclass: its attributes are set through its __dict__
    vars(projection).update({name: wrap(name) for name in plain})
    try:
        yield
    finally:
        vars(projection).clear()
        vars(projection).update(kept)


def per_event(log: list[dict[str, object]], events: int, at: float, directory: Path) -> dict[str, float]:
    """ms per event over ``events`` events appended one at a time: the projection's (``total``) and,
    split, the append's and the projection's phases."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "events.db")}
    store = HandStore(env)
    spent = dict.fromkeys(("total", *PHASES), 0.0)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(log[0])
        head = int(len(log) * at)
        append_tournament_events(tournaments, view.id, log[1:head])
        read_models = ReadModels(store, directory / "read.db", tournaments)
        read_models.catch_up()
        window = log[head : head + events]
        with timed(spent):
            for event in window:
                started = time.process_time()
                append_tournament_events(tournaments, view.id, [event])
                appended = time.process_time()
                read_models.catch_up()
                spent["append"] += appended - started
                spent["total"] += time.process_time() - appended
        spent["rest"] = spent["total"] - spent["rows"] - spent["write"]
        return {name: value / len(window) * 1000 for name, value in spent.items()}
    finally:
        store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, nargs="+", default=[16, 32, 64, 128, 256, 512])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--events", type=int, default=150)
    parser.add_argument(
        "--at", type=float, default=0.6, help="where the window starts, a fraction of the log"
    )
    parser.add_argument("--phases", action="store_true", help="the split of each event's CPU")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[int, list[dict[str, float]]] = {}
    for teams in args.teams:
        log = simulate.run_detroit(teams, 1).log
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="bench-tournament-") as tmp:
                figures.setdefault(teams, []).append(per_event(log, args.events, args.at, Path(tmp)))
        ms = [run["total"] for run in figures[teams]]
        line = f"{min(ms):.2f}-{max(ms):.2f} ms an event (median {statistics.median(ms):.2f})"
        if args.phases:
            medians = {p: statistics.median(run[p] for run in figures[teams]) for p in PHASES}
            line += "; medians: " + ", ".join(f"{p} {v:.2f}" for p, v in medians.items())
        print(f"{teams:4d} teams: {line}; load {os.getloadavg()[0]:.1f}", flush=True)
    if args.json:
        print(json.dumps({"figures": figures, "load": os.getloadavg()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
