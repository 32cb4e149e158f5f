"""An official corrects the record with an event of its own: nothing deleted, the hand rules as corrected."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import IllegalEvent, adjudicate, replay
from adjudicator.simulation.hands import scripted_hand

RULESET, DEALER = "detroit", "west"


def _hand() -> list[dict[str, Any]]:
    return scripted_hand(7, dealer=DEALER)


def _miskeyed() -> tuple[list[dict[str, Any]], int, dict[str, Any]]:
    """The hand with one play keyed as another card of the seat's, off the suit led: a renege on paper."""
    events = _hand()
    table = replay(RULESET, DEALER, [])
    for index, event in enumerate(events):
        if event["type"] == "play" and table.book:
            led = table.led()
            held = table.holding(event["seat"]) or {}
            wrong = next(str(c) for c in held if table.contract.suit_of(c) != led)
            return events, index, {**event, "card": wrong}
        table.apply(event)
    raise AssertionError("no book with a card to follow")


def _correction(number: int, replace_with: dict[str, Any] | None) -> dict[str, Any]:
    return {"type": "correct_record", "event": number, "replace_with": replace_with, "reason": "mis-keyed"}


def test_a_miskeyed_card_corrected_rules_as_if_the_right_card_was_played() -> None:
    events, index, wrong = _miskeyed()
    keyed = [*events[:index], wrong]
    assert any(r.kind == "renege" for r in adjudicate(RULESET, DEALER, keyed).rulings)
    corrected = [*keyed, _correction(index + 1, events[index]), *events[index + 1 :]]
    hand = adjudicate(RULESET, DEALER, corrected)
    right = adjudicate(RULESET, DEALER, events)
    assert [r.kind for r in hand.rulings] == [r.kind for r in right.rulings]
    assert hand.score == right.score
    assert hand.table.log[index] == wrong and hand.table.log[index + 1]["type"] == "correct_record"
    assert hand.table.version == len(events) + 1


def test_a_voided_event_is_as_if_never_recorded_and_the_rulings_cite_the_correction() -> None:
    events = _hand()
    call = {"type": "renege_call", "by": "north", "against": "east"}
    with_call = [*events[:20], call]
    called = adjudicate(RULESET, DEALER, with_call).rulings
    assert any(r.kind == "false_renege_call" for r in called)
    voided = adjudicate(RULESET, DEALER, [*with_call, _correction(21, None)])
    assert not any(r.kind == "false_renege_call" for r in voided.rulings)
    assert voided.score == adjudicate(RULESET, DEALER, events[:20]).score
    renege = adjudicate(RULESET, DEALER, [*with_call, _correction(21, None), {**call, "against": "south"}])
    assert any(
        "corrected at event 22: event 21 voided (mis-keyed)" in n for r in renege.rulings for n in r.notes
    )


def test_a_correction_that_leaves_the_record_impossible_is_refused_and_changes_nothing() -> None:
    events = _hand()[:30]
    table = replay(RULESET, DEALER, events)
    before = table.state()
    first_play = next(i for i, e in enumerate(events) if e["type"] == "play")
    later_card = events[first_play + 4]["card"]  # played again at the next book: impossible
    with pytest.raises(IllegalEvent) as refused:
        table.apply(_correction(first_play + 1, {**events[first_play], "card": later_card}))
    assert "the corrected record is impossible at event" in refused.value.message
    assert refused.value.index == 31
    assert table.state() == before and table.version == 30


@pytest.mark.parametrize(
    ("correction", "field"),
    [
        ({"event": 31, "replace_with": None}, "event"),
        ({"event": 0, "replace_with": None}, "event"),
        ({"event": 3, "replace_with": {"type": "correct_record"}}, "replace_with"),
        ({"event": 3, "replace_with": {"type": "teleport"}}, "replace_with"),
        ({"event": 3, "replace_with": None, "reason": "  "}, "reason"),
    ],
)
def test_a_malformed_correction_is_refused(correction: dict[str, Any], field: str) -> None:
    table = replay(RULESET, DEALER, _hand()[:30])
    with pytest.raises(IllegalEvent) as refused:
        table.apply({"type": "correct_record", "reason": "mis-keyed", **correction})
    assert refused.value.field == field


def test_a_closed_hand_can_still_be_corrected() -> None:
    events = _hand()
    call = {"type": "renege_call", "by": "north", "against": "east"}  # a false call: Detroit's loss of hand
    closed = [*events, call, {"type": "close"}]
    assert adjudicate(RULESET, DEALER, closed).score["decided_by"] == f"false_renege_call@{len(events) + 1}"
    corrected = adjudicate(RULESET, DEALER, [*closed, _correction(len(events) + 1, None)])
    assert corrected.score == adjudicate(RULESET, DEALER, events).score
    assert corrected.table.closed_at == len(closed)


def test_a_correction_is_itself_corrected_through_its_event() -> None:
    events = _hand()[:30]
    table = replay(RULESET, DEALER, [*events, _correction(30, None)])
    with pytest.raises(IllegalEvent, match="event 31 is a correction: correct event 30 again"):
        table.apply(_correction(31, None))


def test_where_a_hand_belongs_is_not_corrected_at_the_table() -> None:
    """A hand's scope is a later event's to change (the latest counts), not a correction's: voiding
    one would bring back an earlier scope nobody recorded as current."""
    scope = {
        "type": "scoped",
        "tournament": "6f1c7f26-3d4e-4f8e-9a59-4f7c5c1f0a11",
        "table": 3,
        "match": "R1-T3",
    }
    events = [*_hand(), scope]
    table = replay(RULESET, DEALER, events)
    with pytest.raises(IllegalEvent, match="record its scope again") as voided:
        table.apply(_correction(len(events), None))
    assert voided.value.field == "event"
    with pytest.raises(IllegalEvent, match="is not corrected") as made:
        table.apply(_correction(1, scope))
    assert made.value.field == "replace_with"
