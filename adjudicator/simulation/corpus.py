"""A fixed corpus of hands: random and mutated logs of all five rulebooks, calls of every
infraction a call can name, and Bid Euchre's bidding and exchange slips, made from seeds
(``adjudicator.simulation.hands``), the same on every run.

What the engine makes of them is its fingerprint (``adjudicator.service.results.engine``): the
stored results of a hand are served only by an engine that answers the whole corpus as the one that
stored them did. The engine's test vectors (``tests/unit/engine_vectors.py``) are made the same way.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from adjudicator.domain.cards import CARDS, SEATS, Seat
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.events.shapes import (
    CONDUCT_INFRACTIONS,
    HESITATION_PENALTIES,
    MISDEAL_REASONS,
    TECH_INFRACTIONS,
)
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import Table
from adjudicator.simulation.hands import random_euchre_hand, random_hand, reneging_hand

Event = dict[str, Any]
Log = tuple[str, Seat, list[Event]]
WHIST = ("detroit", "texas", "chicago", "cardtel")
RULEBOOKS = (*WHIST, "ontario")
#: The corpus's size and seed: enough logs that every rulebook's common rulings, refusals and scores
#: occur, few enough that the fingerprint costs a fraction of a second (measured in the tests).
SIZE, SEED = 150, 21


def _replayed(ruleset: str, dealer: Seat, events: list[Event]) -> Table:
    """The table after ``events``, refused ones skipped."""
    table = Table(get_ruleset(ruleset), dealer)
    for event in events:
        with contextlib.suppress(IllegalEvent):
            table.apply(event)
    return table


def _holding(ruleset: str, dealer: Seat, events: list[Event], seat: Seat) -> list[str] | None:
    """The seat's cards as the table knows them after ``events``."""
    hand = _replayed(ruleset, dealer, events).holding(seat)
    return None if hand is None else sorted(str(c) for c in hand.elements())


def _open_choices(ruleset: str, dealer: Seat, events: list[Event]) -> list[tuple[str, tuple[str, ...]]]:
    table = _replayed(ruleset, dealer, events)
    return [(i.id, i.remedy.options) for i in table.infractions if i.remedy.kind == "choice"]


def _mutate(rng: random.Random, ruleset: str, dealer: Seat, events: list[Event]) -> list[Event]:
    events = [dict(e) for e in events]
    at = rng.randrange(len(events) + 1)
    seat, other = rng.choice(SEATS), rng.choice(SEATS)
    kind = rng.randrange(22)
    if kind == 0 and events:
        del events[min(at, len(events) - 1)]
    elif kind == 1 and events:
        i = min(at, len(events) - 1)
        events.insert(i, dict(events[i]))
    elif kind == 2 and len(events) > 1:
        i = min(at, len(events) - 2)
        events[i], events[i + 1] = events[i + 1], events[i]
    elif kind == 3:
        plays = [i for i, e in enumerate(events) if e["type"] == "play"]
        if plays:
            i = rng.choice(plays)
            events[i] = {**events[i], "card": rng.choice(list(CARDS))}
    elif kind in (4, 5, 6):  # an inspection: true, or with a card wrong
        held = _holding(ruleset, dealer, events[:at], seat)
        if held is None:
            later = [
                c for e in events[at:] if e.get("seat") == seat and e["type"] == "play" for c in [e["card"]]
            ]
            held = later
        cards = list(held)
        if kind == 6 and cards:
            cards[rng.randrange(len(cards))] = rng.choice(list(CARDS))
        events.insert(at, {"type": "inspect", "seat": seat, "cards": cards})
    elif kind == 7:
        events.insert(at, {"type": "renege_call", "by": seat, "against": other})
    elif kind == 8:
        call: Event = {"type": "tech_call", "by": seat, "against": other}
        if rng.random() < 0.8:
            call["infraction"] = rng.choice(TECH_INFRACTIONS)
        events.insert(at, call)
        if call.get("infraction") in CONDUCT_INFRACTIONS and rng.random() < 0.7:
            finding: Event = {
                "type": "finding",
                "call": at + 1,
                "finding": rng.choice(("upheld", "dismissed")),
            }
            if rng.random() < 0.5:
                finding["option"] = rng.choice(("loss_of_hand", "no_penalty"))
            events.insert(rng.randrange(at + 1, len(events) + 1), finding)
    elif kind == 9:
        held = _holding(ruleset, dealer, events[:at], seat) or [rng.choice(list(CARDS))]
        events.insert(at, {"type": "expose", "seat": seat, "cards": [rng.choice(held)]})
    elif kind == 10:
        concede: Event = {"type": "concede", "seat": seat}
        if rng.random() < 0.6:
            concede["agreed_by"] = other
        events.insert(at, concede)
    elif kind == 11:
        events.insert(at, {"type": "misdeal", "reason": rng.choice(MISDEAL_REASONS), "by": seat})
    elif kind == 12:
        events.append({"type": "close"})
    elif kind == 13:
        events.insert(at, {"type": "hesitation", "seat": seat, "penalty": rng.choice(HESITATION_PENALTIES)})
    elif kind == 14:
        events.insert(at, {"type": "wrong_dealer", "seat": seat})
    elif kind == 15 and events:
        target = rng.randrange(1, len(events) + 1)
        original = events[target - 1]
        replacement: Event | None = None
        if original["type"] == "play" and rng.random() < 0.7:
            replacement = {**original, "card": rng.choice(list(CARDS))}
        events.append({"type": "correct_record", "event": target, "replace_with": replacement, "reason": "x"})
    elif kind == 16:
        events.insert(at, {"type": "correct", "seat": seat, "card": rng.choice(list(CARDS))})
    elif kind == 17:
        for ruling, options in _open_choices(ruleset, dealer, events[:at]):
            by = rng.choice([*SEATS, "official"])
            events.insert(at, {"type": "choice", "ruling": ruling, "option": rng.choice(options), "by": by})
            break
    elif kind == 18:
        events.insert(
            at, {"type": "score_confirmation", "by": seat, "verdict": rng.choice(("agreed", "disputed"))}
        )
    elif kind == 19 and events and events[0]["type"] == "deal":
        del events[0]  # no deal on record: reneges become suspicions
    elif kind == 20:
        plays = [i for i, e in enumerate(events) if e["type"] == "play"]
        if len(plays) > 1:
            i = rng.choice(plays[:-1])
            j = i + 1
            if events[j]["type"] == "play":
                events[i], events[j] = events[j], events[i]  # out of turn
    elif kind == 21:
        events = events[:at]  # a hand stopped part way
    return events


