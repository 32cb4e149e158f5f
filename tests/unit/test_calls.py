"""Calls for an official, from a hand's log and a tournament's: when made, when ruled, who may claim."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.officials_queue import (
    QueuedCall,
    claim_refused,
    dispute_calls,
    hand_calls,
    handover_refused,
    holder,
    release_refused,
    time_to_ruling,
)
from adjudicator.simulation.hands import scripted_hand

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": seat, "bid": bid}
    for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
]
CALL = {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"}
FINDING = {"type": "finding", "call": 5, "finding": "upheld"}


def _times(n: int) -> list[str]:
    return [f"2026-11-24T20:00:{s:02d}+00:00" for s in range(0, 10 * n, 10)]


def test_a_conduct_call_is_open_until_the_officials_finding_rules_it() -> None:
    (call,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL], _times(5), label="Table 12")
    assert (call.id, call.status, call.event, call.seat, call.against) == ("h1@5", "open", 5, "east", "south")
    assert call.made_at == "2026-11-24T20:00:40+00:00" and call.ruled_at is None
    assert call.kind == "talking_the_game" and call.label == "Table 12"
    assert any("III.c.viii" in c for c in call.citations)

    (ruled,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL, FINDING], _times(6))
    assert (ruled.status, ruled.ruled_event, ruled.ruled_at) == ("ruled", 6, "2026-11-24T20:00:50+00:00")


def test_a_hand_without_a_call_has_none() -> None:
    assert hand_calls("h1", "detroit", "west", BIDS, _times(4)) == []


def test_a_claimed_call_is_refused_to_another_official_and_a_ruled_one_to_all() -> None:
    (call,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL], _times(5))
    assert claim_refused(call, "Ann") is None
    held = call.claimed("Ann", "2026-11-24T20:01:00+00:00")
    assert held.status == "claimed"
    assert claim_refused(held, "Ann") is None
    assert "already claimed by Ann" in str(claim_refused(held, "Bob"))
    (ruled,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL, FINDING], _times(6))
    assert "already ruled" in str(claim_refused(ruled.claimed("Ann", None), "Bob"))


def test_a_dispute_on_a_sheet_is_a_call_until_ruled() -> None:
    events = [
        {
            "type": "dispute_filed",
            "dispute": "d1",
            "match": "r1m2",
            "version": 7,
            "recorded_at": "2026-11-24T20:00:00+00:00",
        },
        {"type": "dispute_ruled", "dispute": "d1", "version": 9, "recorded_at": "2026-11-24T20:03:00+00:00"},
        {
            "type": "dispute_filed",
            "dispute": "d2",
            "match": "r1m1",
            "version": 10,
            "recorded_at": "2026-11-24T20:04:00+00:00",
        },
    ]
    first, second = dispute_calls("t1", "detroit", events, {"r1m2": 12})
    assert (first.id, first.status, first.table) == ("t1@d1", "ruled", 12)
    assert (second.status, second.table) == ("open", None)
    assert time_to_ruling([first, second]).to_dict() == {
        "ruled": 1,
        "median_seconds": 180.0,
        "worst_seconds": 180.0,
    }


def test_time_to_ruling_is_the_median_and_the_worst_of_the_ruled_calls() -> None:
    def ruled(made: str, at: str) -> QueuedCall:
        return QueuedCall(
            id=made,
            kind="renege",
            ruleset="detroit",
            made_at=f"2026-11-24T20:{made}+00:00",
            ruled_at=f"2026-11-24T20:{at}+00:00",
        )

    calls = [ruled("00:00", "01:00"), ruled("00:00", "00:30"), ruled("00:00", "05:00")]
    assert time_to_ruling(calls).to_dict() == {"ruled": 3, "median_seconds": 60.0, "worst_seconds": 300.0}
    assert time_to_ruling([]).to_dict() == {"ruled": 0, "median_seconds": None, "worst_seconds": None}


def test_who_holds_a_call_follows_its_claims_releases_and_handovers() -> None:
    claimed = {"type": "call_claimed", "call": "h1@5", "by": "Ann", "at": "t1"}
    handed = {"type": "call_handed_over", "call": "h1@5", "by": "Ann", "to": "Bob", "at": "t2"}
    released = {"type": "call_released", "call": "h1@5", "by": "Bob", "at": "t3"}
    assert holder([]) is None
    assert holder([claimed]) == ("Ann", "t1")
    assert holder([claimed, handed]) == ("Bob", "t2")
    assert holder([claimed, handed, released]) is None
    assert holder([claimed, handed, released, claimed | {"by": "Cy", "at": "t4"}]) == ("Cy", "t4")


def test_only_the_official_who_holds_a_waiting_call_lets_it_go() -> None:
    (call,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL], _times(5))
    assert release_refused(call, "Ann") == "call h1@5 is not claimed: nobody holds it"
    held = call.claimed("Ann", "t1")
    assert release_refused(held, "Ann") is None and handover_refused(held, "Ann", "Bob") is None
    assert "held by Ann, not by Bob" in str(release_refused(held, "Bob"))
    assert handover_refused(held, "Ann", "Ann") == "call h1@5 is already Ann's"
    (ruled,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL, FINDING], _times(6))
    assert "already ruled" in str(release_refused(ruled.claimed("Ann", "t1"), "Ann"))


def test_books_entered_that_disagree_with_a_result_are_a_call_until_the_result_is_corrected() -> None:
    """No one at the table calls it: the record brings the official, from the last book entered."""
    result = {"type": "result", "seat": "south", "bid": "4", "trump": "spades", "books": 11}
    plays = [e for e in scripted_hand(10, bidder="south", dealer="west") if e["type"] == "play"]
    corrected = {"type": "correct_record", "event": 1, "replace_with": {**result, "books": 10}, "reason": "x"}
    log = [result, *plays, corrected]
    calls = hand_calls("h", "detroit", "west", log, _times(len(log)), conflicted=True)
    assert [(c.kind, c.event, c.ruled_event) for c in calls] == [("result_conflict", 49, 50)]
