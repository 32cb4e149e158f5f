"""The sight, in its parts: a refusal's two wordings, concealment through nested events, the narrowest
sight a request was given, and a hand that is over in every way it can end."""

from __future__ import annotations

import pytest

from adjudicator import IllegalEvent, adjudicate
from adjudicator.domain.cards import next_seat
from adjudicator.service.results import HandFacts
from adjudicator.service.sight import AT_TABLE, FULL, PUBLIC, Reader, sight_of
from adjudicator.simulation.hands import random_hand, reneging_hand

EVENTS = random_hand(7, "texas", "north")


def _refusal(events: list[dict[str, object]]) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as refused:
        adjudicate("texas", "north", events)
    return refused.value


def test_a_refusal_says_where_the_card_is_only_in_its_full_words() -> None:
    state = adjudicate("texas", "north", EVENTS[:8]).state
    seat = state["turn"]["seat"]
    other = next(s for s in ("north", "east", "south", "west") if s != seat)
    card = state["hands"][other][0]
    error = _refusal([*EVENTS[:8], {"type": "play", "seat": seat, "card": card}])
    assert error.words(True) == f"{seat} does not hold {card}: {other} does"
    assert error.words(False) == PUBLIC.refusal(error) == f"{seat} does not hold {card}"
    laid = _refusal([*EVENTS[:8], {"type": "play", "seat": seat, "card": state["discard"][0]}])
    assert "discard" in FULL.refusal(laid) == AT_TABLE.refusal(laid)
    assert PUBLIC.refusal(laid) == f"{seat} does not hold {state['discard'][0]}"


def test_a_correction_of_a_correction_is_concealed_however_deep() -> None:
    deal = EVENTS[0]
    nested = {"type": "correct_record", "event": 1, "replace_with": {"type": "x", "inner": deal}}
    shown = PUBLIC.event({"type": "correct_record", "event": 1, "replace_with": deal, "also": nested})
    assert shown["replace_with"]["hands"] is None and shown["replace_with"]["kitty"] is None
    assert shown["also"]["replace_with"]["inner"]["hands"] is None
    assert AT_TABLE.event(deal) == FULL.event(deal) == deal


def test_a_reader_tags_its_answer_with_the_narrowest_sight_it_was_given() -> None:
    in_play, over = HandFacts(True, None), HandFacts(False, None)
    reader = Reader(lambda hand: sight_of(hand, official=False, sees_cards=False))
    assert reader.tag("9") == "9"  # nothing read yet
    reader(over)
    assert reader.tag("9") == "9"  # a finished hand: everyone sees all of it
    reader(in_play)
    assert reader.tag("9") == "9-public"
    assert sight_of(in_play, official=False, sees_cards=True) is AT_TABLE
    assert sight_of(in_play, official=True, sees_cards=False) is FULL


def test_a_hand_is_over_however_it_ended() -> None:
    conceded = adjudicate(
        "detroit",
        "north",
        [
            *random_hand(3, "detroit", "north")[:12],
            {"type": "concede", "seat": "north", "agreed_by": "east"},
        ],
    )
    reneged = reneging_hand(1, "texas", "north")
    offender = adjudicate("texas", "north", reneged).rulings[0].seat
    called = adjudicate(
        "texas", "north", [*reneged, {"type": "renege_call", "by": next_seat(offender), "against": offender}]
    )
    for ended in (conceded, called, adjudicate("texas", "north", EVENTS)):
        assert ended.finished and ended.turn() is None
        assert (ended.state["phase"], ended.state["turn"]) == (ended.status, None)
    assert called.table.phase == "play"  # the table still has cards on it: the ruling ended the hand
