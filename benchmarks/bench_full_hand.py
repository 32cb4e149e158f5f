"""What the answers about a full hand weigh, and how long they take: a hand of ``MAX_HAND_EVENTS``
events, the worst kind (a start, then renege calls: each one a ruling), on a SQLite store in a
temporary directory, read through the app (Flask's test client, an official's token).

    .venv/bin/python benchmarks/bench_full_hand.py [--events N]

Not a test: the figures go in the README (a 10,001-event hand, before the cap, answered
``/rulings`` in 7.3 MB and its console page in 17 MB).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from adjudicator.domain.limits import MAX_HAND_EVENTS
from adjudicator.service.rulebook import checks
from adjudicator.simulation.hands import random_hand
from api import create_app

CALL = {"type": "renege_call", "by": "east", "against": "north"}
PATHS = ("", "/events", "/rulings", "/record", "/record?format=text", "/state")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=MAX_HAND_EVENTS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        app = create_app(
            {
                "ADJUDICATOR_PERSISTENCE": {
                    "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                    "SQLITE_DBNAME": str(Path(directory) / "events.db"),
                },
                "ADJUDICATOR_READ_DB": str(Path(directory) / "events.read.db"),
            }
        )
        checks.wait()  # the living rulebook's check, run once on start: not what is measured
        token = app.extensions["adjudicator.credentials"].create("bench", "official")[1]
        client = app.test_client()
        client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
        start = random_hand(5, "texas", "north")[:20]
        client.post(f"/hands/{hand}/events", json=start)
        version = len(start)
        while version < args.events:
            count = min(200, args.events - version)
            assert client.post(f"/hands/{hand}/events", json=[CALL] * count).status_code == 201
            version += count
        for path in [*(f"/hands/{hand}{p}" for p in PATHS), f"/console/hands/{hand}"]:
            began = time.perf_counter()
            reply = client.get(path)
            took = time.perf_counter() - began
            shown = path.replace(hand, "{id}")
            print(f"{shown:<32} {reply.status_code} {len(reply.data):>9,} bytes {took * 1000:7.1f} ms")
        app.extensions["adjudicator.adapters.hand_store"].close()


if __name__ == "__main__":
    main()
