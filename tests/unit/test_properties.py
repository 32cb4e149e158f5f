"""Properties of the engine over random legal hands (hypothesis)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import IllegalEvent, adjudicate, judge, replay
from adjudicator.domain.cards import CARDS, SEATS
from adjudicator.simulation.hands import random_euchre_hand, random_hand

RULESETS = st.sampled_from(["detroit", "texas", "chicago", "cardtel"])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DEALERS = st.sampled_from(SEATS)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _hand(seed: int, ruleset: str, dealer: str, *, with_deal: bool) -> list[dict[str, Any]]:
    events = random_hand(seed, ruleset, dealer)  # type: ignore[arg-type]
    return events if with_deal else events[1:]


@PROPERTY
@given(seed=SEEDS, ruleset=RULESETS, dealer=DEALERS, with_deal=st.booleans())
def test_every_legal_hand_has_thirteen_books_no_ruling_and_a_final_score(
    seed: int, ruleset: str, dealer: str, with_deal: bool
) -> None:
    result = adjudicate(ruleset, dealer, _hand(seed, ruleset, dealer, with_deal=with_deal))  # type: ignore[arg-type]
    score = result.score
    assert sum(score["books"].values()) == 13
    assert len(result.table.books) == 12
    assert result.rulings == []
    assert score["final"] and score["winner"] in ("north_south", "east_west")
    assert score["made"] == (
        score["winner"] == ("north_south" if result.table.bidder in ("north", "south") else "east_west")
    )


@PROPERTY
@given(seed=SEEDS, ruleset=RULESETS, dealer=DEALERS, with_deal=st.booleans(), data=st.data())
def test_replaying_any_prefix_equals_the_incremental_table(
    seed: int, ruleset: str, dealer: str, with_deal: bool, data: st.DataObject
) -> None:
    events = _hand(seed, ruleset, dealer, with_deal=with_deal)
    k = data.draw(st.integers(min_value=0, max_value=len(events)))
    incremental = replay(ruleset, dealer, [])  # type: ignore[arg-type]
    for event in events[:k]:
        incremental.apply(event)
    scratch = replay(ruleset, dealer, events[:k])  # type: ignore[arg-type]
    assert incremental.state() == scratch.state()
    assert judge(incremental).rulings_data() == judge(scratch).rulings_data()
    assert judge(incremental).score == judge(scratch).score


def _respell(event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same event as another scorekeeper might write it: other case, T for 10, other bid words."""

    def card(text: str) -> str:
        text = text.replace("10", "T") if rng.random() < 0.5 else text
        return text.lower() if rng.random() < 0.5 else text

    out = dict(event)
    if "card" in out:
        out["card"] = card(out["card"])
    if "cards" in out:
        out["cards"] = [card(c) for c in out["cards"]]
    if "hands" in out:
        out["hands"] = {seat: [card(c) for c in cards] for seat, cards in out["hands"].items()}
        out["kitty"] = [card(c) for c in out["kitty"]]
    if out.get("type") == "bid" and out["bid"] != "pass":
        level, strain = out["bid"].split(" ", 1)
        words = {
            "uptown": ["", " high", " uptown"],
            "downtown": [" low", " special"],
            "no trump": [" no", " No Trump"],
        }
        out["bid"] = level + rng.choice(words[strain])
    return json.loads(json.dumps(out))


@PROPERTY
@given(seed=SEEDS, ruleset=RULESETS, dealer=DEALERS, spelling=SEEDS)
def test_the_score_and_rulings_do_not_depend_on_how_the_hand_was_written(
    seed: int, ruleset: str, dealer: str, spelling: int
) -> None:
    events = random_hand(seed, ruleset, dealer)  # type: ignore[arg-type]
    rng = random.Random(spelling)
    rerecorded = [_respell(e, rng) for e in events]
    first, second = adjudicate(ruleset, dealer, events), adjudicate(ruleset, dealer, rerecorded)  # type: ignore[arg-type]
    assert first.score == second.score
    assert first.rulings_data() == second.rulings_data()
    assert {k: v for k, v in first.state.items() if k != "bids"} == {
        k: v for k, v in second.state.items() if k != "bids"
    }


