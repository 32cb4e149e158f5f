"""A record conflict: a play the table recorded that the concealed cards as recorded say could not
have happened. Refused to a writer who sees those cards; for one who may not, the table's account,
noted as a ruling for an official that only a correction of the record settles."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import IllegalEvent, adjudicate, replay
from adjudicator.domain.events import ConflictsWithDeal
from adjudicator.domain.officials_queue import hand_calls
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.simulation.hands import random_euchre_hand, reneging_hand

Event = dict[str, Any]


def _conflict(ruleset: str) -> tuple[list[Event], Event, str]:
    """A hand in play, a play of a card another seat was dealt by the seat to play, and that seat."""
    events = reneging_hand(1, ruleset, "north")
    state = adjudicate(ruleset, "north", events).state
    seat = state["turn"]["seat"]
    holder = next(s for s in ("north", "east", "south", "west") if s != seat and state["hands"][s])
    return events, {"type": "play", "seat": seat, "card": state["hands"][holder][0]}, holder


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if r != "ontario"])
def test_a_play_against_the_deal_is_refused_to_its_reader_and_noted_for_an_official_otherwise(
    ruleset: str,
) -> None:
    events, play, holder = _conflict(ruleset)
    table = replay(ruleset, "north", events)
    before = table.state()
    with pytest.raises(ConflictsWithDeal, match=f"{holder} does") as refused:
        table.apply(play)
    assert refused.value.words(False) == f"{play['seat']} does not hold {play['card']}"
    assert table.state() == before

    judged = adjudicate(ruleset, "north", [*events, play], "noted")
    conflict = next(r for r in judged.rulings if r.kind == "record_conflict")
    assert (conflict.status, conflict.event, conflict.seat) == ("pending", len(events) + 1, play["seat"])
    assert f"{holder} does" in conflict.detail and conflict.called_by is None
    assert conflict.citations and all(c.document == RULESETS[ruleset].document for c in conflict.citations)
    assert judged.state["hands"] == dict.fromkeys(("north", "east", "south", "west"))
    assert judged.table.version == len(events) + 1  # the table's account is on the record


def test_public_impossibilities_stay_refused_for_every_writer() -> None:
    events, _, _ = _conflict("texas")
    played = next(e for e in events if e["type"] == "play")
    table = replay("texas", "north", events, "noted")
    for event, said in (
        ({**played, "seat": adjudicate("texas", "north", events).state["turn"]["seat"]}, "already played"),
        ({"type": "play", "seat": "west", "card": "1S"}, "not a card"),
    ):
        with pytest.raises(IllegalEvent, match=said) as refused:
            table.apply(event, "noted")
        assert not isinstance(refused.value, ConflictsWithDeal)
    assert not table.conflicts


def test_after_a_conflict_the_hands_are_unknown_until_a_correction_settles_it() -> None:
    events, play, _ = _conflict("texas")
    n = len(events) + 1
    noted = [*events, play]
    table = replay("texas", "north", noted, "noted")
    assert [c.event for c in table.conflicts] == [n]
    with pytest.raises(IllegalEvent, match="cannot be closed: the record conflicts"):
        table.apply({"type": "close"})
    voided = {"type": "correct_record", "event": n, "replace_with": None, "reason": "keyed the wrong card"}
    corrected = adjudicate("texas", "north", [*noted, voided], "noted")
    assert not corrected.table.conflicts
    assert not [r for r in corrected.rulings if r.kind == "record_conflict"]
    assert all(held is not None for held in corrected.state["hands"].values())
    log = [*noted, voided]
    calls = hand_calls("h", "texas", "north", log, [f"t{i}" for i in range(len(log))], conflicted=True)
    assert [(c.kind, c.event, c.ruled_event) for c in calls] == [("record_conflict", n, n + 1)]


def test_a_correction_that_brings_a_new_conflict_is_refused_to_an_official() -> None:
    events, play, _ = _conflict("texas")
    played = max(
        i for i, e in enumerate(events, start=1) if e["type"] == "play" and e["seat"] == play["seat"]
    )
    wrong = {"type": "correct_record", "event": played, "replace_with": play, "reason": "mis-keyed"}
    with pytest.raises(ConflictsWithDeal, match="the corrected record is impossible"):
        replay("texas", "north", [*events, wrong])


def test_a_euchre_seat_holding_one_copy_conflicts_where_a_second_copy_is_played() -> None:
    """The double deck: one copy played, the other dealt elsewhere; a public fact only once both are."""
    events = random_euchre_hand(5, "north")
    for n, event in enumerate(events, start=1):
        state = adjudicate("ontario", "north", events[:n]).state
        seat = (state["turn"] or {}).get("seat")
        once = sum(e.get("card") == event.get("card") for e in events[:n] if e["type"] == "play") == 1
        if event["type"] == "play" and once and seat and event["card"] not in (state["hands"][seat] or ()):
            break
    else:
        raise AssertionError("no play of a card whose other copy the next seat does not hold")
    again = {"type": "play", "seat": seat, "card": event["card"]}
    with pytest.raises(ConflictsWithDeal, match="already played") as refused:
        replay("ontario", "north", [*events[:n], again])
    assert refused.value.words(False) == f"{seat} does not hold {event['card']}"
    table = replay("ontario", "north", [*events[:n], again], "noted")
    assert [c.event for c in table.conflicts] == [n + 1]
