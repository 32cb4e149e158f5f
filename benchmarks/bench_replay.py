"""Engine time to replay and rule on a complete hand: ``python benchmarks/bench_replay.py``.

Two logs per ruleset: a complete recorded hand (deal, bids, discard, declaration, 48 plays: 55
events) and a heavily disputed one of 110 events (the same hand with the official inspecting all
four hands after every book, a renege call and tech calls). Each figure is the median of
many runs of ``adjudicate(...)`` followed by reading the score and the rulings: parsing, replay,
rulings and scoring, everything but I/O.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from adjudicator import adjudicate, replay
from adjudicator.cards import SEATS
from adjudicator.simulate import random_hand

RUNS = 400


def disputed(events: list[dict[str, Any]], ruleset: str) -> list[dict[str, Any]]:
    """The hand with 55 official's events woven in: 48 inspections and calls."""
    table = replay(ruleset, "north", [])
    out: list[dict[str, Any]] = []
    for event in events:
        table.apply(event)
        out.append(event)
        if event["type"] == "play" and not table.book:
            for seat in SEATS:
                out.append(
                    {
                        "type": "inspect",
                        "seat": seat,
                        "cards": sorted(str(c) for c in table.holding(seat) or ()),
                    }
                )
    out.append({"type": "renege_call", "by": "north", "against": "east"})
    out += [{"type": "tech_call", "by": "east", "against": "north"}] * (110 - len(out))
    return out


def median_ms(ruleset: str, events: list[dict[str, Any]]) -> float:
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        result = adjudicate(ruleset, "north", events)
        result.score  # noqa: B018
        result.rulings_data()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    print(f"{'ruleset':<10}{'events':>8}{'median ms':>12}{'µs/event':>10}")
    for ruleset in ("detroit", "texas", "chicago", "cardtel"):
        hand = random_hand(7, ruleset, "north")
        for events in (hand, disputed(hand, ruleset)):
            ms = median_ms(ruleset, events)
            print(f"{ruleset:<10}{len(events):>8}{ms:>12.3f}{ms * 1000 / len(events):>10.1f}")


if __name__ == "__main__":
    main()
