"""Our replay beside OpenSpiel's: ``python benchmarks/bench_openspiel.py [--runs 3] [--hands 20]``.

OpenSpiel (DeepMind's C++ library of games, with Python bindings) has no Bid Whist and no Bid
Euchre, but it has euchre, Bid Euchre's nearest relative: the same 24-card deck, bowers, four
seats in two teams, one trick per seat in turn. So the comparison is of a hand replayed from its
recorded actions, rules and all, by each engine:

- OpenSpiel: ``new_initial_state()`` and ``apply_action`` for each action of a random euchre hand
  (the deal card by card, the bidding, every card played), in C++ behind one Python call an action;
- ours: ``adjudicate`` of a complete Bid Euchre hand (``ontario``: the deal, the auction, the
  exchange, every card) with its score and rulings read, as ``bench_replay.py`` times it.

The ratio is ours over theirs, a hand for a hand (the hands differ in length, so the time per
recorded action is given too). It is reported, not a goal: OpenSpiel checks legality and moves
the game on; ours also keeps every fact an official may ask about (the known hands, who could have
followed, every infraction and the rulings). OpenSpiel installs from a registry wheel
(``pip install -e ".[openspiel]"``: about 16 MB, a manylinux x86_64 wheel); where it does not install, the
script says so and measures ours alone. Not a test: the figures go in the README.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_euchre_hand

RULESET = "ontario"


def per_call_us(work: Callable[[], object], repeat: int = 200, number: int = 20) -> float:
    """The median over ``repeat`` samples of the time of one call, in µs (each sample ``number`` calls)."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            work()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples) * 1e6


def ours(seed: int) -> tuple[Callable[[], object], int]:
    events = random_euchre_hand(seed, "north")

    def work() -> object:
        result = adjudicate(RULESET, "north", events)
        result.score  # noqa: B018
        return result.rulings_data()

    return work, len(events)


def theirs(seed: int) -> tuple[Callable[[], object], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([outcome for outcome, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)

    def work() -> Any:
        replayed = game.new_initial_state()
        for action in actions:
            replayed.apply_action(action)
        return replayed.returns()

    return work, len(actions)


def spread(figures: list[float]) -> str:
    return f"{min(figures):.1f} / {statistics.median(figures):.1f} / {max(figures):.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="measurements, for min/median/max (default 3)")
    parser.add_argument("--hands", type=int, default=20, help="hands of each engine per run (default 20)")
    args = parser.parse_args()
    ours_us: list[float] = []
    theirs_us: list[float] = []
    our_actions: list[int] = []
    their_actions: list[int] = []
    for _ in range(args.runs):
        mine, other = [], []
        for seed in range(args.hands):
            work, length = ours(seed)
            mine.append(per_call_us(work, repeat=30, number=5))
            our_actions.append(length)
            spiel = theirs(seed)
            if spiel is not None:
                other.append(per_call_us(spiel[0]))
                their_actions.append(spiel[1])
        ours_us.append(statistics.median(mine))
        if other:
            theirs_us.append(statistics.median(other))
    actions = statistics.median(our_actions)
    print(f"ours, a Bid Euchre hand ({actions:.0f} events), µs min / median / max:  {spread(ours_us)}")
    print(f"ours, per event, µs (median):                       {statistics.median(ours_us) / actions:.2f}")
    if not theirs_us:
        print("OpenSpiel: not installed (pip install open_spiel), not measured")
        return
    length = statistics.median(their_actions)
    print(f"OpenSpiel, a euchre hand ({length:.0f} actions), µs min / median / max: {spread(theirs_us)}")
    print(f"OpenSpiel, per action, µs (median):                 {statistics.median(theirs_us) / length:.2f}")
    ratio = statistics.median(ours_us) / statistics.median(theirs_us)
    per_event = (statistics.median(ours_us) / actions) / (statistics.median(theirs_us) / length)
    print(f"ratio, ours / OpenSpiel: {ratio:.0f}x a hand, {per_event:.0f}x an event")


if __name__ == "__main__":
    main()
