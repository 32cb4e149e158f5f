"""Unit tests of the engine's building blocks: cards, bids, book winners, the recording principle."""

from __future__ import annotations

import itertools

import pytest

from adjudicator import IllegalEvent, adjudicate, replay
from adjudicator.domain.cards import CARDS, CardError, parse_card
from adjudicator.domain.games.bidwhist import (
    Bid,
    BidError,
    Contract,
    book_winner,
    corrected_bid,
    outranks,
    parse_bid,
)
from adjudicator.simulation.hands import scripted_hand

# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("QH", "QH"), ("qh", "QH"), ("10s", "10S"), ("TS", "10S"), ("t d", None), ("bj", "BJ"), ("LJ", "LJ")],
)
def test_card_strings_are_read_forgivingly_and_written_canonically(text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(CardError):
            parse_card(text)
    else:
        assert str(parse_card(text)) == canonical


def test_the_deck_has_54_distinct_cards() -> None:
    assert len(CARDS) == 54
    assert len({str(c) for c in CARDS.values()}) == 54


@pytest.mark.parametrize(
    ("ruleset", "joker"), [("detroit", "LJ"), ("texas", "BJ"), ("chicago", "BJ"), ("cardtel", "BJ")]
)
def test_the_guarantee_joker_is_the_one_the_rulebook_names(ruleset: str, joker: str) -> None:
    table = replay(ruleset, "north", [])
    from adjudicator.domain.events import parse_event

    event = parse_event(
        {"type": "play", "seat": "east", "card": "GJ"}, table.game, table.ruleset.guarantee_joker
    )
    assert str(event.card) == joker  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["1S", "11H", "AX", "JOKER", "", "A", 12])
def test_strings_that_name_no_card_are_refused(text: object) -> None:
    with pytest.raises(CardError):
        parse_card(text)


# --------------------------------------------------------------------------- bids


@pytest.mark.parametrize(
    ("said", "bid"),
    [
        ("pass", None),
        ("4", Bid(4, "uptown")),
        ("4 uptown", Bid(4, "uptown")),
        ("4 HIGH", Bid(4, "uptown")),
        ("5 downtown", Bid(5, "downtown")),
        ("5 special", Bid(5, "downtown")),
        ("5 low", Bid(5, "downtown")),
        ("6 no trump", Bid(6, "no trump")),
        ("7 no", Bid(7, "no trump")),
        ("  7   No  ", Bid(7, "no trump")),
    ],
)
def test_bids_are_read_as_players_say_them(said: str, bid: Bid | None) -> None:
    assert parse_bid(said) == bid


@pytest.mark.parametrize("said", ["3", "8 uptown", "4 sideways", "bye me", "", "no trump"])
def test_words_that_are_no_bid_are_refused(said: str) -> None:
    with pytest.raises(BidError):
        parse_bid(said)


ALL_BIDS = [Bid(level, strain) for level in range(4, 8) for strain in ("uptown", "downtown", "no trump")]


@pytest.mark.parametrize("downtown_beats_uptown", [False, True])
def test_a_correction_is_the_lowest_bid_of_the_same_strain_that_takes_out_the_standing_bid(
    downtown_beats_uptown: bool,
) -> None:
    for bid, standing in itertools.product(ALL_BIDS, ALL_BIDS):
        if outranks(bid, standing, downtown_beats_uptown):
            continue
        corrected = corrected_bid(bid, standing, downtown_beats_uptown)
        candidates = [
            Bid(level, bid.strain)
            for level in range(bid.level, 8)
            if outranks(Bid(level, bid.strain), standing, downtown_beats_uptown)
        ]
        assert corrected == (candidates[0] if candidates else None)


def test_the_matrix_examples_of_correction() -> None:
    assert corrected_bid(Bid(5, "downtown"), Bid(5, "no trump"), False) == Bid(6, "downtown")
    assert corrected_bid(Bid(4, "downtown"), Bid(4, "uptown"), False) == Bid(5, "downtown")
    assert outranks(Bid(4, "downtown"), Bid(4, "uptown"), True)  # chicago: it stands as bid
    assert corrected_bid(Bid(4, "no trump"), Bid(5, "uptown"), False) == Bid(5, "no trump")
    assert corrected_bid(Bid(7, "uptown"), Bid(7, "no trump"), False) is None


# --------------------------------------------------------------------------- book winners

UPTOWN = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
DOWNTOWN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def oracle_order(contract: Contract, led: str) -> list[str]:
    """The cards that can win a book led in ``led``, strongest first, straight from MATRIX.md's lists."""
    plain = UPTOWN if contract.direction == "uptown" else DOWNTOWN
    order: list[str] = []
    if contract.trump is not None:
        order += ["BJ", "LJ"] + [rank + contract.trump for rank in plain]
    if led != contract.trump:
        order += [rank + led for rank in plain]
    return order


