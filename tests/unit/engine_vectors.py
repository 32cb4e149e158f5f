"""Engine vectors, in the spirit of chess "perft": many logs, and everything the engine made of them.

``outcome`` replays a log event by event and records, after each, a digest of what an official sees
(state, rulings, score, status) or the refusal (message, member, index); then the whole log's
adjudication in full. ``logs`` makes random and mutated logs of all five rulebooks (events dropped,
doubled, swapped, cards changed, inspections, calls, exposures, concessions, corrections, choices …).
``python tests/unit/engine_vectors.py`` writes ``tests/fixtures/engine_vectors.json.gz`` from the
current code; ``test_engine_vectors`` checks the code still agrees, byte for byte.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from adjudicator import IllegalEvent, Table, adjudicate, get_ruleset, judge
from adjudicator.adjudication import Adjudication
from adjudicator.cards import CARDS, SEATS, Seat
from adjudicator.events.shapes import (
    CONDUCT_INFRACTIONS,
    HESITATION_PENALTIES,
    MISDEAL_REASONS,
    TECH_INFRACTIONS,
)
from adjudicator.rulings import decision
from adjudicator.simulate import random_euchre_hand, random_hand, reneging_hand

FIXTURE = Path(__file__).parent.parent / "fixtures" / "engine_vectors.json.gz"
WHIST = ("detroit", "texas", "chicago", "cardtel")
Event = dict[str, Any]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def seen(table: Table) -> list[Any]:
    """Everything an official reads of the table at this moment: the table's own state (the state a
    hand's reader gets is it with the hand's status, ``Adjudication.state``: a function of both)."""
    found = judge(table)
    return [found.table.state(), found.rulings_data(), found.score, status_as_written(found)]


def status_as_written(found: Adjudication) -> str:
    """The status as the fixture's code said it: a conceded hand is ``complete`` since (issue 20), and
    was then still where its table stood; every other status is the same."""
    table = found.table
    conceded = found.status == "complete" and table.concession is not None and table.phase != "complete"
    if conceded and decision(found.rulings) is None:
        next_is_play = table.game.next_step(table) == "play"
        return "play" if table.phase in ("kitty", "exchange") and next_is_play else table.phase
    return found.status


def outcome(ruleset: str, dealer: Seat, events: list[Event]) -> dict[str, Any]:
    """What the engine makes of ``events``: after each event a digest or the refusal, then in full."""
    table = Table(get_ruleset(ruleset), dealer)
    steps: list[Any] = []
    for event in events:
        try:
            table.apply(event)
        except IllegalEvent as error:
            steps.append(error.to_dict())
        else:
            steps.append(hashlib.sha256(_canonical(seen(table)).encode()).hexdigest()[:16])
    final: list[Any] = seen(table)
    try:
        whole: Any = seen(adjudicate(ruleset, dealer, events).table)
    except IllegalEvent as error:
        whole = error.to_dict()
    return json.loads(_canonical({"steps": steps, "final": final, "whole": whole}))


# ----------------------------------------------------------------- logs: random, then mutated


def _holding(ruleset: str, dealer: Seat, events: list[Event], seat: Seat) -> list[str] | None:
    """The seat's cards as the table knows them after ``events`` (refused ones skipped)."""
    table = Table(get_ruleset(ruleset), dealer)
    for event in events:
        with contextlib.suppress(IllegalEvent):
            table.apply(event)
    hand = table.holding(seat)
    return None if hand is None else sorted(str(c) for c in hand.elements())


def _open_choices(ruleset: str, dealer: Seat, events: list[Event]) -> list[tuple[str, tuple[str, ...]]]:
    table = Table(get_ruleset(ruleset), dealer)
    for event in events:
        with contextlib.suppress(IllegalEvent):
            table.apply(event)
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


def logs(count: int, seed: int) -> list[tuple[str, Seat, list[Event]]]:
    """``count`` logs over the five rulebooks: a fifth as dealt, the rest with one to four mutations."""
    rng = random.Random(seed)
    made: list[tuple[str, Seat, list[Event]]] = []
    for i in range(count):
        ruleset = (*WHIST, "ontario")[i % 5]
        dealer = rng.choice(SEATS)
        events = _base(rng, ruleset, dealer)
        if rng.random() < 0.8:
            for _ in range(rng.randint(1, 4)):
                events = _mutate(rng, ruleset, dealer, events)
        made.append((ruleset, dealer, events))
    return made


def vectors(count: int, seed: int) -> list[dict[str, Any]]:
    return [
        {"ruleset": r, "dealer": d, "events": e, "outcome": outcome(r, d, e)} for r, d, e in logs(count, seed)
    ]


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    data = json.dumps(vectors(count, 14), separators=(",", ":")).encode()
    FIXTURE.write_bytes(gzip.compress(data, 9, mtime=0))
    print(f"{FIXTURE}: {count} logs, {FIXTURE.stat().st_size} bytes")
