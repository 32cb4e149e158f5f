"""The hands a table plays on the whole day's test (``test_tournament_day``), made with the engine so
that each is what the test says it is: a quiet hand conceded once bid (recorded by its result, in
taps), and a hand whose renege the record cannot prove without the cards the official finds."""

from __future__ import annotations

from typing import Any

from adjudicator import adjudicate
from adjudicator.simulation.hands import random_euchre_hand, random_hand, reneging_hand

SEATS = ("north", "east", "south", "west")
LEFT = {s: SEATS[(n + 1) % 4] for n, s in enumerate(SEATS)}
Event = dict[str, Any]


def quick_hand(ruleset: str, dealer: str, seed: int) -> list[Event]:
    """A hand as a table records it without its deal: the auction, then the defenders concede with
    the bidder's agreement (both teams agree, so it stands: the bidder's team takes every book)."""
    for attempt in range(seed, seed + 50):
        played = (
            random_euchre_hand(attempt, dealer, with_deal=False)  # type: ignore[arg-type]
            if ruleset == "ontario"
            else random_hand(attempt, ruleset, dealer)  # type: ignore[arg-type]
        )
        bid = [e for e in played if e["type"] in ("bid", "discard", "declare", "exchange")]
        if any(e["type"] == "exchange" for e in bid):
            continue  # an exchange's cards are typed: not this day's quiet hand
        bidder = next(e["seat"] for e in bid if e["type"] == "bid" and e["bid"] != "pass")
        events = [*bid, {"type": "concede", "seat": LEFT[bidder], "agreed_by": bidder}]
        if adjudicate(ruleset, dealer, events).score["final"]:  # type: ignore[arg-type]
            return events
    raise AssertionError("no quiet hand in 50 seeds")


def result_taps(ruleset: str, dealer: str, seed: int) -> tuple[str, str, str, int]:
    """A quiet hand as its table records it by its result, in the recorder's taps: who won the bid,
    the bid's level (or Bid Euchre's call), its trump or direction, and the books its team took."""
    judged = adjudicate(ruleset, dealer, quick_hand(ruleset, dealer, seed))  # type: ignore[arg-type]
    contract = judged.score["contract"]
    seat, bid, trump, direction = (
        contract["bidder"],
        contract["bid"],
        contract["trump"],
        contract["direction"],
    )
    if ruleset == "ontario":
        kind = trump or "no trump"
        level = bid.removesuffix(" " + kind)
    else:
        kind = f"{trump} {direction}" if trump else f"no trump {direction}"
        level = bid.split()[0]
    team = "north_south" if seat in ("north", "south") else "east_west"
    return seat, level, kind, judged.score["books"][team]


def renege_hand(ruleset: str, dealer: str) -> tuple[list[Event], str, list[str]]:
    """A hand with a renege the record alone cannot prove (no deal entered): its events up to the
    end of the book, the seat that reneged, and the cards it still holds (what the official finds)."""
    for seed in range(1, 60):
        try:
            dealt = reneging(ruleset, dealer, seed)
        except ValueError:
            continue
        full = adjudicate(ruleset, dealer, dealt)  # type: ignore[arg-type]
        if any(e["type"] == "exchange" for e in dealt) or not full.rulings:
            continue
        seat = full.rulings[0].seat
        assert seat is not None
        return [e for e in dealt if e["type"] != "deal"], seat, list(full.state["hands"][seat])
    raise AssertionError("no renege in 60 seeds")


def reneging(ruleset: str, dealer: str, seed: int) -> list[Event]:
    """``reneging_hand`` for Bid Whist; for Bid Euchre the same made here: the first play from the
    second book that another card of the seat's turns into a renege, the book finished as it was."""
    if ruleset != "ontario":
        return reneging_hand(seed, ruleset, dealer)  # type: ignore[arg-type]
    events = random_euchre_hand(seed, dealer)  # type: ignore[arg-type]
    for n, event in enumerate(events):
        state = adjudicate(ruleset, dealer, events[:n]).state  # type: ignore[arg-type]
        book = state["book"]
        if event["type"] != "play" or book is None or book["number"] < 2 or not book["plays"]:
            continue
        for card in state["hands"][event["seat"]]:
            swapped = [*events[:n], {**event, "card": card}]
            if any(r.kind == "renege" for r in adjudicate(ruleset, dealer, swapped).rulings):  # type: ignore[arg-type]
                return [*swapped, *events[n + 1 : n + 4 - len(book["plays"])]]
    raise ValueError(f"seed {seed}: no renege")
