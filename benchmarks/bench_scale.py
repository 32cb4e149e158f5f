"""The scale run: what reads, appends and rebuilds cost as the store grows (not a test).

    .venv/bin/pip install -e '.[bench]'    (matplotlib, for the plot)
    .venv/bin/python benchmarks/bench_scale.py [--sizes 1000 10000 100000] [--runs 3]
        [--backends sqlite postgres] [--rebuild-runs-at-largest 1] [--out docs/scale]

For each backend the store is filled with complete hands (``scale_store.populate``, many hands to a
commit) up to each size in turn, and at each size, ``--runs`` times:

- cold read: ``GET …/rulings`` as the service computes it (``HandStore.read`` then the rulings) of a
  hand this process has not cached (a fresh ``HandStore`` with a one-hand cache, random hands): p50/p99;
- warm read: the same, of one hand read again and again (the cache answers after the store's one
  indexed read of the latest version): p50/p99;
- append: one durable event on a new hand, as ``POST …/events`` records it: p50/p99;
- rebuild: ``ReadModels.rebuild_report`` with one worker per core: seconds, ms a hand of wall time,
  and ms a hand of CPU (this process and its workers: what the rebuild would take on one idle core);
- RSS: the resident memory of this process after the reads (VmRSS), and the largest of the
  rebuild's worker processes (``ru_maxrss`` of the children).

It writes ``OUT.json`` (every run's figures, the sizes, the machine's load) and ``OUT.png`` (cost
against store size, the median of the runs with min-max bars). PostgreSQL is the server at
127.0.0.1:5432 (database ``test``), in a schema of the run's own, dropped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale_store import populate

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand

READS = 300
APPENDS = 120


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(samples: list[float], action: Callable[[], Any]) -> None:
    started = time.perf_counter()
    action()
    samples.append((time.perf_counter() - started) * 1000)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds() -> float:
    """CPU used so far by this process and its finished children (the rebuild's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def hand_ids(store: HandStore) -> list[uuid.UUID]:
    return [i for i, kind in store.app.recorder.select_streams() if kind == "Hand"]  # type: ignore[attr-defined]


def rulings(store: HandStore, hand: uuid.UUID) -> Any:
    return store.read(hand, lambda view: view.judged().rulings_data())


def measure(env: dict[str, str], directory: Path, hands: list[uuid.UUID], seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    figures: dict[str, float] = {}
    cold: list[float] = []
    store = HandStore(env, cache_bytes=0)
    try:
        for hand in rng.sample(hands, min(READS, len(hands))):
            timed(cold, lambda hand=hand: rulings(store, hand))  # type: ignore[misc]
    finally:
        store.close()
    store = HandStore(env)
    try:
        warm: list[float] = []
        hot = rng.choice(hands)
        rulings(store, hot)
        for _ in range(READS):
            timed(warm, lambda: rulings(store, hot))
        figures["rss_mb"] = rss_mb()
        appends: list[float] = []
        events = random_hand(seed, "texas", "north")
        hand = store.open_hand("texas", "north").id
        for event in events[:APPENDS]:
            timed(appends, lambda event=event: append_events(store, hand, [event]))  # type: ignore[misc]
        hand = store.open_hand("texas", "north").id
        for event in events[: APPENDS - len(appends)]:
            timed(appends, lambda event=event: append_events(store, hand, [event]))  # type: ignore[misc]
        read_models = ReadModels(store, directory / f"read-{seed}.db")
        cpu = cpu_seconds()
        report = read_models.rebuild_report(os.cpu_count() or 1)
        cpu = cpu_seconds() - cpu
    finally:
        store.close()
    for name, samples in (("cold_read", cold), ("warm_read", warm), ("append", appends)):
        figures[f"{name}_p50_ms"] = percentile(samples, 0.5)
        figures[f"{name}_p99_ms"] = percentile(samples, 0.99)
    logs = sum(report.logs.values())
    figures["rebuild_s"] = report.seconds
    figures["rebuild_ms_per_hand"] = report.seconds / logs * 1000
    figures["rebuild_cpu_ms_per_hand"] = cpu / logs * 1000
    figures["rebuild_workers"] = report.workers
    figures["rebuild_worker_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    (directory / f"read-{seed}.db").unlink()
    return figures


@contextmanager
def backend(name: str, directory: Path) -> Iterator[dict[str, str]]:
    if name == "sqlite":
        yield {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "events.db")}
        return
    import psycopg

    dsn = "host=127.0.0.1 port=5432 dbname=test user=postgres"
    schema = f"bench_scale_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    try:
        yield {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": "test",
            "POSTGRES_HOST": "127.0.0.1",
            "POSTGRES_PORT": "5432",
            "POSTGRES_USER": "postgres",
            "POSTGRES_PASSWORD": "",
            "POSTGRES_SCHEMA": schema,
        }
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"drop schema {schema} cascade")


def run(name: str, sizes: list[int], runs: int, largest_runs: int, log: Callable[[str], None]) -> list[Any]:
    results: list[Any] = []
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp, backend(name, Path(tmp)) as env:
        filled = 0
        for size in sizes:
            started = time.perf_counter()
            store = HandStore(env)
            try:
                populate(store, size - filled, seed=filled)
                hands = hand_ids(store)
            finally:
                store.close()
            log(f"{name}: {size} hands stored ({time.perf_counter() - started:.0f} s to add {size - filled})")
            filled = size
            for n in range(largest_runs if size == sizes[-1] else runs):
                figures = measure(env, Path(tmp), hands, seed=n)
                load = os.getloadavg()
                results.append({"backend": name, "hands": size, "run": n + 1, "load": load, **figures})
                log(json.dumps(results[-1]))
    return results


def summary(results: list[Any]) -> dict[str, Any]:
    """min/median/max of each figure, per backend and size."""
    table: dict[str, Any] = {}
    for row in results:
        cell = table.setdefault(f"{row['backend']}/{row['hands']}", {})
        for key, value in row.items():
            if key.endswith(("_ms", "_s", "_mb", "_per_hand")):
                cell.setdefault(key, []).append(value)
    return {
        key: {m: [min(v), statistics.median(v), max(v), len(v)] for m, v in cell.items()}
        for key, cell in table.items()
    }


PLOTTED = (
    ("cold_read_p50_ms", "cold read p50 (ms)"),
    ("warm_read_p50_ms", "warm read p50 (ms)"),
    ("append_p50_ms", "append p50 (ms)"),
    ("rebuild_ms_per_hand", "rebuild (ms a hand, wall)"),
)


def plot(results: list[Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(PLOTTED), figsize=(4 * len(PLOTTED), 3.6))
    for ax, (metric, title) in zip(axes, PLOTTED, strict=True):
        for name in sorted({r["backend"] for r in results}):
            sizes = sorted({r["hands"] for r in results if r["backend"] == name})
            values = [[r[metric] for r in results if r["backend"] == name and r["hands"] == s] for s in sizes]
            mid = [statistics.median(v) for v in values]
            low = [m - min(v) for m, v in zip(mid, values, strict=True)]
            high = [max(v) - m for m, v in zip(mid, values, strict=True)]
            ax.errorbar(sizes, mid, yerr=[low, high], marker="o", capsize=3, label=name)
        ax.set_xscale("log")
        ax.set_ylim(bottom=0)
        ax.set_xlabel("hands in the store")
        ax.set_title(title)
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rebuild-runs-at-largest", dest="largest", type=int, default=None)
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgres"])
    parser.add_argument("--out", default="docs/scale")
    parser.add_argument("--plot-only", action="store_true", help="redraw OUT.png from OUT.json")
    parser.add_argument(
        "--from-log", default=None, help="write OUT.json and OUT.png from the runs an interrupted run logged"
    )
    args = parser.parse_args()
    out = Path(args.out)
    if args.plot_only:
        plot(json.loads(out.with_suffix(".json").read_text())["runs"], out.with_suffix(".png"))
        return 0
    if args.from_log:
        lines = Path(args.from_log).read_text().splitlines()
        logged = [json.loads(line) for line in lines if line.startswith("{")]
        document = {"cores": os.cpu_count(), "runs": logged, "summary": summary(logged)}
        out.with_suffix(".json").write_text(json.dumps(document, indent=1) + "\n")
        plot(logged, out.with_suffix(".png"))
        return 0

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    results: list[Any] = []
    for name in args.backends:
        results += run(name, sorted(args.sizes), args.runs, args.largest or args.runs, log)
        out.parent.mkdir(parents=True, exist_ok=True)
        document = {"cores": os.cpu_count(), "runs": results, "summary": summary(results)}
        out.with_suffix(".json").write_text(json.dumps(document, indent=1) + "\n")
    plot(results, out.with_suffix(".png"))
    print(json.dumps(summary(results), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
