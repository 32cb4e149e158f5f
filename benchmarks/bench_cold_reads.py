"""Benchmark reads of hands not in the server's cache, in a store of many hands, on SQLite or PostgreSQL.

    .venv/bin/python benchmarks/bench_cold_reads.py [--backend sqlite|postgres] [--hands 100000]
                                                    [--real 1000] [--clients 8] [--workers 1] [--json]

Stores ``--real`` complete hands (55 events each, written through the store itself, hash chain and
heads included), then fills the store up to ``--hands`` hands with copies of one hand's records
under new ids, in SQL (filler: it gives the tables and indexes their size and is never read; its
chain would not check, since a record's digest covers its stream's id). The read models are told
the filler is projected, and their ``hands`` and ``hand_results`` tables get a copy of the first
hand's rows under each filler's id (so that they too have 100,000 rows). Then, through a real
``adjudicator serve``:

- cold: ``GET /hands/{id}/rulings`` of each real hand once, one client, with the cache off
  (``ADJUDICATOR_CACHE_MB=0``): every read is served from the hand's stored replay result (the
  event store's head checked in one statement) or, where there is none, decodes, checks and
  replays the hand's records; ``--no-results`` measures the latter (the code before stored
  results) by dropping the ``hand_results`` rows before the servers start;
- working set: ``--clients`` client processes reading the real hands at random with the default
  cache (sized in bytes), after one pass that loads them: p50 and p99 over every read.

Each is measured ``--runs`` times on the same store, each time on a new server (its cache empty).

Not a test: the figures go in the README.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench_service import Client, start_server, stop_server
from stores import drop_store, dsn, store_env

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand

RULESET = "texas"
SQLITE_IDS = (
    "create temp table ids as with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) "
    "select lower(hex(randomblob(16))) as id from n order by id"
)
SQLITE_FILL = (
    "insert into stored_events select ids.id, e.originator_version, e.topic, e.state "
    "from ids, stored_events as e where e.originator_id = ?"
)
POSTGRES_FILL = (
    "insert into {events} (originator_id, originator_version, topic, state) "
    "select ids.id, e.originator_version, e.topic, e.state "
    "from (select gen_random_uuid() as id from generate_series(1, %s)) as ids "
    "cross join {events} as e where e.originator_id = %s order by ids.id, e.originator_version"
)


def copy_rows(read_db: Path, template: str, fillers: list[str]) -> None:
    """The read models' one-row-a-hand tables get ``template``'s row under each filler's id."""
    import sqlite3

    with sqlite3.connect(read_db) as db:
        for table, key in (("hands", "id"), ("hand_results", "hand_id")):
            names = [row[1] for row in db.execute(f"pragma table_info({table})")]
            if not names:
                continue  # a table this code does not keep
            row = db.execute(f"select * from {table} where {key} = ?", [template]).fetchone()
            at = names.index(key)
            marks = ", ".join("?" * len(names))
            db.executemany(
                f"insert into {table} values ({marks})",
                ([*row[:at], filler, *row[at + 1 :]] for filler in fillers),
            )


def populate(env: dict[str, str], read_db: Path, real: int, total: int) -> list[str]:
    """``real`` complete hands through the store, then filler up to ``total`` hands: the real ids."""
    store = HandStore(env)
    ids = []
    for n in range(real):
        view = store.open_hand(RULESET, "north")
        append_events(store, view.id, random_hand(n, RULESET, "north"))
        ids.append(str(view.id))
    ReadModels(store, read_db).catch_up()
    fillers = max(0, total - real)
    if env["PERSISTENCE_MODULE"].endswith("sqlite"):
        import sqlite3

        conn = sqlite3.connect(env["SQLITE_DBNAME"])
        conn.execute(SQLITE_IDS, [fillers])
        conn.execute(SQLITE_FILL, [uuid.UUID(ids[0]).hex])
        conn.commit()
        filler_ids = [str(uuid.UUID(row[0])) for row in conn.execute("select id from ids")]
        last = conn.execute("select max(rowid) from stored_events").fetchone()[0]
        conn.close()
    else:
        import psycopg

        events = f"{env['POSTGRES_SCHEMA']}.{store.app.recorder.events_table_name}"  # type: ignore[attr-defined]
        with psycopg.connect(dsn(env), autocommit=True) as conn:
            conn.execute(POSTGRES_FILL.format(events=events), [fillers, ids[0]])
            conn.execute(f"analyze {events}")
            real_ids = set(ids)
            filler_ids = [
                str(row[0])
                for row in conn.execute(f"select originator_id from {events} where originator_version = 1")
                if str(row[0]) not in real_ids
            ]
            last = conn.execute(f"select max(notification_id) from {events}").fetchone()[0]  # type: ignore[index]
    import sqlite3

    with sqlite3.connect(read_db) as db:  # the filler is never projected (it would not check)
        db.execute("update position set notification_id = ?", [last])
    copy_rows(read_db, ids[0], filler_ids)
    store.close()
    return ids


