"""Hand records (``adjudicator.domain.handfile``): the text form's writer and parser, on readable examples,
on every kind of event, and on random hands (hypothesis): JSON -> text -> JSON gives the record back."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import IllegalEvent, adjudicate
from adjudicator.domain.cards import next_seat
from adjudicator.domain.events import SHAPES
from adjudicator.domain.handfile import (
    FORMAT,
    HandFileError,
    from_text,
    judged,
    normalized,
    split_event,
    to_text,
)
from adjudicator.domain.handfile.imports import import_item
from adjudicator.simulation.hands import random_euchre_hand, random_hand

WHEN = "2026-11-23T20:00:00+00:00"
ANN = {"name": "Ann", "role": "scorekeeper"}


def record(ruleset: str, dealer: str, events: list[dict[str, Any]], **head: Any) -> dict[str, Any]:
    return normalized({"format": FORMAT, "ruleset": ruleset, "dealer": dealer, **head, "events": events})


def reneged_hand() -> list[dict[str, Any]]:
    """Texas, north deals: west bids 5 downtown, plays a heart on a diamond lead holding the 4D."""
    events = random_hand(4, "texas", "north")[:12]
    return [
        *events,
        {"type": "play", "seat": "west", "card": "2H"},
        {"type": "renege_call", "by": "north", "against": "west"},
    ]


def round_trip(given: dict[str, Any]) -> str:
    text = to_text(given, judged(given))
    assert from_text(text) == [normalized(given)], text
    return text


def test_a_short_hand_with_a_renege_reads_as_an_official_would_write_it() -> None:
    hand = record(
        "texas", "north", reneged_hand(), label="Round 2, board 7", players={"north": "Ann", "east": "Bob"}
    )
    text = round_trip(hand)
    for line in (
        '[Ruleset "texas"]',
        '[Event "Round 2, board 7"]',
        '[North "Ann"]',
        '[Contract "5 downtown by west, clubs"]',
        "#4 west 5 downtown",
        "#6 discard seat=west cards=[JD,JH,9D,9H,8H,7D]",
        "1 west: #8 west 10C, #9 north JC, #10 east 8C, #11 south 2C -> south",
        "2 south: #12 south KD, #13 west 2H -> ?",
        "#14 renege_call by=north against=west",
    ):
        assert line in text.splitlines(), line
    assert "; renege@13 (established) against west (east_west): west played 2H" in text
    assert "texas-bid-whist-alliance.txt Renege" in text
    assert text.startswith('[Format "adjudicator-hand/1"]\n')
    assert '[Deal "#1 N:6H,9C,JC,QS,3C,7H,5C,10H,KH,KS,10D,QH E:' in text


def test_the_text_is_read_back_whatever_the_commentary() -> None:
    hand = record("texas", "north", reneged_hand())
    assert from_text(to_text(hand)) == from_text(to_text(hand, judged(hand))) == [hand]


#: One event of every kind, most with their optional members, as a hand could hold them.
EVERY_KIND: list[dict[str, Any]] = [
    {"type": "wrong_dealer", "seat": "east"},
    {"type": "misdeal", "reason": "shuffle", "by": "north", "cause": "east"},
    {"type": "deal", "hands": {"north": ["AS"], "east": []}, "kitty": [], "kitty_positions": None},
    {"type": "bid", "seat": "east", "bid": "4 no trump"},
    {"type": "bid", "seat": "south", "bid": "4"},
    {"type": "bid", "seat": "west", "bid": "pass", "id": "6f1c2b9e-0000-4000-8000-000000000001"},
    {"type": "discard", "seat": "east", "cards": ["10H", "bj", "Th"]},
    {"type": "declare", "seat": "east", "trump": None, "direction": "uptown"},
    {"type": "exchange", "seat": "east", "discards": ["AH"], "receives": []},
    {"type": "play", "seat": "east", "card": "10h"},
    {"type": "correct", "seat": "east", "card": "2C"},
    {"type": "renege_call", "by": "north", "against": "east"},
    {
        "type": "tech_call",
        "by": "north",
        "against": "east",
        "infraction": "talking_the_game",
        "note": 'he said "4" = sure',
    },
    {"type": "tech_call", "by": "south", "against": "west", "infraction": None},
    {"type": "finding", "call": 13, "finding": "upheld", "option": "loss_of_hand"},
    {"type": "inspect", "seat": "west", "cards": ["2S", "3S"]},
    {"type": "expose", "seat": "west", "cards": ["KD"]},
    {"type": "choice", "ruling": "same_number@2", "option": "raise", "by": "official", "bid": "5 hearts"},
    {"type": "concede", "seat": "north", "agreed_by": "east"},
    {"type": "hesitation", "seat": "west", "penalty": "five_points"},
    {
        "type": "correct_record",
        "event": 5,
        "replace_with": {"type": "bid", "seat": "south", "bid": "5"},
        "reason": "misheard",
    },
    {"type": "correct_record", "event": 12, "replace_with": None, "reason": "no call was made;\nvoid it"},
    {"type": "close"},
    {"type": "deal", "hands": {"south": ["2D"]}},
    {"type": "score_confirmation", "by": "east", "verdict": "disputed", "note": "we took 7"},
    {"type": "scoped", "tournament": "6f1c7f26-3d4e-4f8e-9a59-4f7c5c1f0a11", "table": 3, "match": "R1-T3"},
    {
        "type": "result",
        "seat": "east",
        "bid": "call for two",
        "trump": "spades",
        "direction": None,
        "books": 0,
    },
]


def test_every_kind_of_event_survives_with_its_members_and_their_order() -> None:
    assert {event["type"] for event in EVERY_KIND} == set(SHAPES)
    authors = [
        None,
        ANN,
        {"name": "Zoë (floor) ", "role": "official"},
        {"name": "x", "role": "official", "seat": 3},
    ]
    events = [
        {**event, "author": authors[n % 4], "recorded_at": None if n % 5 == 0 else WHEN}
        for n, event in enumerate(EVERY_KIND)
    ]
    events.append({"type": "play", "card": "AS", "seat": "north"})  # members in another order
    hand = record(
        "ontario",
        "west",
        events,
        id="5b1c0e1e-0000-4000-8000-000000000000",
        players={},
        label="",
        opened_at=WHEN,
        opened_by=ANN,
        tournament={"id": "T", "match": "R1-T1", "table": 1},
        imported={"from": None, "at": WHEN, "by": ANN},
    )
    text = round_trip(hand)
    assert '#24 deal hands={"south":["2D"]}' in text  # only the first deal is the [Deal] tag
    assert "#20 hesitation seat=west penalty=five_points" in text
    assert '[Deal "#3 N:AS E: K: P:null"]' in text.splitlines()  # the first deal is its tag
    assert [list(e) for e in from_text(text)[0]["events"]] == [list(e) for e in events]


def test_a_hand_with_no_deal_and_no_provenance_has_no_deal_tag_and_no_provenance() -> None:
    events = random_hand(8, "chicago", "east")[1:]
    text = round_trip(record("chicago", "east", events))
    assert "[Deal " not in text and "[Provenance]" not in text
    assert "13 " in text and "[Result" in text


def test_bid_euchre_and_its_exchange() -> None:
    events = random_euchre_hand(5, "west")
    text = round_trip(record("ontario", "west", events))
    assert "#6 exchange seat=east discards=[AH] receives=[AH]" in text
    assert "8 north: #28 north QD, #29 east AH, #30 south KD -> south" in text


def test_several_hands_in_one_file() -> None:
    hands = [record("texas", "north", random_hand(1, "texas", "north")), record("ontario", "west", [])]
    text = "\n".join(to_text(hand) for hand in hands)
    assert from_text(text) == hands


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ('[Ruleset "texas"]', 1, 'starts with [Format "adjudicator-hand/1"]'),
        ('[Format "adjudicator-hand/1"]\n[Colour "red"]', 2, "not a tag"),
        ('[Format "adjudicator-hand/1"]\n[Dealer north]', 2, "not a quoted string"),
        ('[Format "adjudicator-hand/1"]\n\n[Auction]\n#1 east 4\n#1 south pass', 5, "#1 is given twice"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n#1 east 4\n#3 south pass', 4, "#2 is missing"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n#1 bid seat=east bid=', 3, "value is missing"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n#1 bid seat=east seat=west', 3, "seat is given twice"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n#1 bid seat=east note={"a":', 3, "not valid JSON"),
        ('[Format "adjudicator-hand/1"]\n[Play]\n1 east: #1 east AS, #2 AS -> east', 3, "'#n seat card'"),
        ('[Format "adjudicator-hand/1"]\n[Bidding]', 2, "not a section"),
        ('[Format "adjudicator-hand/1"]\n#1 east 4', 2, "before any section"),
        ('[Format "adjudicator-hand/1"]\n[Deal "N:AS"]', 2, "starts with the deal's #N"),
        ('[Format "adjudicator-hand/1"]\n[Deal "#1 N:AS N:KS"]', 2, "N: is given twice"),
        ('[Format "adjudicator-hand/1"]\n[Provenance]\n#1 x Ann', 3, "author is written 'Name (role)'"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n#1 east 4\n[Provenance]\n#2 x null', 5, "does not have"),
        ('[Format "adjudicator-hand/1"]\n[Auction]\n[Dealer "north"]', 3, "tags come before"),
        ("; nothing but a comment", 1, "holds no hand"),
        ('[Format "adjudicator-hand/1"]\n[Provenance]\n#1-99999 x null', 3, "no run of events"),
    ],
)
def test_a_malformed_text_record_names_its_line(text: str, line: int, says: str) -> None:
    with pytest.raises(HandFileError) as refused:
        from_text(text)
    assert refused.value.line == line
    assert says in str(refused.value)


def test_the_second_hand_of_a_file_is_named_when_it_is_wrong() -> None:
    first = to_text(record("texas", "north", []))
    text = first + '\n[Format "adjudicator-hand/1"]\n[Auction]\n#2 east 4\n'
    with pytest.raises(HandFileError) as refused:
        from_text(text)
    assert (refused.value.hand, refused.value.line) == (1, len(first.splitlines()) + 4)
    assert str(refused.value) == "line 7: event #2, but #1 is missing: events are #1 to #1"


def test_an_import_takes_a_record_or_the_events_as_listed() -> None:
    listed = [{"version": 1, "type": "bid", "seat": "east", "bid": "4", "recorded_at": WHEN, "author": ANN}]
    plain = import_item({"ruleset": "texas", "dealer": "north", "events": listed})
    assert plain == {
        "ruleset": "texas",
        "dealer": "north",
        "events": [{"type": "bid", "seat": "east", "bid": "4"}],
        "provenance": {"record": False, "events": [{"author": ANN, "recorded_at": WHEN}]},
    }
    more = import_item({"hand": "h", "events": listed})
    assert more == {"hand": "h", "events": [{"type": "bid", "seat": "east", "bid": "4"}]}
    item = import_item(record("texas", "north", listed, id="h1", opened_by=ANN))
    assert isinstance(item, dict) and item["provenance"]["from"] == "h1"
    assert item["provenance"]["opened_by"] == ANN and item["events"] == more["events"]
    with pytest.raises(HandFileError, match="format"):
        import_item({"format": "adjudicator-hand/2", "events": []})


def _respell(event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same event as another scorekeeper might write it: cards in lower case, 10 as T."""

    def card(text: str) -> str:
        text = text.replace("10", "T") if rng.random() < 0.5 else text
        return text.lower() if rng.random() < 0.5 else text

    if "card" in event:
        return {**event, "card": card(event["card"])}
    if "cards" in event:
        return {**event, "cards": [card(c) for c in event["cards"]]}
    return event


