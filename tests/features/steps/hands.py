"""Step definitions every feature shares: a hand recorded event by event, then judged.

The steps speak the rulebooks' words (books, kitty, renege, uptown/downtown); each one records an event
dict through ``Table.apply`` exactly as a scorekeeper would, or asserts on what the engine then says:
the table's state, its rulings, its score. A step that records an event the engine refuses keeps the
error for ``Then the event is refused``; any other ``Then`` step fails on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from pytest_bdd import given, parsers, then, when
from steps_tournament import *  # noqa: F403  (tournament steps: issue 5)

from adjudicator import IllegalEvent, Table, adjudicate, get_ruleset, judge
from adjudicator.adjudication import Adjudication
from adjudicator.cards import CARDS, SEATS, Seat, Team, next_seat, parse_card, seats_from
from adjudicator.games.bidwhist import JOKER
from adjudicator.matches import first_dealer, match_result, next_dealer
from adjudicator.rulebooks import Citation
from adjudicator.rulings import Ruling
from adjudicator.simulate import KITTY_POSITIONS, scripted_hand
from adjudicator.table import TRICKS_PER_HAND, sort_cards

Event = dict[str, Any]
HAND_SIZE = 12
KITTY_SIZE = 6


# ----------------------------------------------------------------------------- step text types


class _Pattern:
    """A ``parse`` type matching ``pattern`` and returning the text as it is."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern

    def __call__(self, text: str) -> str:
        return text


TYPES: dict[str, Callable[[str], str]] = {
    "Seat": _Pattern(r"north|east|south|west"),
    "Team": _Pattern(r"north_south|east_west"),
    "Ruleset": _Pattern(r"detroit|texas|chicago|cardtel"),
    "Card": _Pattern(r"\S+"),
    "Q": _Pattern(r'[^"]*'),
}


def step(text: str) -> parsers.parse:
    """A step pattern: ``{x:Seat}``, ``{x:Team}``, ``{x:Ruleset}``, ``{x:Card}``, ``{x:Q}`` (quoted)."""
    return parsers.parse(text, extra_types=TYPES)


def words(text: str) -> list[str]:
    """``"AS, KS QS"`` -> ``["AS", "KS", "QS"]``."""
    return text.replace(",", " ").split()


def snake(text: str) -> str:
    """``"play out of turn"`` -> ``"play_out_of_turn"``."""
    return "_".join(text.split())


# ----------------------------------------------------------------------------- the hand


@dataclass
class Hand:
    """The hand a scenario records: the table, its event log, and the last refused event."""

    table: Table | None = None
    events: list[Event] = field(default_factory=list)
    refused: IllegalEvent | None = None
    version_before: int | None = None
    ruling: Ruling | None = None
    dealt_hands: dict[str, list[str]] = field(default_factory=dict)
    draw_result: dict[str, Any] | None = None
    match_scores: list[dict[str, Any]] = field(default_factory=list)

    @property
    def t(self) -> Table:
        assert self.table is not None, "start with: Given a <ruleset> hand dealt by <seat>"
        return self.table

    @property
    def ruleset_id(self) -> str:
        return self.t.ruleset.id

    def record(self, event: Event, *, setup: bool = False) -> None:
        before = self.t.version
        try:
            self.t.apply(event)
        except IllegalEvent as error:
            if setup:
                raise AssertionError(f"a Given event was refused: {error.message}: {event}") from None
            assert self.refused is None, (
                f"{event} refused ({error.message}) after an earlier refusal: {self.refused.message}"
            )
            self.refused, self.version_before = error, before
            return
        self.events.append(event)

    def judged(self) -> Adjudication:
        """The engine's adjudication; also checks that replaying the log rebuilds the same table."""
        if self.refused is not None:
            raise AssertionError(f"an event was refused: {self.refused.message}")
        result = judge(self.t)
        again = adjudicate(self.ruleset_id, self.t.dealer, self.events)
        assert again.state == result.state, "replaying the event log gives a different table"
        assert again.rulings_data() == result.rulings_data(), "replaying gives different rulings"
        return result

    def rulings(self, kind: str | None = None) -> list[Ruling]:
        return [r for r in self.judged().rulings if kind is None or r.kind == kind]

    def the_ruling(self) -> Ruling:
        assert self.ruling is not None, "no ruling picked: use 'Then there is a ... ruling ...'"
        return self.ruling

    def score(self) -> dict[str, Any]:
        return self.judged().score

    def turn(self) -> Seat:
        turn = self.t.state()["turn"]
        assert turn is not None, "nobody is to act"
        return cast(Seat, turn["seat"])


@pytest.fixture
def hand() -> Hand:
    return Hand()


# ----------------------------------------------------------------------------- dealing


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


@given(step("a {ruleset:Ruleset} hand dealt by {dealer:Seat}"))
def a_hand(hand: Hand, ruleset: str, dealer: Seat) -> None:
    hand.table = Table(get_ruleset(ruleset), dealer)


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


