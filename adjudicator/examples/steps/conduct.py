"""Conduct techs: the opponents' call naming a conduct infraction, and the official's finding on it.

MATRIX.md "Bid Whist: conduct techs and concessions"; scenarios: ``features/<ruleset>/conduct.feature``.
"""

from __future__ import annotations

from adjudicator.domain.cards import Seat
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import Event, snake, step


@when(step('{by:Seat} calls a "{infraction:Q}" tech on {against:Seat}, saying "{note:Q}"'))
def conduct_call(hand: Hand, by: Seat, infraction: str, against: Seat, note: str) -> None:
    event = {"type": "tech_call", "by": by, "against": against, "infraction": snake(infraction)}
    hand.record({**event, "note": note})


def _last_call(hand: Hand) -> int:
    calls = [n for n, e in enumerate(hand.t.log, start=1) if e.get("type") == "tech_call"]
    assert calls, "no tech call was recorded"
    return calls[-1]


def _finding(hand: Hand, finding: str, option: str | None = None) -> None:
    event: Event = {"type": "finding", "call": _last_call(hand), "finding": finding}
    if option is not None:
        event["option"] = snake(option)
    hand.record(event)


@when("the official upholds the call")
def upholds(hand: Hand) -> None:
    _finding(hand, "upheld")


@when(step('the official upholds the call and chooses "{option:Q}"'))
def upholds_choosing(hand: Hand, option: str) -> None:
    _finding(hand, "upheld", option)


@when("the official dismisses the call")
def dismisses(hand: Hand) -> None:
    _finding(hand, "dismissed")


@then(step('the ruling\'s penalty is "{text:Q}"'))
def ruling_penalty(hand: Hand, text: str) -> None:
    assert text in hand.the_ruling().penalty, hand.the_ruling().penalty


@when(step("{by:Seat} agrees to the score"))
def agrees(hand: Hand, by: Seat) -> None:
    hand.record({"type": "score_confirmation", "by": by, "verdict": "agreed"})


@when(step('{by:Seat} disputes the score, saying "{note:Q}"'))
def disputes(hand: Hand, by: Seat, note: str) -> None:
    hand.record({"type": "score_confirmation", "by": by, "verdict": "disputed", "note": note})


@when(step("the official {finding} the dispute"))
def dispute_found(hand: Hand, finding: str) -> None:
    disputes = [n for n, e in enumerate(hand.t.log, start=1) if e.get("type") == "score_confirmation"]
    assert disputes, "no score confirmation was recorded"
    hand.record(
        {"type": "finding", "call": disputes[-1], "finding": {"upholds": "upheld"}.get(finding, "dismissed")}
    )