HANDS = st.one_of(
    st.tuples(st.sampled_from(["detroit", "texas", "chicago", "cardtel"]), st.integers(0, 2**32 - 1)).map(
        lambda given: (given[0], random_hand(given[1], given[0], "north"))  # type: ignore[arg-type]
    ),
    st.integers(0, 2**32 - 1).map(lambda seed: ("ontario", random_euchre_hand(seed, "north"))),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=HANDS, data=st.data())
def test_any_hand_survives_json_text_json(
    hand: tuple[str, list[dict[str, Any]]], data: st.DataObject
) -> None:
    """A random hand, cut anywhere, with calls, inspections and corrections thrown in, cards spelt
    any way, some events out of turn: the text reads back into the same record, rulings and score."""
    ruleset, events = hand
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    cut = events[: data.draw(st.integers(0, len(events)))]
    if data.draw(st.booleans()):
        cut = cut[1:]  # no deal recorded
    cut = [_respell(event, rng) for event in cut]
    seat = data.draw(st.sampled_from(["north", "east", "south", "west"]))
    extra = data.draw(
        st.lists(
            st.sampled_from(
                [
                    {"type": "renege_call", "by": next_seat(seat), "against": seat},  # type: ignore[arg-type]
                    {"type": "tech_call", "by": seat, "against": next_seat(seat), "infraction": None},  # type: ignore[arg-type]
                    {"type": "correct_record", "event": 1, "replace_with": None, "reason": "void the first"},
                ]
            ),
            max_size=3,
        )
    )
    names = st.text(max_size=12)
    authors = st.none() | st.fixed_dictionaries(
        {"name": names, "role": st.sampled_from(["official", "viewer"])}
    )
    events = [
        {**event, "author": data.draw(authors), "recorded_at": WHEN} if data.draw(st.booleans()) else event
        for event in [*cut, *extra]
    ]
    given_record = record(ruleset, "north", events, label=data.draw(names), opened_by=data.draw(authors))
    try:
        expected = adjudicate(ruleset, "north", [*cut, *extra])
    except IllegalEvent:  # an impossible record is still a record: the text must keep it
        expected = None
    back = from_text(to_text(given_record, judged(given_record)))[0]
    assert back == given_record
    if expected is not None:
        again = adjudicate(ruleset, "north", [split_event(event)[0] for event in back["events"]])
        assert again.score == expected.score and again.rulings_data() == expected.rulings_data()
