"""``adjudicator demo``: record a few real hands in the store, to look around the console with.

Every hand is dealt and played legally by ``adjudicator.simulation.hands`` and recorded through the same use
case as ``adjudicator import``: a hand with a renege nobody has called yet, the same renege called,
and a complete hand in each rulebook; then a small tournament (``demo_tournament``).

It is idempotent: what the demonstration's author (``demo``) has recorded already, found by its label
(a tournament by its name), is not recorded again, so a second run records nothing and a run cut
short is completed. ``--again`` records one more set, its labels and its tournament's name numbered
("(set 2)", "Demo Open 2"). It adds, never replaces.
"""

from __future__ import annotations

import argparse
from typing import Any

from adjudicator.service.credentials import Author

PLAYERS = {"north": "Ada", "east": "Bea", "south": "Cy", "west": "Dee"}
DEMO = Author("demo", "official")


def register(commands: Any) -> None:
    demo = commands.add_parser(
        "demo", help="record demonstration hands (a renege, every rulebook) and a tournament"
    )
    demo.add_argument(
        "--again",
        action="store_true",
        help="record one more set beside those recorded already (a run without it records a set once)",
    )
    demo.set_defaults(func=demo_hands)


def hands(number: int = 1) -> list[dict[str, Any]]:
    """The demonstration hands of set ``number``, as ``adjudicator import`` takes them."""
    from adjudicator.domain.adjudication import adjudicate
    from adjudicator.domain.cards import next_seat
    from adjudicator.simulation.hands import random_euchre_hand, random_hand, reneging_hand

    reneged = reneging_hand(1, "texas", "north")
    offender = adjudicate("texas", "north", reneged).rulings[0].seat
    called = {"type": "renege_call", "by": next_seat(offender), "against": offender}
    made: list[dict[str, Any]] = [
        {"label": "Table 3, board 7: a renege not yet called", "ruleset": "texas", "events": reneged},
        {"label": "Table 3, board 7 (called)", "ruleset": "texas", "events": [*reneged, called]},
    ]
    heard = {"type": "tech_call", "by": "east", "against": "north", "infraction": "looking_at_kitty"}
    made.append(
        {
            "label": "Table 6, board 2: a tech call for the official",
            "ruleset": "texas",
            "events": [*random_hand(6, "texas", "north")[:20], heard],
        }
    )
    for n, ruleset in enumerate(("detroit", "texas", "chicago", "cardtel"), start=1):
        made.append(
            {"label": f"Table {n}, board 1", "ruleset": ruleset, "events": random_hand(n, ruleset, "north")}
        )
    made.append({"label": "Table 5, board 1", "ruleset": "ontario", "events": random_euchre_hand(5, "north")})
    said = "" if number == 1 else f" (set {number})"
    for hand in made:
        hand["label"] += said
    return [{"dealer": "north", "players": PLAYERS, **hand} for hand in made]


def tournament_name(number: int) -> str:
    from adjudicator.cli.demo_tournament import NAME

    return NAME if number == 1 else f"{NAME} {number}"


def demo_hands(args: argparse.Namespace) -> int:
    from adjudicator.bootstrap import bootstrap
    from adjudicator.cli.demo_tournament import record_tournament
    from adjudicator.cli.records import _catch_up
    from adjudicator.service import hand_imports

    services = bootstrap(read_models=False)
    store = services.hands
    try:
        found = list(services.openings.opened_by(DEMO.name))
        recorded = {(o.kind, o.name): o.id for o in found}
        number = 1
        if args.again:
            while ("tournament", tournament_name(number)) in recorded:
                number += 1
        added = 0
        for hand in hands(number):
            if ("hand", hand["label"]) in recorded:
                print(
                    f"{recorded['hand', hand['label']]} {hand['label']} ({hand['ruleset']}, already recorded)"
                )
                continue
            hand_id, version = hand_imports.record_hand(store, hand, DEMO)
            added += 1
            print(f"{hand_id} {hand['label']} ({hand['ruleset']}, {version} events)")
        name = tournament_name(number)
        if ("tournament", name) in recorded:
            print(f"{recorded['tournament', name]} {name} (tournament, already recorded)")
        else:
            print(record_tournament(store, services.tournaments, DEMO, name))
            added += 1
        if not added:
            print("The demonstration is recorded already: nothing was added (--again records another set).")
    finally:
        _catch_up(services)
        services.close()
    return 0
