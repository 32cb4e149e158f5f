"""A hand recorded by its result: the contract and the books won, and its books entered afterwards.

The result is one event (``result``) as a paper sheet or a Bridgemate takes it; when a call needs the
cards, the table enters its books as they lie, book by book, and the engine rules on them as usual.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import SUIT_BY_NAME, Seat
from adjudicator.domain.games.bidwhist.contract import Direction
from adjudicator.examples.registry import when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import Event, step
from adjudicator.simulation.hands import scripted_euchre_hand, scripted_hand

RESULT = "the table records the result: {seat:Seat} bid "


@when(step(RESULT + '"{bid:Q}" in {suit}, the bidding team taking {books:d} books'))
def result_in_trump(hand: Hand, seat: Seat, bid: str, suit: str, books: int) -> None:
    hand.record({"type": "result", "seat": seat, "bid": bid, "trump": suit, "books": books})


@when(step(RESULT + '"{bid:Q}" played {direction}, the bidding team taking {books:d} books'))
def result_no_trump(hand: Hand, seat: Seat, bid: str, direction: str, books: int) -> None:
    hand.record({"type": "result", "seat": seat, "bid": bid, "direction": direction, "books": books})


@when(step(RESULT + '"{bid:Q}", the bidding team taking {books:d} tricks'))
@when(step(RESULT + '"{bid:Q}", the bidding team taking {books:d} books'))
def result_as_bid(hand: Hand, seat: Seat, bid: str, books: int) -> None:
    hand.record({"type": "result", "seat": seat, "bid": bid, "books": books})


@when(step("the books are entered as they lie, the bidding team taking {books:d}"))
def books_entered(hand: Hand, books: int) -> None:
    """The plays of a legal hand of the result's contract in which the bidding team takes ``books``."""
    for play in _books(hand, books):
        hand.record(play)


@when(step("the books are entered as they lie, with {seat:Seat}'s cards of books {a:d} and {b:d} swapped"))
def books_swapped(hand: Hand, seat: Seat, a: int, b: int) -> None:
    """As the result says, but ``seat`` played its card of book ``b`` to book ``a`` and the other way
    round: off suit in book ``a`` while it held the suit led, which the later book proves."""
    result = _result(hand)
    plays = _books(hand, int(result["books"]))
    size = len(plays) // hand.t.game.tricks
    first = next(i for i in range((a - 1) * size, a * size) if plays[i]["seat"] == seat)
    second = next(i for i in range((b - 1) * size, b * size) if plays[i]["seat"] == seat)
    plays[first], plays[second] = (
        {**plays[first], "card": plays[second]["card"]},
        {
            **plays[second],
            "card": plays[first]["card"],
        },
    )
    for play in plays:
        hand.record(play)


def _result(hand: Hand) -> dict[str, Any]:
    return next(e for e in hand.events if e["type"] == "result")


def _books(hand: Hand, books: int) -> list[Event]:
    result = _result(hand)
    seat, bid, dealer = result["seat"], result["bid"], hand.t.dealer
    if hand.t.game.name == "Bid Euchre":
        events = scripted_euchre_hand(books, bidder=seat, dealer=dealer, bid=bid)
    else:
        trump = SUIT_BY_NAME.get(str(result.get("trump")), "S")
        direction: Direction = "downtown" if result.get("direction") == "downtown" else "uptown"
        events = scripted_hand(books, bidder=seat, dealer=dealer, bid=bid, trump=trump, direction=direction)
    return [e for e in events if e["type"] == "play"]