@when(step('the players draw for the first deal: "{draws:Q}"'))
def draw_for_deal(hand: Hand, draws: str) -> None:
    pairs = [item.split(":") for item in draws.split(",")]
    hand.draw_result = first_dealer(hand.t.ruleset, [(cast(Seat, s.strip()), c.strip()) for s, c in pairs])


# ----------------------------------------------------------------------------- bidding


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


# ----------------------------------------------------------------------------- play


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


def _legal_card(hand: Hand, seat: Seat) -> str:
    table = hand.t
    contract = table.contract
    held = table.known[seat]
    assert contract is not None and held is not None, "playing out needs the deal and the contract"
    led = table.led()
    cards = [CARDS[c] for c in sort_cards(held)]
    follow = [c for c in cards if led is not None and contract.suit_of(c) == led]
    must_play_joker = contract.is_no_trump and table.ruleset.no_trump_joker_must_be_played
    if not follow and led is not None and must_play_joker:
        follow = [c for c in cards if contract.suit_of(c) == JOKER]
    if not follow and not table.book:
        follow = [c for c in cards if contract.suit_of(c) != JOKER] or cards
    return str((follow or cards)[-1])


@given("the remaining books are played out legally")
@when("the remaining books are played out legally")
def played_out(hand: Hand) -> None:
    """Every seat in turn plays its lowest-sorted legal card until the twelfth book is turned."""
    while hand.t.tricks_played < TRICKS_PER_HAND:
        seat = hand.turn()
        hand.record({"type": "play", "seat": seat, "card": _legal_card(hand, seat)}, setup=True)


@given(step("the books are played out legally until book {number:d}"))
@when(step("the books are played out legally until book {number:d}"))
def played_until(hand: Hand, number: int) -> None:
    """As above, stopping when book ``number`` is about to be led."""
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


# ----------------------------------------------------------------------------- what officials record


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


def _choose(hand: Hand, by: str, option: str, kind: str) -> None:
    offering = [r for r in hand.rulings(kind) if r.options]
    assert offering, f"no {kind} ruling offers a choice: {hand.judged().rulings_data()}"
    hand.record({"type": "choice", "ruling": offering[-1].id, "option": snake(option), "by": by})


@when(step('{by:Seat} chooses "{option:Q}" on the "{kind:Q}" ruling'))
def seat_chooses(hand: Hand, by: Seat, option: str, kind: str) -> None:
    _choose(hand, by, option, kind)


@when(step('the official chooses "{option:Q}" on the "{kind:Q}" ruling'))
def official_chooses(hand: Hand, option: str, kind: str) -> None:
    _choose(hand, "official", option, kind)


@when("the hand is closed")
def closed(hand: Hand) -> None:
    hand.record({"type": "close"})


@when(step("the scorekeeper records the event {event}"))
def raw_event(hand: Hand, event: str) -> None:
    """An event as the API would receive it, written as JSON in the step."""
    hand.record(json.loads(event))


# ----------------------------------------------------------------------------- outcomes: the table


@then(step('the event is refused: "{text:Q}"'))
def refused(hand: Hand, text: str) -> None:
    assert hand.refused is not None, "the event was recorded, not refused"
    assert text in hand.refused.message, f"refused for another reason: {hand.refused.message}"
    assert hand.t.version == hand.version_before, "a refused event moved the table's version"
    assert hand.t.version == len(hand.events)
    hand.refused = None  # later steps judge the table as it stands


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


@then(step("it is {seat:Seat}'s turn to {action}"))
def turn_is(hand: Hand, seat: Seat, action: str) -> None:
    hand.judged()
    assert hand.t.state()["turn"] == {"seat": seat, "action": action}


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


@then(step('the kitty holds "{cards:Q}"'))
def kitty_holds(hand: Hand, cards: str) -> None:
    kitty = hand.judged().state["kitty"]
    assert kitty is not None and sorted(kitty) == sorted(words(cards)), kitty


@then("the hand is void and must be redealt")
def void(hand: Hand) -> None:
    judged = hand.judged()
    assert judged.state["phase"] == "void", judged.state["phase"]
    score = judged.score
    assert score["void"] and score["final"] and score["winner"] is None, score


@then(step("the hand is in its {phase} phase"))
def phase_is(hand: Hand, phase: str) -> None:
    assert hand.judged().state["phase"] == phase


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


# ----------------------------------------------------------------------------- outcomes: rulings


def _describe(hand: Hand) -> list[dict[str, Any]]:
    return [
        {k: r[k] for k in ("id", "kind", "seat", "status", "effect")} for r in hand.judged().rulings_data()
    ]


@then(step('there is an {status} "{kind:Q}" ruling against {seat:Seat}'))
@then(step('there is a {status} "{kind:Q}" ruling against {seat:Seat}'))
def ruling_against(hand: Hand, status: str, kind: str, seat: Seat) -> None:
    found = [r for r in hand.rulings(kind) if r.seat == seat]
    assert found, f"no {kind} ruling against {seat}: {_describe(hand)}"
    assert [r.status for r in found] == [status] * len(found), _describe(hand)
    hand.ruling = found[-1]


@then(step('there is no "{kind:Q}" ruling'))
def no_ruling(hand: Hand, kind: str) -> None:
    assert not hand.rulings(kind), _describe(hand)