@PROPERTY
@given(seed=SEEDS, ruleset=RULESETS, data=st.data())
def test_a_refused_event_leaves_the_table_exactly_as_it_was(
    seed: int, ruleset: str, data: st.DataObject
) -> None:
    events = random_hand(seed, ruleset, "north")
    k = data.draw(st.integers(min_value=0, max_value=len(events)))
    table = replay(ruleset, "north", events[:k])
    before = (table.version, table.state(), judge(table).rulings_data())
    intruder = data.draw(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(
                    ["play", "bid", "discard", "declare", "deal", "inspect", "expose", "close"]
                ),
                "seat": st.sampled_from([*SEATS, "centre"]),
                "card": st.sampled_from([*CARDS, "ZZ"]),
                "cards": st.lists(st.sampled_from(list(CARDS)), max_size=7),
                "bid": st.sampled_from(["pass", "4", "7 no", "8"]),
                "trump": st.sampled_from(["hearts", "stars"]),
            }
        )
    )
    try:
        table.apply(intruder)
    except IllegalEvent:
        assert (table.version, table.state(), judge(table).rulings_data()) == before
    else:
        assert table.version == before[0] + 1


@PROPERTY
@given(seed=SEEDS, ruleset=RULESETS, data=st.data())
def test_a_known_deal_proves_every_failure_to_follow_suit(
    seed: int, ruleset: str, data: st.DataObject
) -> None:
    """Swap one legal play for an off-suit card the seat holds while it could follow: a renege is detected."""
    events = random_hand(seed, ruleset, "north")
    table = replay(ruleset, "north", [])
    reneged = False
    for event in events:
        if not reneged and event["type"] == "play" and table.book:
            led = table.led()
            hand = table.holding(event["seat"]) or set()
            assert table.contract is not None
            off = sorted(
                (str(c) for c in hand if table.contract.suit_of(c) != led),
            )
            follows = any(table.contract.suit_of(c) == led for c in hand)
            if follows and off and data.draw(st.booleans()):
                table.apply({**event, "card": data.draw(st.sampled_from(off))})
                reneged = True
                break
        table.apply(event)
    rulings = judge(table).rulings
    assert [r.kind for r in rulings] == (["renege"] if reneged else [])
    if reneged:
        assert rulings[0].status == "detected" and rulings[0].proof == "the recorded deal"


@PROPERTY
@given(seed=SEEDS, dealer=DEALERS, with_deal=st.booleans(), data=st.data())
def test_every_legal_euchre_hand_has_eight_books_and_any_prefix_replays_the_same(
    seed: int, dealer: str, with_deal: bool, data: st.DataObject
) -> None:
    events = random_euchre_hand(seed, dealer, with_deal=with_deal)  # type: ignore[arg-type]
    result = adjudicate("ontario", dealer, events)  # type: ignore[arg-type]
    assert result.rulings == []
    assert sum(result.score["books"].values()) == 8 and result.score["final"]
    k = data.draw(st.integers(min_value=0, max_value=len(events)))
    incremental = replay("ontario", dealer, [])  # type: ignore[arg-type]
    for event in events[:k]:
        incremental.apply(event)
    assert incremental.state() == replay("ontario", dealer, events[:k]).state()  # type: ignore[arg-type]


@PROPERTY
@given(seed=SEEDS, data=st.data())
def test_a_known_euchre_deal_proves_every_failure_to_follow_suit(seed: int, data: st.DataObject) -> None:
    """Twin cards and bowers included: an off-suit card while holding the suit led is a renege."""
    events = random_euchre_hand(seed, "north")
    table = replay("ontario", "north", [])
    reneged = False
    for event in events:
        if event["type"] == "play" and table.book and table.contract is not None:
            led = table.led()
            hand = table.holding(event["seat"]) or {}
            off = sorted(str(c) for c in hand if table.contract.suit_of(c) != led)
            if off and any(table.contract.suit_of(c) == led for c in hand) and data.draw(st.booleans()):
                table.apply({**event, "card": data.draw(st.sampled_from(off))})
                reneged = True
                break
        table.apply(event)
    assert [r.kind for r in judge(table).rulings] == (["renege"] if reneged else [])
