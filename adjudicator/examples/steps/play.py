"""Play: cards played one by one or out to a given book, and what the table then says of books and hands."""

from __future__ import annotations

from adjudicator.domain.cards import CARDS, Seat, Team
from adjudicator.domain.games.bidwhist import JOKER
from adjudicator.domain.table import TRICKS_PER_HAND, sort_cards
from adjudicator.examples.registry import given, then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import step, words
from adjudicator.simulation.hands import scripted_hand


@given(step('the plays are "{cards:Q}"'))
@when(step('the plays are "{cards:Q}"'))
def the_plays_are(hand: Hand, cards: str) -> None:
    """Each card from the seat whose turn it is."""
    for card in words(cards):
        if hand.refused is not None:
            return
        hand.record({"type": "play", "seat": hand.turn(), "card": card})


@given(step("{seat:Seat} plays {card:Card}"))
@when(step("{seat:Seat} plays {card:Card}"))
def plays(hand: Hand, seat: Seat, card: str) -> None:
    hand.record({"type": "play", "seat": seat, "card": card})


@when(step("a scorekeeper who may not see the cards records that {seat:Seat} plays {card:Card}"))
def plays_unseen(hand: Hand, seat: Seat, card: str) -> None:
    """A play from a writer the concealed cards are hidden from: the table's account, whatever the
    deal says (a conflict is noted for an official, as ``Table.apply`` says)."""
    hand.record({"type": "play", "seat": seat, "card": card}, conflicts="noted")


def _legal_card(hand: Hand, seat: Seat) -> str:
    table = hand.t
    contract = table.contract
    held = table.known[seat]
    assert contract is not None and held is not None, "playing out needs the deal and the contract"
    led = table.led()
    cards = [CARDS[c] for c in sort_cards(held)]
    follow = [c for c in cards if led is not None and contract.suit_of(c) == led]
    must_play_joker = contract.is_no_trump and table.ruleset.whist.no_trump_joker_must_be_played
    if not follow and led is not None and must_play_joker:
        follow = [c for c in cards if contract.suit_of(c) == JOKER]
    if not follow and not table.book:
        follow = [c for c in cards if contract.suit_of(c) != JOKER] or cards
    return str((follow or cards)[-1])


@given("the remaining books are played out legally")
@when("the remaining books are played out legally")
@given(step("the books are played out legally until book {number:d}"))
@when(step("the books are played out legally until book {number:d}"))
def played_out(hand: Hand, number: int = TRICKS_PER_HAND + 1) -> None:
    """Every seat in turn plays its lowest-sorted legal card until book ``number`` is about to be led
    (without a number, until the twelfth book is turned)."""
    while hand.t.tricks_played < number - 1:
        seat = hand.turn()
        hand.record({"type": "play", "seat": seat, "card": _legal_card(hand, seat)}, setup=True)


@when(step("{seat:Seat} plays a card"))
def plays_a_card(hand: Hand, seat: Seat) -> None:
    """The seat plays a card it holds that follows suit if it can, whether or not it is its turn."""
    hand.record({"type": "play", "seat": seat, "card": _legal_card(hand, seat)})


@given(step('{seat:Seat} wins the bid at "{bid:Q}" and the bidding team takes {books:d} books'))
@when(step('{seat:Seat} wins the bid at "{bid:Q}" and the bidding team takes {books:d} books'))
def scripted(hand: Hand, seat: Seat, bid: str, books: int) -> None:
    for event in scripted_hand(books, bidder=seat, dealer=hand.t.dealer, bid=bid):
        hand.record(event, setup=True)


@then(step("book {number:d} is won by {seat:Seat}"))
def book_won_by(hand: Hand, number: int, seat: Seat) -> None:
    books = hand.judged().state["books"]
    assert len(books) >= number, f"only {len(books)} books played"
    assert books[number - 1]["winner"] == seat, books[number - 1]


@then(step("the suit to follow is {suit}"))
def suit_to_follow(hand: Hand, suit: str) -> None:
    book = hand.judged().state["book"]
    assert book is not None and book["led_suit"] == suit, book


@then(step("{team:Team} has {books:d} book"))
@then(step("{team:Team} has {books:d} books"))
def team_books(hand: Hand, team: Team, books: int) -> None:
    assert hand.judged().state["books_taken"][team] == books


@then(step('{seat:Seat} holds "{cards:Q}"'))
def holds(hand: Hand, seat: Seat, cards: str) -> None:
    held = hand.judged().state["hands"][seat]
    assert held is not None, f"{seat}'s hand is not known"
    for card in words(cards):
        assert card in held, f"{seat} does not hold {card}: {held}"


@then(step('{seat:Seat} does not hold "{cards:Q}"'))
def does_not_hold(hand: Hand, seat: Seat, cards: str) -> None:
    held = hand.judged().state["hands"][seat]
    assert held is not None, f"{seat}'s hand is not known"
    for card in words(cards):
        assert card not in held, f"{seat} holds {card}: {held}"


@then("no seat's hand is known")
def no_hand_known(hand: Hand) -> None:
    assert set(hand.judged().state["hands"].values()) == {None}


@then(step('the kitty holds "{cards:Q}"'))
def kitty_holds(hand: Hand, cards: str) -> None:
    kitty = hand.judged().state["kitty"]
    assert kitty is not None and sorted(kitty) == sorted(words(cards)), kitty


@then(step("{team:Team} may not lead {suit}"))
def may_not_lead(hand: Hand, team: Team, suit: str) -> None:
    restrictions = hand.judged().state["restrictions"]
    assert {"kind": "may_not_lead", "team": team, "suit": suit} in [
        {k: r[k] for k in ("kind", "team", "suit")} for r in restrictions if r["kind"] == "may_not_lead"
    ], restrictions


@then("no lead is restricted")
def no_restriction(hand: Hand) -> None:
    restrictions = hand.judged().state["restrictions"]
    assert not [r for r in restrictions if r["kind"] == "may_not_lead"], restrictions


@then(step("{seat:Seat} is silenced"))
def silenced(hand: Hand, seat: Seat) -> None:
    assert {"kind": "silenced", "seat": seat} in hand.judged().state["restrictions"]


@when(step("{seat:Seat} concedes the remaining books"))
def concedes(hand: Hand, seat: Seat) -> None:
    hand.record({"type": "concede", "seat": seat})


@when(step("{seat:Seat} concedes the remaining books and {other:Seat} agrees"))
def concedes_agreed(hand: Hand, seat: Seat, other: Seat) -> None:
    hand.record({"type": "concede", "seat": seat, "agreed_by": other})
