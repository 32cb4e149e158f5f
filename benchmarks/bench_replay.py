"""Engine time to replay and rule on a complete hand: ``python benchmarks/bench_replay.py``.

Two logs per ruleset: a complete recorded hand (deal, bids, discard, declaration, 48 plays: 55
events) and a heavily disputed one of 110 events (the same hand with the official inspecting all
four hands after every book, a renege call and tech calls). Each figure is the median of
many runs of ``adjudicate(...)`` followed by reading the score and the rulings: parsing, replay,
rulings and scoring, everything but I/O.

``--runs N`` repeats the whole measurement N times and prints min/median/max of the N medians;
``--phases`` splits a hand's time into parse (event dicts to typed events alone), replay (the table
rebuilt, parsing included), rule (the rulings) and score (the score and the rulings as data);
``--count N`` adjudicates each log N times untimed, for instruction counts under
``valgrind --tool=callgrind``, which the machine's other load does not disturb.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from adjudicator import adjudicate, get_ruleset, replay
from adjudicator.domain.cards import SEATS
from adjudicator.domain.events import parse_event
from adjudicator.domain.rulings import rulings
from adjudicator.simulation.hands import random_hand

RULESETS = ("detroit", "texas", "chicago", "cardtel")


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


def logs() -> list[tuple[str, list[dict[str, Any]]]]:
    hands = [(ruleset, random_hand(7, ruleset, "north")) for ruleset in RULESETS]
    return [(ruleset, events) for ruleset, hand in hands for events in (hand, disputed(hand, ruleset))]


def median_ms(work: Callable[[], object], samples: int) -> float:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def whole(ruleset: str, events: list[dict[str, Any]]) -> Callable[[], object]:
    def work() -> object:
        result = adjudicate(ruleset, "north", events)
        result.score  # noqa: B018
        return result.rulings_data()

    return work


def phases(ruleset: str, events: list[dict[str, Any]]) -> dict[str, Callable[[], object]]:
    rules = get_ruleset(ruleset)
    table = replay(rules, "north", events)
    found = rulings(table)
    game, joker = table.game, rules.guarantee_joker
    return {
        "parse": lambda: [parse_event(event, game, joker) for event in events],
        "replay": lambda: replay(rules, "north", events),
        "rule": lambda: rulings(table),
        "score": lambda: (game.score(table, found), [r.to_dict() for r in found]),
    }


def spread(figures: list[float]) -> str:
    if len(figures) == 1:
        return f"{figures[0]:.3f}"
    return f"{min(figures):.3f}/{statistics.median(figures):.3f}/{max(figures):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1, help="repeat the whole measurement (default 1)")
    parser.add_argument("--samples", type=int, default=400, help="timed runs per median (default 400)")
    parser.add_argument("--phases", action="store_true", help="split the time by phase")
    parser.add_argument("--count", type=int, default=0, help="adjudicate each log N times, untimed")
    args = parser.parse_args()
    cases = logs()
    if args.count:
        for ruleset, events in cases:
            work = whole(ruleset, events)
            for _ in range(args.count):
                work()
        return
    names = ["total"] + (["parse", "replay", "rule", "score"] if args.phases else [])
    figures: dict[tuple[int, str], list[float]] = {}
    for _ in range(args.runs):
        for i, (ruleset, events) in enumerate(cases):
            works = {"total": whole(ruleset, events), **(phases(ruleset, events) if args.phases else {})}
            for name in names:
                figures.setdefault((i, name), []).append(median_ms(works[name], args.samples))
    runs = "median ms" if args.runs == 1 else f"min/median/max ms of {args.runs} runs"
    print(f"{'ruleset':<10}{'events':>7}  {'phase':<7}{runs:>28}{'µs/event':>10}")
    for i, (ruleset, events) in enumerate(cases):
        for name in names:
            ms = figures[(i, name)]
            per_event = statistics.median(ms) * 1000 / len(events)
            print(f"{ruleset:<10}{len(events):>7}  {name:<7}{spread(ms):>28}{per_event:>10.2f}")


if __name__ == "__main__":
    main()
