"""Steps for Bid Euchre hands (``features/ontario``): the double deck, calls, exchanges, corrections.

Everything a Bid Whist hand shares (bids, plays, calls, rulings, score) is in the other hand modules of
this package; these are the steps only Bid Euchre needs.
"""

from __future__ import annotations

from adjudicator.domain.cards import Seat, Team, team_of
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import Table
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import step, words
from adjudicator.simulation.hands import scripted_euchre_hand

PENALTIES = {"a warning": "warning", "a redeal": "redeal", "a five-point penalty": "five_points"}


@given(step("an ontario hand dealt by {dealer:Seat}"))
def an_ontario_hand(hand: Hand, dealer: Seat) -> None:
    hand.table = Table(get_ruleset("ontario"), dealer)


@given("the euchre cards are dealt:")
def euchre_deal(hand: Hand, datatable: list[list[str]]) -> None:
    """Rows ``seat | cards``, eight cards each, exactly as dealt."""
    hands = {row[0].strip(): words(row[1]) for row in datatable[1:]}
    hand.dealt_hands = hands
    hand.record({"type": "deal", "hands": hands, "kitty": []}, setup=True)


@given(step('{bidder:Seat} wins the bid at "{bid:Q}" and {team:Team} take {tricks:d} tricks'))
def scripted(hand: Hand, bidder: Seat, bid: str, team: Team, tricks: int) -> None:
    """A whole no-trump hand, scripted so the bidding team takes exactly ``tricks`` books."""
    assert hand.table is not None
    bidders_take = tricks if team_of(bidder) == team else 8 - tricks
    for event in scripted_euchre_hand(bidders_take, bidder=bidder, dealer=hand.t.dealer, bid=bid):
        hand.record(event, setup=True)


@when(step('{seat:Seat} exchanges "{discards:Q}" for "{receives:Q}"'))
def exchanges(hand: Hand, seat: Seat, discards: str, receives: str) -> None:
    hand.record({"type": "exchange", "seat": seat, "discards": words(discards), "receives": words(receives)})


@when(step("{seat:Seat} corrects the renege with {card:Card}"))
def corrects(hand: Hand, seat: Seat, card: str) -> None:
    hand.record({"type": "correct", "seat": seat, "card": card})


@when(step("the convenor rules that {seat:Seat} hesitated: {penalty}"))
def hesitation(hand: Hand, seat: Seat, penalty: str) -> None:
    hand.record({"type": "hesitation", "seat": seat, "penalty": PENALTIES[penalty]})


@then(step("{seat:Seat} sits out the hand"))
def sits_out(hand: Hand, seat: Seat) -> None:
    assert hand.judged().state["sitting_out"] == seat


@then(step('{seat:Seat} has "{card:Q}" face up on the table'))
def face_up(hand: Hand, seat: Seat, card: str) -> None:
    exposed = hand.judged().state["exposed"]
    assert any(e["seat"] == seat and e["card"] == card for e in exposed), exposed


@then(step("{seat:Seat} may not bid a {colour} suit"))
def may_not_bid(hand: Hand, seat: Seat, colour: str) -> None:
    restrictions = hand.judged().state["restrictions"]
    assert {"kind": "may_not_bid_colour", "seat": seat, "colour": colour} in restrictions, restrictions


@then(step("the contract is {bid} played by {seat:Seat} alone"))
def alone(hand: Hand, bid: str, seat: Seat) -> None:
    state = hand.judged().state
    assert state["contract"]["bid"] == bid and state["contract"]["bidder"] == seat, state["contract"]
    assert state["sitting_out"] is not None and state["sitting_out"] != seat


@when(step('{seat:Seat} raises the same-number bid to "{bid:Q}"'))
def raises(hand: Hand, seat: Seat, bid: str) -> None:
    """The bidder's choice on a same-number bid, naming the raised bid (I.4)."""
    ruling = next(r for r in reversed(hand.rulings("same_number")) if r.options)
    hand.record({"type": "choice", "ruling": ruling.id, "option": "raise", "by": seat, "bid": bid})
