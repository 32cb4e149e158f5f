"""Calls and rulings: what players and the official record beyond play, and the rulings the engine gives."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import Seat, Team
from adjudicator.domain.officials_queue import QueuedCall, hand_calls, settled_by_the_record
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import snake, spoken, step, words


@when(step("{by:Seat} calls a renege on {against:Seat}"))
def renege_call(hand: Hand, by: Seat, against: Seat) -> None:
    hand.record({"type": "renege_call", "by": by, "against": against})


@when(step('{by:Seat} calls a "{infraction:Q}" tech on {against:Seat}'))
def tech_call(hand: Hand, by: Seat, infraction: str, against: Seat) -> None:
    hand.record({"type": "tech_call", "by": by, "against": against, "infraction": snake(infraction)})


@when(step('the official inspects {seat:Seat}\'s hand: "{cards:Q}"'))
def inspects(hand: Hand, seat: Seat, cards: str) -> None:
    hand.record({"type": "inspect", "seat": seat, "cards": words(cards)})


@when(step('{seat:Seat} exposes "{cards:Q}"'))
def exposes(hand: Hand, seat: Seat, cards: str) -> None:
    hand.record({"type": "expose", "seat": seat, "cards": words(cards)})


@when(step('{by:Who} chooses "{option:Q}" on the ruling for {kind:Kind}'))
def chooses(hand: Hand, by: str, option: str, kind: str) -> None:
    """A seat or the official takes one of the options of the last such ruling that offers any."""
    offering = [r for r in hand.rulings(kind) if r.options]
    assert offering, f"no {kind} ruling offers a choice: {hand.judged().rulings_data()}"
    hand.record({"type": "choice", "ruling": offering[-1].id, "option": snake(option), "by": by})


def _describe(hand: Hand) -> list[dict[str, Any]]:
    return [
        {k: r[k] for k in ("id", "kind", "seat", "status", "effect")} for r in hand.judged().rulings_data()
    ]


@then(step("there is an {status} ruling against {seat:Seat} for {kind:Kind}"))
@then(step("there is a {status} ruling against {seat:Seat} for {kind:Kind}"))
def ruling_against(hand: Hand, status: str, kind: str, seat: Seat) -> None:
    found = [r for r in hand.rulings(kind) if r.seat == seat]
    assert found, f"no {kind} ruling against {seat}: {_describe(hand)}"
    assert [r.status for r in found] == [status] * len(found), _describe(hand)
    hand.ruling = found[-1]


@then(step("there is no ruling against {seat:Seat} for {kind:Kind}"))
def no_ruling_against(hand: Hand, seat: Seat, kind: str) -> None:
    assert not [r for r in hand.rulings(kind) if r.seat == seat], _describe(hand)


@then(step("the last ruling against {seat:Seat} for {kind:Kind} is {status}"))
def last_ruling_against(hand: Hand, kind: str, seat: Seat, status: str) -> None:
    found = [r for r in hand.rulings(kind) if r.seat == seat]
    assert found and found[-1].status == status, _describe(hand)
    hand.ruling = found[-1]


@then(step("there is no ruling for {kind:Kind}"))
def no_ruling(hand: Hand, kind: str) -> None:
    assert not hand.rulings(kind), _describe(hand)


@then("there are no rulings")
def no_rulings(hand: Hand) -> None:
    assert not hand.rulings(), _describe(hand)


@then(step("the ruling takes the hand from {team:Team}"))
def ruling_loss_of_hand(hand: Hand, team: Team) -> None:
    assert hand.the_ruling().effect == {"type": "loss_of_hand", "team": team}, hand.the_ruling()


@then("the ruling calls for a redeal")
def ruling_redeal(hand: Hand) -> None:
    assert hand.the_ruling().effect == {"type": "redeal"}


@then("the ruling has no effect")
def ruling_no_effect(hand: Hand) -> None:
    ruling = hand.the_ruling()
    assert ruling.effect in (None, {"type": "none"}), ruling.effect


@then(step("the ruling moves {books:d} books from {giver:Team} to {taker:Team}"))
def ruling_transfer(hand: Hand, books: int, giver: Team, taker: Team) -> None:
    assert hand.the_ruling().effect == {"type": "book_transfer", "from": giver, "to": taker, "books": books}


@then(step('the ruling offers "{options:Q}"'))
def ruling_offers(hand: Hand, options: str) -> None:
    assert list(hand.the_ruling().options) == [snake(o) for o in options.split(",")]


@then(step('the ruling\'s effect is "{kind:Q}"'))
def ruling_effect(hand: Hand, kind: str) -> None:
    effect = hand.the_ruling().effect
    assert effect is not None and effect["type"] == snake(kind), effect


@then(step('the ruling\'s proof is "{text:Q}"'))
def ruling_proof(hand: Hand, text: str) -> None:
    proof = hand.the_ruling().proof
    assert proof is not None and text in proof, proof


@then(step('the ruling says "{text:Q}"'))
def ruling_says(hand: Hand, text: str) -> None:
    assert text in spoken(hand.the_ruling().detail), hand.the_ruling().detail


@then(step("the ruling was called by {seat:Seat}"))
def ruling_called_by(hand: Hand, seat: Seat) -> None:
    called = hand.the_ruling().called_by
    assert called is not None and called["seat"] == seat, called


@then(step("the hand is decided by the ruling for {kind:Kind}"))
def decided_by(hand: Hand, kind: str) -> None:
    score = hand.score()
    assert score["decided_by"] is not None and score["decided_by"].startswith(kind + "@"), score


def _queue(hand: Hand) -> list[QueuedCall]:
    """The calls for an official the hand's log makes, as the officials' queue derives them."""
    recorded_at = ["2026-11-28T10:00:00+00:00"] * len(hand.events)
    return hand_calls("hand", hand.ruleset_id, hand.t.dealer, hand.events, recorded_at)


@then("the renege call reaches the officials, settled by the record")
def settled_for_the_officials(hand: Hand) -> None:
    calls = _queue(hand)
    assert [(c.kind, settled_by_the_record(c)) for c in calls] == [("renege", True)], calls


@then("no call reaches the officials")
def no_call_for_the_officials(hand: Hand) -> None:
    assert not _queue(hand), _queue(hand)
