"""Bidding, the kitty and the contract: bids, discards, declarations, and what the table then says of them."""

from __future__ import annotations

from adjudicator.domain.cards import Seat, next_seat, seats_from
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import Event, step, words


def _bidding_won(hand: Hand, seat: Seat, bid: str) -> None:
    for bidder in seats_from(next_seat(hand.t.dealer)):
        hand.record({"type": "bid", "seat": bidder, "bid": bid if bidder == seat else "pass"}, setup=True)


def _declaration(seat: Seat, contract: str) -> Event:
    said = contract.split()
    if said[:2] == ["the", "direction"]:
        return {"type": "declare", "seat": seat, "direction": said[2]}
    assert said[1:] == ["trump"], f"say '<suit> trump' or 'the direction <uptown|downtown>': {contract}"
    return {"type": "declare", "seat": seat, "trump": said[0]}


@given(step('{seat:Seat} wins the bid at "{bid:Q}" and names {contract}'))
def bid_won(hand: Hand, seat: Seat, bid: str, contract: str) -> None:
    """Everyone else passes; with the deal recorded, the bidder discards the kitty as taken up."""
    _bidding_won(hand, seat, bid)
    if hand.t.dealt:
        hand.record({"type": "discard", "seat": seat, "cards": hand.dealt_hands["kitty"]}, setup=True)
    hand.record(_declaration(seat, contract), setup=True)


@given(step('{seat:Seat} wins the bid at "{bid:Q}"'))
def bid_won_only(hand: Hand, seat: Seat, bid: str) -> None:
    _bidding_won(hand, seat, bid)


@given(step('the bidding goes "{bids:Q}"'))
@when(step('the bidding goes "{bids:Q}"'))
def the_bidding_goes(hand: Hand, bids: str) -> None:
    for item in bids.split(","):
        seat, said = item.split(":")
        hand.record({"type": "bid", "seat": seat.strip(), "bid": said.strip()})


@when(step('{seat:Seat} bids "{bid:Q}"'))
def bids(hand: Hand, seat: Seat, bid: str) -> None:
    hand.record({"type": "bid", "seat": seat, "bid": bid})


@given(step('{seat:Seat} discards "{cards:Q}"'))
@when(step('{seat:Seat} discards "{cards:Q}"'))
def discards(hand: Hand, seat: Seat, cards: str) -> None:
    hand.record({"type": "discard", "seat": seat, "cards": words(cards)})


@given(step("{seat:Seat} discards the kitty as taken up"))
@when(step("{seat:Seat} discards the kitty as taken up"))
def discards_kitty(hand: Hand, seat: Seat) -> None:
    hand.record({"type": "discard", "seat": seat, "cards": hand.dealt_hands["kitty"]})


@given(step("{seat:Seat} names {contract}"))
@when(step("{seat:Seat} names {contract}"))
def names(hand: Hand, seat: Seat, contract: str) -> None:
    hand.record(_declaration(seat, contract))


@then(step('the standing bid is "{bid:Q}" by {seat:Seat}'))
def standing_bid(hand: Hand, bid: str, seat: Seat) -> None:
    hand.judged()
    assert hand.t.state()["standing_bid"] == {"seat": seat, "bid": bid}


@then("there is no standing bid")
def no_standing_bid(hand: Hand) -> None:
    hand.judged()
    assert hand.t.state()["standing_bid"] is None


@then(step('{seat:Seat}\'s bid counts as "{bid:Q}"'))
def bid_counts_as(hand: Hand, seat: Seat, bid: str) -> None:
    hand.judged()
    mine = [b for b in hand.t.state()["bids"] if b["seat"] == seat]
    assert mine, f"{seat} has not bid"
    assert mine[-1]["counted"], f"{seat}'s bid was not counted: {mine[-1]}"
    assert mine[-1]["counts_as"] == bid, mine[-1]


@then(step("{seat:Seat}'s bid does not count"))
def bid_void(hand: Hand, seat: Seat) -> None:
    hand.judged()
    mine = [b for b in hand.t.state()["bids"] if b["seat"] == seat]
    assert mine and not mine[-1]["counted"], mine


@then(step("the bidding is over and {seat:Seat} is the bidder"))
def bidding_over(hand: Hand, seat: Seat) -> None:
    hand.judged()
    assert hand.t.bidding_over and hand.t.bidder == seat


@then(step('the contract is "{bid:Q}" with {what}'))
def contract_is(hand: Hand, bid: str, what: str) -> None:
    contract = hand.judged().state["contract"]
    assert contract is not None and contract["bid"] == bid, contract
    said = what.split()
    if said[1:] == ["trump"]:
        assert contract["trump"] == said[0], contract
    else:
        assert contract["trump"] is None and contract["direction"] == said[-1], contract