def cold(port: int, ids: list[str]) -> list[float]:
    client = Client(port)
    samples = []
    for hand in ids:
        started = time.perf_counter()
        status, _ = client.call("GET", f"/hands/{hand}/rulings")
        samples.append((time.perf_counter() - started) * 1000)
        assert status == 200
    return samples


def reader(port: int, ids: list[str], reads: int, seed: int, done: Any) -> None:
    client, rng, samples = Client(port), random.Random(seed), []
    for _ in range(reads):
        hand = rng.choice(ids)
        started = time.perf_counter()
        status, _ = client.call("GET", f"/hands/{hand}/rulings")
        samples.append((time.perf_counter() - started) * 1000)
        assert status == 200
    done.put(samples)


def working_set(port: int, ids: list[str], clients: int, reads: int) -> list[float]:
    cold(port, ids)  # one pass loads every hand of the working set
    done: multiprocessing.Queue[list[float]] = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=reader, args=(port, ids, reads, n, done)) for n in range(clients)
    ]
    for worker in workers:
        worker.start()
    samples = [sample for _ in workers for sample in done.get()]
    for worker in workers:
        worker.join()
    return samples


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"p50_ms": round(statistics.median(ordered), 3), "p99_ms": round(p99, 3), "reads": len(ordered)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--hands", type=int, default=100_000, help="hands in the store (default 100000)")
    parser.add_argument("--real", type=int, default=1000, help="real hands, the working set (default 1000)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent readers (default 8)")
    parser.add_argument("--reads", type=int, default=2000, help="reads per reader (default 2000)")
    parser.add_argument("--workers", type=int, default=1, help="the server's worker processes (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="measurements on the store (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--no-results", action="store_true", help="drop the stored replay results: every cold read replays"
    )
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-cold-"))
    env = store_env(args.backend, directory)
    figures: dict[str, Any] = {"backend": args.backend, "hands": args.hands, "workers": args.workers}
    try:
        started = time.perf_counter()
        ids = populate(env, directory / "read.db", args.real, args.hands)
        figures["populate_seconds"] = round(time.perf_counter() - started, 1)
        if args.no_results:
            import sqlite3

            with sqlite3.connect(directory / "read.db") as db:
                db.execute("delete from hand_results")
        figures["stored_results"] = not args.no_results
        figures["load_average"] = [round(load, 2) for load in os.getloadavg()]
        serving = {**env, "ADJUDICATOR_READ_DB": str(directory / "read.db")}
        figures["cold"], figures["working_set"] = [], []
        for _ in range(args.runs):  # each run on a new server: its cache starts empty
            server, port = start_server(directory, 8, {**serving, "ADJUDICATOR_CACHE_MB": "0"}, args.workers)
            try:
                figures["cold"].append(percentiles(cold(port, ids)))
            finally:
                stop_server(server)
            server, port = start_server(directory, 8, serving, args.workers)
            try:
                figures["working_set"].append(percentiles(working_set(port, ids, args.clients, args.reads)))
            finally:
                stop_server(server)
    finally:
        drop_store(env)
        shutil.rmtree(directory, ignore_errors=True)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
