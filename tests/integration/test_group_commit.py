"""Group commit: concurrent appends share commits, and one append's failure is its own."""

from __future__ import annotations

import copy
import threading
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.event_store import GroupCommit
from adjudicator.adapters.hand_store import Hand, HandStore


def test_concurrent_saves_all_land_and_a_conflict_fails_alone(store_env: dict[str, str]) -> None:
    store = HandStore(store_env)
    commit = GroupCommit(store.app)
    hands = [Hand("texas", "north", None, None) for _ in range(8)]
    store.app.save(*hands)
    stale = copy.deepcopy(hands[0])  # a second writer's copy of hand 0, soon out of date
    for count in range(20):
        hands[0].record({"type": "tech_call", "by": "east", "against": "north", "n": count}, "before")
    store.app.save(hands[0])
    outcomes: dict[int, Any] = {}

    def append(number: int, hand: Hand) -> None:
        for count in range(20):
            hand.record({"type": "tech_call", "by": "east", "against": "north", "n": count}, "now")
            try:
                commit.save(hand.collect_events())
            except IntegrityError as error:
                outcomes[number] = error
                return
        outcomes[number] = "ok"

    threads = [threading.Thread(target=append, args=(n, hand)) for n, hand in enumerate([*hands, stale])]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert [outcomes[n] for n in range(8)] == ["ok"] * 8
        assert isinstance(outcomes[8], IntegrityError)  # hand 0 already has every version it tried
        for number, hand in enumerate(hands):
            stored = store.app.recorder.select_events(hand.id)
            assert [e.originator_version for e in stored] == list(range(1, 42 if number == 0 else 22))
    finally:
        store.close()


def test_a_failure_outside_the_store_reaches_its_caller(sqlite_env: dict[str, str]) -> None:
    store = HandStore(sqlite_env)
    try:
        with pytest.raises(Exception):  # noqa: B017 - whatever the mapper raises for a non-event
            GroupCommit(store.app).save([object()])
        hand = Hand("texas", "north", None, None)
        GroupCommit(store.app).save(hand.collect_events())  # the next commit is not blocked
        assert len(store.app.recorder.select_events(hand.id)) == 1
    finally:
        store.close()