def _base(rng: random.Random, ruleset: str, dealer: Seat) -> list[Event]:
    seed = rng.randrange(10**6)
    if ruleset == "ontario":
        return random_euchre_hand(seed, dealer, with_deal=rng.random() < 0.8)
    if rng.random() < 0.25:
        try:
            return reneging_hand(seed, ruleset, dealer)
        except ValueError:
            pass
    return random_hand(seed, ruleset, dealer)


def logs(count: int, seed: int) -> list[Log]:
    """``count`` logs over the five rulebooks: a fifth as dealt, the rest with one to four mutations."""
    rng = random.Random(seed)
    made: list[Log] = []
    for i in range(count):
        ruleset = RULEBOOKS[i % 5]
        dealer = rng.choice(SEATS)
        events = _base(rng, ruleset, dealer)
        if rng.random() < 0.8:
            for _ in range(rng.randint(1, 4)):
                events = _mutate(rng, ruleset, dealer, events)
        made.append((ruleset, dealer, events))
    return made


def calls(seed: int) -> list[Log]:
    """For each Bid Whist rulebook, a hand interrupted by a call of each infraction a call can name,
    a conduct call found upheld (with each option) and dismissed, a short discard, and a hesitation
    of each penalty."""
    made: list[Log] = []
    for number, ruleset in enumerate(WHIST):
        events = random_hand(seed + number, ruleset, "north")
        at = len(events) // 2
        for i, infraction in enumerate(TECH_INFRACTIONS):
            call: Event = {"type": "tech_call", "by": SEATS[i % 4], "against": SEATS[(i + 1) % 4]}
            made.append((ruleset, "north", [*events[:at], {**call, "infraction": infraction}, *events[at:]]))
            if infraction in CONDUCT_INFRACTIONS:
                for finding in ({"finding": "upheld"}, {"finding": "dismissed"}, {"option": "no_penalty"}):
                    decided: Event = {"type": "finding", "call": at + 1, "finding": "upheld", **finding}
                    called = {**call, "infraction": infraction}
                    made.append((ruleset, "north", [*events[:at], called, decided]))
        renege_call: Event = {"type": "renege_call", "by": "north", "against": "east"}
        made.append((ruleset, "north", [*events[:at], renege_call, *events[at:]]))
        discard = next(i for i, event in enumerate(events) if event["type"] == "discard")
        short = {**events[discard], "cards": events[discard]["cards"][:-1]}
        made.append((ruleset, "north", [*events[:discard], short, *events[discard + 1 :]]))
        for penalty in HESITATION_PENALTIES:
            hesitation: Event = {"type": "hesitation", "seat": "east", "penalty": penalty}
            made.append((ruleset, "north", [*events[:at], hesitation]))
    return made


def slips(seed: int) -> list[Log]:
    """Bid Euchre's infractions the record itself shows: a bid of the same number of tricks, and an
    exchange short of cards."""
    made: list[Log] = []
    for number in range(40):
        events = random_euchre_hand(seed + number, "north")
        bids = [i for i, e in enumerate(events) if e["type"] == "bid" and e["bid"][0].isdigit()]
        if bids and bids[0] + 1 < len(events) and events[bids[0] + 1]["type"] == "bid":
            tricks = events[bids[0]]["bid"].split()[0]
            same = {**events[bids[0] + 1], "bid": f"{tricks} hearts"}
            made.append(("ontario", "north", [*events[: bids[0] + 1], same, *events[bids[0] + 2 :]]))
        exchanges = [i for i, e in enumerate(events) if e["type"] == "exchange"]
        if exchanges:
            short = {**events[exchanges[0]], "discards": [], "receives": []}
            made.append(("ontario", "north", [*events[: exchanges[0]], short, *events[exchanges[0] + 1 :]]))
    return made


def hands() -> list[Log]:
    """The corpus: ``SIZE`` random and mutated logs, then the calls and the slips."""
    return [*logs(SIZE, SEED), *calls(SEED), *slips(SEED)]
