"""The deal and the draw for the first deal: cards dealt as listed or in deck order, misdeals, a void hand.

A deal listed short is completed from the cards not listed (see ``_complete_deal``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from adjudicator.domain.cards import CARDS, SEATS, Seat, parse_card
from adjudicator.domain.matches import first_dealer
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import Event, snake, step, words
from adjudicator.simulation.hands import KITTY_POSITIONS

HAND_SIZE = 12
KITTY_SIZE = 6


def _complete_deal(listed: dict[str, list[str]], ruleset: str) -> dict[str, list[str]]:
    """Fill the hands and kitty not listed in full from the cards not listed.

    The kitty is completed first from the end of the deck (the jokers, then the low clubs), the seats
    then in seat order from the top (spades, hearts, diamonds, clubs, ace down).
    """
    joker = get_ruleset(ruleset).guarantee_joker
    places = {
        place: [str(parse_card(c, joker)) for c in listed.get(place, [])] for place in (*SEATS, "kitty")
    }
    used = {card for cards in places.values() for card in cards}
    assert len(used) == sum(len(c) for c in places.values()), f"a card is listed twice: {listed}"
    rest = [card for card in CARDS if card not in used]
    while len(places["kitty"]) < KITTY_SIZE and rest:
        places["kitty"].append(rest.pop())
    for seat in SEATS:
        while len(places[seat]) < HAND_SIZE and rest:
            places[seat].append(rest.pop(0))
    assert not rest, f"too few cards listed to place: {rest}"
    return places


def _deal_event(places: dict[str, list[str]], positions: Iterable[int] = KITTY_POSITIONS) -> Event:
    return {
        "type": "deal",
        "hands": {seat: list(places.get(seat, [])) for seat in SEATS},
        "kitty": list(places.get("kitty", [])),
        "kitty_positions": list(positions),
    }


@given("the cards are dealt:")
def the_cards_are_dealt(hand: Hand, datatable: list[list[str]]) -> None:
    """Rows ``seat | cards`` (``kitty`` too); hands listed short are completed from the rest."""
    listed = {row[0].strip(): words(row[1]) for row in datatable[1:]}
    hand.dealt_hands = _complete_deal(listed, hand.ruleset_id)
    hand.record(_deal_event(hand.dealt_hands), setup=True)


@when("the dealer deals exactly:")
def dealt_exactly(hand: Hand, datatable: list[list[str]]) -> None:
    """Rows ``seat | cards`` as listed, nothing completed; the deal event names any seat given."""
    hands = {row[0].strip(): words(row[1]) for row in datatable[1:] if row[0].strip() != "kitty"}
    kitty = [card for row in datatable[1:] if row[0].strip() == "kitty" for card in words(row[1])]
    hand.record({"type": "deal", "hands": hands, "kitty": kitty})


@given("the cards are dealt in deck order")
def dealt_in_order(hand: Hand) -> None:
    hand.dealt_hands = _complete_deal({}, hand.ruleset_id)
    hand.record(_deal_event(hand.dealt_hands), setup=True)


@when(step('the dealer deals the kitty cards at positions "{positions:Q}"'))
def kitty_at_positions(hand: Hand, positions: str) -> None:
    hand.dealt_hands = _complete_deal({}, hand.ruleset_id)
    hand.record(_deal_event(hand.dealt_hands, [int(p) for p in words(positions)]))


@when(step("the dealer deals {north:d}, {east:d}, {south:d} and {west:d} cards with {kitty:d} in the kitty"))
def deal_counts(hand: Hand, north: int, east: int, south: int, west: int, kitty: int) -> None:
    deck = list(CARDS)
    places: dict[str, list[str]] = {}
    for place, count in zip((*SEATS, "kitty"), (north, east, south, west, kitty), strict=True):
        places[place], deck = deck[:count], deck[count:]
    positions = list(KITTY_POSITIONS)[:kitty] if kitty <= KITTY_SIZE else [5, 7, 9, 11, 13, 15, 17]
    hand.record(_deal_event(places, positions[:kitty]))


@when(step("the dealer deals from a deck missing the {card}"))
def deal_short_deck(hand: Hand, card: str) -> None:
    missing = str(parse_card(card))
    deck = [c for c in CARDS if c != missing]
    places = {"kitty": deck[-KITTY_SIZE:]}
    deck = deck[:-KITTY_SIZE]
    for seat in SEATS:
        places[seat], deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
    hand.record(_deal_event(places))


@when(step('the dealer deals "{cards:Q}" to {seat:Seat}'))
def deal_to(hand: Hand, cards: str, seat: Seat) -> None:
    hand.dealt_hands = _complete_deal({seat: words(cards)}, hand.ruleset_id)
    hand.record(_deal_event(hand.dealt_hands))


@when(step("a misdeal is called: {reason}"))
def misdeal_called(hand: Hand, reason: str) -> None:
    hand.record({"type": "misdeal", "reason": snake(reason)})


@when(step("the official finds a misdeal caused by {seat:Seat}: {reason}"))
def misdeal_caused(hand: Hand, seat: Seat, reason: str) -> None:
    hand.record({"type": "misdeal", "reason": snake(reason), "cause": seat})


@when(step("the official finds the hand was dealt by the wrong player: {seat:Seat} should have dealt"))
def wrong_dealer(hand: Hand, seat: Seat) -> None:
    hand.record({"type": "wrong_dealer", "seat": seat})


@when(step('the players draw for the first deal: "{draws:Q}"'))
def draw_for_deal(hand: Hand, draws: str) -> None:
    pairs = [item.split(":") for item in draws.split(",")]
    hand.draw_result = first_dealer(hand.t.ruleset, [(cast(Seat, s.strip()), c.strip()) for s, c in pairs])


@then("the hand is void and must be redealt")
def void(hand: Hand) -> None:
    judged = hand.judged()
    assert judged.state["phase"] == "void", judged.state["phase"]
    score = judged.score
    assert score["void"] and score["final"] and score["winner"] is None, score


@then(step("{seat:Seat} deals first"))
def deals_first(hand: Hand, seat: Seat) -> None:
    assert hand.draw_result is not None
    assert hand.draw_result["dealer"] == seat, hand.draw_result


@then(step("{seat:Seat} chooses the first dealer"))
def chooses_dealer(hand: Hand, seat: Seat) -> None:
    assert hand.draw_result is not None
    assert hand.draw_result["dealer"] is None and hand.draw_result["chooser"] == seat, hand.draw_result


@then("nobody deals yet: the players draw again")
def draw_again(hand: Hand) -> None:
    assert hand.draw_result is not None
    assert hand.draw_result["dealer"] is None and hand.draw_result["chooser"] is None
