"""Bid Euchre building blocks: the double deck, bids, bowers, twin cards, points."""

from __future__ import annotations

import itertools

import pytest

from adjudicator.domain.cards import CARDS
from adjudicator.domain.games.bidwhist import book_winner
from adjudicator.domain.games.euchre import (
    DECK,
    EuchreBid,
    EuchreBidError,
    EuchreContract,
    hand_points,
    parse_euchre_bid,
)


def test_the_double_deck_is_32_cards_every_one_twice() -> None:
    assert sum(DECK.values()) == 32
    assert set(DECK.values()) == {2}
    assert {str(c)[:-1] for c in DECK} == {"A", "K", "Q", "J"}


@pytest.mark.parametrize(
    ("said", "kind", "tricks", "trump", "value"),
    [
        ("2 spades", "tricks", 2, "S", 2),
        ("3 Hearts", "tricks", 3, "H", 3),
        ("5 no trump", "tricks", 5, None, 5),
        ("8 clubs", "tricks", 8, "C", 8),
        ("call for two", "call for two", 8, None, 12),
        ("call for one diamonds", "call for one", 8, "D", 18),
        ("moonshot", "moonshot", 8, None, 24),
    ],
)
def test_bids_name_tricks_and_a_suit_or_a_call(
    said: str, kind: str, tricks: int, trump: str | None, value: int
) -> None:
    bid = parse_euchre_bid(said)
    assert bid is not None
    assert (bid.kind, bid.tricks_needed, bid.trump, bid.value) == (kind, tricks, trump, value)


@pytest.mark.parametrize("said", ["1 hearts", "9 spades", "3", "3 stars", "call for three"])
def test_words_that_are_no_euchre_bid_are_refused(said: str) -> None:
    with pytest.raises(EuchreBidError):
        parse_euchre_bid(said)


def test_calls_and_the_moonshot_rank_above_every_trick_bid_in_order() -> None:
    ranks = [parse_euchre_bid(s).rank for s in ("8 hearts", "call for two", "call for one", "moonshot")]  # type: ignore[union-attr]
    assert ranks == sorted(ranks) and len(set(ranks)) == 4


HEARTS = EuchreContract("south", EuchreBid("tricks", 3, "H"), "H")
NO_TRUMP = EuchreContract("south", EuchreBid("tricks", 3, None), None)


def oracle(contract: EuchreContract, led: str) -> list[str]:
    """Cards that can win a book led in ``led``, strongest first, straight from MATRIX.md."""
    if contract.trump == "H":
        trump = ["JH", "JD", "AH", "KH", "QH"]
        if led == "H":
            return trump
        return trump + [r + led for r in ("A", "K", "Q", "J") if r + led != "JD"]
    return [r + led for r in ("A", "K", "Q", "J")]


@pytest.mark.parametrize("contract", [HEARTS, NO_TRUMP], ids=["hearts", "no-trump"])
def test_book_winner_follows_the_bowers_and_the_first_of_twin_cards(contract: EuchreContract) -> None:
    sample = ["JH", "JH", "JD", "AH", "KH", "AS", "AS", "JS", "QD", "KC"]
    seats = ("south", "west", "north", "east")
    for cards in itertools.permutations(range(len(sample)), 4):
        names = [sample[i] for i in cards]
        plays = [(seat, CARDS[name]) for seat, name in zip(seats, names, strict=True)]
        led = contract.suit_of(CARDS[names[0]])
        order = oracle(contract, led)
        contenders = [(order.index(name), i) for i, name in enumerate(names) if name in order]
        expected = seats[min(contenders)[1]]  # best card; of twins, the first played
        assert book_winner(contract, plays) == expected, names


def test_the_left_bower_belongs_to_trump() -> None:
    assert HEARTS.suit_of(CARDS["JD"]) == "H"
    assert NO_TRUMP.suit_of(CARDS["JD"]) == "D"


@pytest.mark.parametrize(
    ("bid", "bidders", "defenders", "points"),
    [
        ("3 hearts", 5, 3, (5, 3)),
        ("3 hearts", 2, 6, (-3, 6)),
        ("call for two", 8, 0, (12, 0)),
        ("call for one", 7, 1, (-18, 1)),
        ("moonshot", 8, 0, (24, 0)),
        ("moonshot", 6, 2, (-24, 2)),
    ],
)
def test_points_a_trick_each_calls_pay_their_value_failure_costs_the_bid(
    bid: str, bidders: int, defenders: int, points: tuple[int, int]
) -> None:
    parsed = parse_euchre_bid(bid)
    assert parsed is not None
    assert hand_points(parsed, bidders, defenders) == points


def _with_a_bid_out_of_turn(seed: int) -> tuple[list[dict[str, object]], list[dict[str, object]]] | None:
    """A random hand, and the same hand where a seat that passed bid out of turn first instead."""
    from adjudicator.simulation.hands import random_euchre_hand

    events = random_euchre_hand(seed, "north")
    bids = [i for i, e in enumerate(events) if e["type"] == "bid"]
    passers = [i for i in bids[1:] if events[i]["bid"] == "pass"]
    if not passers:
        return None
    out_of_turn = {"type": "bid", "seat": events[passers[0]]["seat"], "bid": "3 no trump"}
    rest = [e for i, e in enumerate(events) if i >= bids[0] and i != passers[0]]
    return events, [*events[: bids[0]], out_of_turn, *rest]


OUT_OF_TURN_HANDS = [hand for seed in range(40) if (hand := _with_a_bid_out_of_turn(seed))][:12]


@pytest.mark.parametrize(("events", "played"), OUT_OF_TURN_HANDS)
def test_a_random_hand_with_a_bid_out_of_turn_reaches_its_contract_and_is_scored(
    events: list[dict[str, object]], played: list[dict[str, object]]
) -> None:
    """interpretation: euchre-out-of-turn: the offender has used its one bid; the auction goes on."""
    from adjudicator import adjudicate

    hand, as_dealt = adjudicate("ontario", "north", played), adjudicate("ontario", "north", events)
    assert [r.kind for r in hand.rulings] == ["bid_out_of_turn"]
    assert hand.state["contract"] == as_dealt.state["contract"] is not None
    assert hand.score["final"] and hand.score["points"] == as_dealt.score["points"]
