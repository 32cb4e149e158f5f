"""Where an entry of a hand's record fell, as the table says it (``adjudicator.domain.when``): the
replay heads each step with it instead of the entry's number."""

from __future__ import annotations

import re
from datetime import timedelta, timezone
from typing import Any

import pytest

from adjudicator import adjudicate
from adjudicator.domain import words as say
from adjudicator.domain.when import ordinal, when
from adjudicator.simulation.hands import random_euchre_hand, random_hand


def _hand(seed: int = 1, ruleset: str = "texas") -> tuple[list[dict[str, Any]], say.Moments]:
    made = random_euchre_hand(seed) if ruleset == "ontario" else random_hand(seed, ruleset, "north")
    events = [dict(e) for e in made]
    return events, say.moments(adjudicate(ruleset, "north", events).state)


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
    ],
)
def test_ordinals(n: int, said: str) -> None:
    assert ordinal(n) == said


def test_each_phase_of_a_texas_hand_in_the_tables_words() -> None:
    events, books = _hand()
    assert when(events, 0, books) == "before the deal"
    assert when(events, 1, books) == "the deal"
    assert when(events, 3, books) == "the bidding, 2nd bid"
    assert when(events, 6, books) == "the discard"
    assert when(events, 7, books) == "the trump named"
    second = events[8]  # the first book's second card
    assert when(events, 9, books) == f"book 1, 2nd card ({say.seat(second['seat'])})"
    last = len(events)
    assert when(events, last, books).startswith(f"book {len(books.books)}, 4th card")


def test_a_call_is_placed_between_the_cards_and_after_the_hand() -> None:
    events, books = _hand()
    call: dict[str, Any] = {"type": "renege_call", "by": "north", "against": "east"}
    mid = [*events[:9], call, *events[9:]]
    moved = say.Moments(
        tuple((n, tuple(e + 1 if e > 9 else e for e in plays)) for n, plays in books.books), True
    )
    assert when(mid, 10, moved) == "book 1, after its 2nd card"
    ended = [*events, call]
    assert when(ended, len(ended), books, over=True) == "after the hand"
    assert when(ended, len(ended), books, over=False) == f"after book {len(books.books)}"
    bidding = [*events[:3], call]
    assert when(bidding, 4, say.Moments((), True)) == "the bidding, after the 2nd bid"


@pytest.mark.parametrize(
    ("seed", "ruleset"), [(2, "detroit"), (3, "chicago"), (4, "cardtel"), (5, "ontario")]
)
def test_no_step_of_any_rulebooks_hand_is_said_by_its_number(seed: int, ruleset: str) -> None:
    events, books = _hand(seed, ruleset)
    for n in range(len(events) + 1):
        said = when(events, n, books, over=True)
        assert not re.search(r"\bevent\b|\bentry\b|_", said), said
        if events[n - 1]["type"] == "play" and n:
            assert re.fullmatch(r"book \d+, \d+(st|nd|rd|th) card \((North|East|South|West)\)", said), said


def test_a_recorded_time_is_said_with_its_day_in_the_halls_time() -> None:
    eastern = timezone(timedelta(hours=-5))
    assert say.stamp("2026-11-28T02:05:09.123+00:00", eastern) == "27 Nov 2026, 21:05"
    assert say.stamp(None) == "" and say.stamp("") == ""