CONTRACTS = [
    Contract("south", Bid(4, "uptown"), "H", "uptown"),
    Contract("south", Bid(4, "downtown"), "H", "downtown"),
    Contract("south", Bid(4, "no trump"), None, "uptown"),
    Contract("south", Bid(4, "no trump"), None, "downtown"),
]


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: f"{c.bid.strain}-{c.direction}")
def test_book_winner_matches_the_rulebook_rankings_for_every_book_of_a_sample(contract: Contract) -> None:
    """Every book of four distinct cards drawn from a 14-card sample (jokers included): 24,024 books."""
    sample = ["BJ", "LJ", "AH", "2H", "KH", "7H", "AS", "2S", "KS", "9S", "QD", "3D", "JC", "10C"]
    seats = ("south", "west", "north", "east")
    for cards in itertools.permutations(sample, 4):
        plays = [(seat, CARDS[card]) for seat, card in zip(seats, cards, strict=True)]
        first_suited = next((CARDS[c] for c in cards if not CARDS[c].is_joker), None)
        assert first_suited is not None
        led = contract.trump if CARDS[cards[0]].is_joker and contract.trump else first_suited.suit
        assert led is not None
        order = oracle_order(contract, led)
        expected = min(
            (seat for seat, card in plays if str(card) in order),
            key=lambda s: order.index(str(dict(plays)[s])),
        )
        assert book_winner(contract, plays) == expected, cards


def test_jokers_in_no_trump_never_win_and_the_first_suited_card_sets_the_suit() -> None:
    nt = CONTRACTS[2]
    plays = [("south", CARDS["BJ"]), ("west", CARDS["3D"]), ("north", CARDS["AS"]), ("east", CARDS["KD"])]
    assert book_winner(nt, plays) == "east"  # diamonds set by west; the ace of spades is off-suit


def test_a_joker_led_in_a_trump_contract_is_a_trump_lead() -> None:
    uptown_hearts = CONTRACTS[0]
    plays = [("south", CARDS["LJ"]), ("west", CARDS["AH"]), ("north", CARDS["BJ"]), ("east", CARDS["AS"])]
    assert book_winner(uptown_hearts, plays) == "north"


# --------------------------------------------------------------------------- recording principle


def _hand() -> list[dict[str, object]]:
    return scripted_hand(10, bidder="south", dealer="west", bid="4", trump="S")


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"type": "play", "seat": "south", "card": "1S"}, "not a card"),
        ({"type": "play", "seat": "nobody", "card": "AS"}, "seat must be one of"),
        ({"type": "play", "seat": "east", "card": "BJ"}, "in the bidder's discard"),
        ({"type": "wave", "seat": "south"}, "unknown event type"),
        ({"type": "bid", "seat": "south", "bid": "9 uptown"}, "levels are 4 to 7"),
    ],
)
def test_impossible_events_are_refused_and_change_nothing(event: dict[str, object], message: str) -> None:
    events = _hand()
    table = replay("detroit", "west", events[:10])
    before = table.state()
    with pytest.raises(IllegalEvent, match=message) as raised:
        table.apply(event)
    assert raised.value.index == 11
    assert table.state() == before


def test_a_card_played_twice_is_refused() -> None:
    events = _hand()
    table = replay("texas", "west", events[:10])
    played = events[9]["card"]
    with pytest.raises(IllegalEvent, match="already played"):
        table.apply({"type": "play", "seat": "west", "card": played})


def test_a_seat_cannot_play_a_card_dealt_to_another() -> None:
    events = _hand()
    table = replay("texas", "west", events[:7])
    north_card = next(e["card"] for e in events[7:] if e.get("seat") == "north")
    with pytest.raises(IllegalEvent, match="north does"):
        table.apply({"type": "play", "seat": "south", "card": north_card})


def test_a_seat_cannot_play_twice_to_one_book() -> None:
    table = replay(
        "chicago",
        "north",
        [
            {"type": "bid", "seat": "east", "bid": "4"},
            *({"type": "bid", "seat": s, "bid": "pass"} for s in ("south", "west", "north")),
            {"type": "declare", "seat": "east", "trump": "hearts"},
            {"type": "play", "seat": "east", "card": "2C"},
        ],
    )
    with pytest.raises(IllegalEvent, match="already played to book 1"):
        table.apply({"type": "play", "seat": "east", "card": "3C"})


def test_a_rule_broken_is_recorded_and_ruled_on() -> None:
    events = [
        {"type": "bid", "seat": "east", "bid": "4"},
        {"type": "bid", "seat": "west", "bid": "5"},  # out of turn: south was next
    ]
    result = adjudicate("detroit", "north", events)
    assert result.table.version == 2
    [ruling] = result.rulings
    assert (ruling.kind, ruling.seat, ruling.status) == ("bid_out_of_turn", "west", "detected")


def test_a_complete_hand_scores_thirteen_books() -> None:
    score = adjudicate("detroit", "west", _hand()).score
    assert score["books"] == {"north_south": 10, "east_west": 3}
    assert (score["final"], score["made"], score["winner"]) == (True, True, "north_south")
    assert score["points"] == {"north_south": 4, "east_west": 0}
