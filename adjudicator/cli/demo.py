"""``adjudicator demo``: record a few real hands in the store, to look around the console with.

Every hand is dealt and played legally by ``adjudicator.simulate`` and recorded through the same use
case as ``adjudicator import``: a hand with a renege nobody has called yet, the same renege called,
and a complete hand in each rulebook. Run it on a fresh database (it adds, never replaces).
"""

from __future__ import annotations

import argparse
from typing import Any

from adjudicator.service.authors import Author

PLAYERS = {"north": "Ada", "east": "Bea", "south": "Cy", "west": "Dee"}
DEMO = Author("demo", "official")


def register(commands: Any) -> None:
    demo = commands.add_parser("demo", help="record demonstration hands (a renege, every rulebook)")
    demo.set_defaults(func=demo_hands)


def hands() -> list[dict[str, Any]]:
    """The demonstration hands, as ``adjudicator import`` takes them."""
    from adjudicator import adjudicate
    from adjudicator.cards import next_seat
    from adjudicator.simulate import random_euchre_hand, random_hand, reneging_hand

    reneged = reneging_hand(1, "texas", "north")
    offender = adjudicate("texas", "north", reneged).rulings[0].seat
    called = {"type": "renege_call", "by": next_seat(offender), "against": offender}
    made = [
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
    return [{"dealer": "north", "players": PLAYERS, **hand} for hand in made]


def demo_hands(args: argparse.Namespace) -> int:
    from adjudicator.cli.records import _catch_up
    from adjudicator.service import hands as use
    from adjudicator.service.store import HandStore

    store = HandStore()
    try:
        for hand in hands():
            hand_id, version = use.record_hand(store, hand, DEMO)
            print(f"{hand_id} {hand['label']} ({hand['ruleset']}, {version} events)")
    finally:
        _catch_up(store)
        store.close()
    return 0
