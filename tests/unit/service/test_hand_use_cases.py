"""The hands' use cases on in-memory fakes of their ports: no database, no eventsourcing."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.service import hand_imports, trial
from adjudicator.service import hands as use
from adjudicator.service.authority import Forbidden
from adjudicator.service.credentials import Author
from adjudicator.service.errors import EventRefused, ReadModelsOff, StaleVersion
from adjudicator.service.views import Opening
from adjudicator.simulation.hands import random_hand
from tests.unit.service.fakes import FakeHands, FakeListings

EVENTS = random_hand(21, "texas", "north")
SCOREKEEPER = Author("Table 4", "scorekeeper")
IMPOSSIBLE = {"type": "play", "seat": "north", "card": "ZZ"}  # no such card: a fact that cannot be


def test_an_append_reads_once_judges_and_writes_the_events_at_the_version_asked() -> None:
    hands = FakeHands()
    hand = hands.open_hand("texas", "north", author=SCOREKEEPER)
    assert use.append_events(hands, hand.id, EVENTS[:3], if_match={0}, author=SCOREKEEPER) == 3
    # no read before the write: the append reads the hand in its one unit of work, and commits once
    assert hands.calls == {"unit_of_work": 1, "commit": 1}
    assert use.version(hands, hand.id) == 3
    listed = use.events(hands, hand.id)["events"]
    assert [e["version"] for e in listed] == [1, 2, 3]
    assert listed[0]["author"] == {"name": "Table 4", "role": "scorekeeper"}


def test_a_refusal_carries_the_version_it_was_judged_at_and_records_nothing() -> None:
    hands = FakeHands()
    hand = hands.open_hand("texas", "north")
    use.append_events(hands, hand.id, EVENTS[:2])
    with pytest.raises(EventRefused) as refused:
        use.append_events(hands, hand.id, [EVENTS[2], IMPOSSIBLE])
    assert (refused.value.version, refused.value.position) == (2, 1)
    assert refused.value.words
    assert use.version(hands, hand.id) == 2


def test_the_writers_permission_is_decided_on_the_hand_the_events_are_judged_on() -> None:
    hands = FakeHands()
    hand = hands.open_hand("texas", "north", author=SCOREKEEPER)
    seen: list[Any] = []

    def permit(hand: Opening, events: Any) -> None:
        seen.append((hand, list(events)))
        raise Forbidden("not this table", ("official",))

    with pytest.raises(Forbidden):
        use.append_events(hands, hand.id, EVENTS[:1], permit=permit)
    assert seen == [(Opening({"name": "Table 4", "role": "scorekeeper"}, None), EVENTS[:1])]
    assert use.version(hands, hand.id) == 0


def test_a_stale_version_records_nothing() -> None:
    hands = FakeHands()
    hand = hands.open_hand("texas", "north")
    use.append_events(hands, hand.id, EVENTS[:1])
    with pytest.raises(StaleVersion):
        use.append_events(hands, hand.id, EVENTS[1:2], if_match={0})
    assert use.version(hands, hand.id) == 1


def test_a_dry_run_writes_nothing_and_refuses_as_the_append_would() -> None:
    hands = FakeHands()
    hand = hands.open_hand("texas", "north")
    assert trial.try_append(hands, hand.id, EVENTS[:2]) is None
    with pytest.raises(EventRefused) as refused:
        trial.try_append(hands, hand.id, [EVENTS[0], IMPOSSIBLE])
    assert refused.value.version == 0
    assert use.version(hands, hand.id) == 0


def test_an_import_opens_and_appends_all_or_none() -> None:
    hands = FakeHands()
    stored = hands.open_hand("texas", "north")
    items = [
        {"ruleset": "texas", "dealer": "north", "events": EVENTS[:4]},
        {"hand": stored.id, "events": EVENTS[:2]},
    ]
    done = hand_imports.record_hands(hands, items, SCOREKEEPER)
    assert [version for _, version in done] == [4, 2]
    bad = [
        {"ruleset": "texas", "dealer": "north", "events": EVENTS[:1]},
        {"hand": stored.id, "events": [IMPOSSIBLE]},
    ]
    with pytest.raises(EventRefused):
        hand_imports.record_hands(hands, bad)
    assert len(hands.hand_ids()) == 2 and use.version(hands, stored.id) == 2


def test_the_list_of_hands_asks_the_read_models_as_its_reader_may_list() -> None:
    with pytest.raises(ReadModelsOff):
        use.list_hands(None, {}, "official")
    listings = FakeListings()
    use.list_hands(listings, {"sort": "opened"}, None)
    use.list_hands(listings, {"sort": "opened"}, "official")
    assert listings.asked == [({"sort": "opened"}, True, False), ({"sort": "opened"}, False, True)]
