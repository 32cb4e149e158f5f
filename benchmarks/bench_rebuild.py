"""What ``adjudicator rebuild-read-models`` costs a hand, on a store of a given size (not a test).

    .venv/bin/python benchmarks/bench_rebuild.py --hands 10000 [--runs 3] [--workers N] [--verify]
        [--backend sqlite|postgres] [--store FILE]

The store is filled with complete hands (``scale_store.populate``) in a temporary directory (or a
new PostgreSQL schema, dropped at the end), unless ``--store`` names a SQLite file filled before
(``scale_store.py``), which is then only read. Each run rebuilds the read models into a new file
with ``ReadModels.rebuild_report`` and prints one JSON line: the seconds, the wall time a hand, the
CPU time a hand of this process and its workers together (what one core would take), the workers,
whether the hashes were verified, and the load average (the machine's other jobs: wall times grow
with it, CPU times much less).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import cpu_seconds
from scale_store import populate
from stores import drop_store, store_env

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels


def rebuild_once(env: dict[str, str], directory: Path, workers: int, verify: bool) -> dict[str, object]:
    store = HandStore(env)
    path = directory / f"read-{time.monotonic_ns()}.db"
    try:
        read_models = ReadModels(store, path)
        cpu = cpu_seconds()
        report = read_models.rebuild_report(workers, verify=verify)
        cpu = cpu_seconds() - cpu
    finally:
        store.close()
        path.unlink(missing_ok=True)
    logs = sum(report.logs.values())
    return {
        "hands": report.logs.get("hands", 0),
        "skipped": report.skipped,
        "seconds": round(report.seconds, 2),
        "wall_ms_per_hand": round(report.seconds / logs * 1000, 3),
        "cpu_ms_per_hand": round(cpu / logs * 1000, 3),
        "workers": report.workers,
        "verified": report.verified,
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands to fill a new store with")
    parser.add_argument("--store", default=None, help="a SQLite store filled before (only read)")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--verify", action="store_true", help="check every record's hashes too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-rebuild-") as tmp:
        directory = Path(tmp)
        if args.store:
            env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": args.store}
        else:
            env = store_env(args.backend, directory)
        try:
            if not args.store:
                store = HandStore(env)
                try:
                    populate(store, args.hands)
                finally:
                    store.close()
            for _ in range(args.runs):
                print(json.dumps(rebuild_once(env, directory, args.workers, args.verify)), flush=True)
        finally:
            if not args.store:
                drop_store(env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
