"""Fill an event store with complete hands quickly, for the scale benchmarks (not a test).

    .venv/bin/python benchmarks/scale_store.py HANDS [--seed 0]     (the store: $ADJUDICATOR_DB or
                                                                      eventsourcing's PERSISTENCE_* settings)

The hands are ``adjudicator.simulation.hands.random_hand`` logs, built as the service builds them (the same
``Hand`` aggregate, the same hash chain) but committed many hands to a transaction instead of one
request at a time: generating 100k hands through the API would take longer than the benchmarks.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from typing import Any

from adjudicator.adapters.chain import GENESIS, seal
from adjudicator.adapters.hand_store import Hand, HandStore
from adjudicator.simulation.hands import random_hand

RULESETS = ("detroit", "texas", "chicago", "cardtel")
SEATS = ("north", "east", "south", "west")
BATCH = 200


def hand_events(seed: int) -> list[Any]:
    """One complete hand's stored events, sealed (its ``Opened`` event and one ``Recorded`` per event)."""
    ruleset, dealer = RULESETS[seed % len(RULESETS)], SEATS[seed // len(RULESETS) % len(SEATS)]
    hand = Hand(ruleset, dealer, None, f"scale {seed}", None)
    recorded_at = datetime.now(UTC).isoformat()
    for entry in random_hand(seed, ruleset, dealer):  # type: ignore[arg-type]
        hand.record(entry, recorded_at, None, None)
    return seal(hand.collect_events(), GENESIS)[0]


def populate(store: HandStore, hands: int, seed: int = 0, progress: bool = False) -> None:
    """Add ``hands`` complete hands (seeds ``seed`` …), ``BATCH`` hands to a commit."""
    started = time.perf_counter()
    for first in range(seed, seed + hands, BATCH):
        batch: list[Any] = []
        for n in range(first, min(first + BATCH, seed + hands)):
            batch.extend(hand_events(n))
        store.events.commit(batch)
        if progress:
            done = first + BATCH - seed
            print(
                f"\r{min(done, hands)} hands, {time.perf_counter() - started:.0f} s", end="", file=sys.stderr
            )
    if progress:
        print(file=sys.stderr)


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("hands", type=int)
    args.add_argument("--seed", type=int, default=0)
    parsed = args.parse_args()
    store = HandStore()
    try:
        populate(store, parsed.hands, parsed.seed, progress=True)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