@then("there are no rulings")
def no_rulings(hand: Hand) -> None:
    assert not hand.rulings(), _describe(hand)


@then(step('the ruling cites "{document:Q}" section "{section:Q}"'))
def ruling_cites(hand: Hand, document: str, section: str) -> None:
    citations = hand.the_ruling().citations
    assert Citation(document, section) in citations, [str(c) for c in citations]


@then(step('the "{rule:Q}" rule cites "{document:Q}" section "{section:Q}"'))
def rule_cites(hand: Hand, rule: str, document: str, section: str) -> None:
    citations = hand.t.ruleset.cite(rule)
    assert Citation(document, section) in citations, [str(c) for c in citations]


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
    assert text in hand.the_ruling().detail, hand.the_ruling().detail


@then(step("the ruling was called by {seat:Seat}"))
def ruling_called_by(hand: Hand, seat: Seat) -> None:
    called = hand.the_ruling().called_by
    assert called is not None and called["seat"] == seat, called


@then(step('the hand is decided by the "{kind:Q}" ruling'))
def decided_by(hand: Hand, kind: str) -> None:
    score = hand.score()
    assert score["decided_by"] is not None and score["decided_by"].startswith(kind + "@"), score


# ----------------------------------------------------------------------------- outcomes: score


@then(step("the score gives {first:Team} {p:d} points and {second:Team} {q:d}"))
@then(step("the score gives {first:Team} {p:d} point and {second:Team} {q:d}"))
def points(hand: Hand, first: Team, p: int, second: Team, q: int) -> None:
    score = hand.score()
    assert score["points"] == {first: p, second: q}, score


@then(step("{team:Team} wins the hand"))
def wins_the_hand(hand: Hand, team: Team) -> None:
    score = hand.score()
    assert score["final"] and score["winner"] == team, score


@then("the bid is made")
def bid_made(hand: Hand) -> None:
    assert hand.score()["made"] is True


@then("the bid is set")
def bid_set(hand: Hand) -> None:
    assert hand.score()["made"] is False


@then(step("{team:Team} is credited with {wins:d} hand-win"))
@then(step("{team:Team} is credited with {wins:d} hand-wins"))
def hand_wins(hand: Hand, team: Team, wins: int) -> None:
    assert hand.score()["hand_wins"][team] == wins, hand.score()


@then(step("the score counts {first:Team} {a:d} books and {second:Team} {b:d}"))
def score_books(hand: Hand, first: Team, a: int, second: Team, b: int) -> None:
    assert hand.score()["books"] == {first: a, second: b}, hand.score()


@then(step("the score records a Boston for {team:Team}"))
def boston(hand: Hand, team: Team) -> None:
    assert hand.score()["boston"] == team


@then("the score records no Boston")
def no_boston(hand: Hand) -> None:
    assert hand.score()["boston"] is None


@then("the score is final")
def final(hand: Hand) -> None:
    assert hand.score()["final"] is True


@then("the score is not final yet")
def not_final(hand: Hand) -> None:
    score = hand.score()
    assert score["final"] is False and score["winner"] is None, score


# ----------------------------------------------------------------------------- first deal, matches


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


@then(step('the draw cites "{document:Q}" section "{section:Q}"'))
def draw_cites(hand: Hand, document: str, section: str) -> None:
    assert hand.draw_result is not None
    assert Citation(document, section) in hand.draw_result["citations"], hand.draw_result


@then(step("the next hand is dealt by {seat:Seat}"))
def next_hand_dealer(hand: Hand, seat: Seat) -> None:
    assert next_dealer(hand.t.dealer) == seat


@when("these hands are played:")
def hands_played(hand: Hand, datatable: list[list[str]]) -> None:
    """Rows ``bidder | bid | books`` (the bidding team's books); the deal passes to the left."""
    header = [h.strip() for h in datatable[0]]
    dealer = hand.t.dealer
    for row in datatable[1:]:
        cells = dict(zip(header, (c.strip() for c in row), strict=True))
        events = scripted_hand(
            int(cells["books"]), bidder=cast(Seat, cells["bidder"]), dealer=dealer, bid=cells["bid"]
        )
        hand.match_scores.append(adjudicate(hand.ruleset_id, dealer, events).score)
        dealer = next_dealer(dealer)


@then(step("{team:Team} wins the match"))
def wins_match(hand: Hand, team: Team) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert result["winner"] == team, result


@then("the match is still going")
def match_going(hand: Hand) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert result["winner"] is None and not result["over"], result


@then("the match is tied")
def match_tied(hand: Hand) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert result["winner"] is None and result["over"], result


@then(step("the match stands at {first:Team} {a:d} and {second:Team} {b:d}"))
def match_stands(hand: Hand, first: Team, a: int, second: Team, b: int) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert result["tally"] == {first: a, second: b}, result


@then(step('the match cites "{document:Q}" section "{section:Q}"'))
def match_cites(hand: Hand, document: str, section: str) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert Citation(document, section) in result["citations"], result


from steps_euchre import *  # noqa: E402, F403  (Bid Euchre steps: issue 4)
