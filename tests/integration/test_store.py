"""The event store on both backends: append-only, atomic, conditional, replayable to any version."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from adjudicator import adjudicate
from adjudicator.adapters.hand_store import HandStore, HandView
from adjudicator.adapters.settings import default_db_path, persistence_env
from adjudicator.service.errors import (
    CommitConflict,
    EventRefused,
    HandNotFound,
    StaleVersion,
    VersionOutOfRange,
)
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand

CALLS: list[dict[str, Any]] = [{"type": "renege_call", "by": "north", "against": "east"}]


def judged(view: HandView) -> tuple[Any, Any, Any]:
    adjudication = view.judged()
    return adjudication.state, adjudication.rulings_data(), adjudication.score


def stored(store: HandStore, hand_id: UUID) -> list[tuple[int, str]]:
    return [
        (e.originator_version, e.topic.rsplit(".", 1)[-1]) for e in store.app.recorder.select_events(hand_id)
    ]


@pytest.fixture
def store(store_env: dict[str, str]) -> Any:
    store = HandStore(store_env)
    yield store
    store.close()


def test_a_hand_appended_event_by_event_replays_as_the_domain_says(
    store: HandStore, store_env: dict[str, str]
) -> None:
    events = [*random_hand(21, "cardtel", "east"), *CALLS]
    hand_id = store.open_hand("cardtel", "east", {"east": "Bo"}, "round 1").id
    for version, event in enumerate(events, start=1):
        assert append_events(store, hand_id, [event]) == version
    expected = adjudicate("cardtel", "east", events)
    assert store.read(hand_id, judged) == (expected.state, expected.rulings_data(), expected.score)
    fresh = HandStore(store_env)  # another process: nothing cached, everything from the store
    try:
        assert fresh.read(hand_id, judged) == store.read(hand_id, judged)
        assert fresh.read(hand_id, lambda v: [e.entry for e in v.events]) == events
        assert fresh.read(hand_id, lambda v: (v.players, v.label)) == ({"east": "Bo"}, "round 1")
    finally:
        fresh.close()


def test_history_is_the_log_replayed_up_to_any_version(store: HandStore) -> None:
    events = random_hand(22, "detroit", "north")
    hand_id = store.open_hand("detroit", "north").id
    append_events(store, hand_id, events)
    for at in (0, 1, 4, 6, 7, 30, len(events)):
        view_state = store.read(hand_id, lambda v: v.table.state(), at=at)
        assert view_state == adjudicate("detroit", "north", events[:at]).state
        assert store.read(hand_id, lambda v: len(v.events), at=at) == at
    with pytest.raises(VersionOutOfRange):
        store.read(hand_id, lambda v: v, at=len(events) + 1)


def test_nothing_is_updated_or_deleted(store: HandStore) -> None:
    events = random_hand(23, "texas", "north")
    hand_id = store.open_hand("texas", "north").id
    append_events(store, hand_id, events[:10])
    first = store.app.recorder.select_events(hand_id)
    append_events(store, hand_id, events[10:])
    after = store.app.recorder.select_events(hand_id)
    assert after[: len(first)] == first
    assert stored(store, hand_id) == [(1, "Opened")] + [(v, "Recorded") for v in range(2, len(events) + 2)]
    notifications = store.app.recorder.select_notifications(start=1, limit=1000)
    assert [n.id for n in notifications] == sorted({n.id for n in notifications})


def test_a_refused_batch_stores_nothing(store: HandStore) -> None:
    events = random_hand(24, "chicago", "north")
    hand_id = store.open_hand("chicago", "north").id
    append_events(store, hand_id, events[:6])
    impossible = {"type": "play", "seat": "north", "card": "ZZ"}
    with pytest.raises(EventRefused) as refused:
        append_events(store, hand_id, [events[6], events[7], impossible, events[8]])
    assert (refused.value.position, refused.value.error.index, refused.value.version) == (2, 9, 6)
    assert refused.value.error.field == "card"
    assert len(stored(store, hand_id)) == 7
    assert store.read(hand_id, lambda v: v.version) == 6
    assert append_events(store, hand_id, events[6:]) == len(events)  # the cache was not left half-applied
    assert store.read(hand_id, judged)[0] == adjudicate("chicago", "north", events).state


def test_a_stale_condition_stores_nothing(store: HandStore) -> None:
    hand_id = store.open_hand("texas", "north").id
    bid = {"type": "bid", "seat": "east", "bid": "pass"}
    assert append_events(store, hand_id, [bid], if_match={0}) == 1
    with pytest.raises(StaleVersion) as stale:
        append_events(store, hand_id, [{**bid, "seat": "south"}], if_match={0})
    assert stale.value.current == 1
    assert len(stored(store, hand_id)) == 2


def test_unknown_hands_are_not_found(store: HandStore) -> None:
    with pytest.raises(HandNotFound):
        store.read(uuid4(), lambda v: v)
    with pytest.raises(HandNotFound):
        append_events(store, uuid4(), [{"type": "close"}])


def test_a_second_process_sees_the_first_ones_appends(store_env: dict[str, str]) -> None:
    """The cache is keyed by the stored version, so it fast-forwards instead of going stale."""
    first, second = HandStore(store_env), HandStore(store_env)
    try:
        events = random_hand(25, "texas", "west")
        hand_id = first.open_hand("texas", "west").id
        append_events(first, hand_id, events[:20])
        assert second.read(hand_id, lambda v: v.version) == 20  # now cached in the second
        append_events(first, hand_id, events[20:40])
        assert append_events(second, hand_id, events[40:]) == len(events)
        assert first.read(hand_id, judged) == second.read(hand_id, judged)
        assert first.read(hand_id, judged)[2] == adjudicate("texas", "west", events).score
    finally:
        first.close()
        second.close()


def test_an_append_on_a_stale_cache_is_judged_on_the_stored_log(store_env: dict[str, str]) -> None:
    """The second store trusts its cache, loses the commit, and judges the events again."""
    first, second = HandStore(store_env), HandStore(store_env)
    try:
        hand_id = first.open_hand("texas", "north").id
        second.read(hand_id, lambda v: v.version)  # cached at 0
        append_events(first, hand_id, [{"type": "bid", "seat": "east", "bid": "pass"}])
        with pytest.raises(StaleVersion):
            append_events(second, hand_id, [{"type": "bid", "seat": "east", "bid": "4"}], if_match={0})
        assert append_events(second, hand_id, [{"type": "bid", "seat": "south", "bid": "4"}]) == 2
        assert [e.entry["seat"] for e in first.read(hand_id, lambda v: v.events)] == ["east", "south"]
    finally:
        first.close()
        second.close()


def test_racing_stores_record_each_version_once(store_env: dict[str, str]) -> None:
    """Two stores (two processes' worth) append to one hand at once: a loser gets a conflict,
    never a gap, a duplicate or a lost acknowledged event."""
    stores = [HandStore(store_env), HandStore(store_env)]
    hand_id = stores[0].open_hand("texas", "north").id
    acknowledged: list[tuple[int, str]] = []
    conflicts: list[int] = []

    def append(store: HandStore, by: str) -> None:
        for _ in range(40):
            try:
                version = append_events(store, hand_id, [{"type": "tech_call", "by": by, "against": "north"}])
                acknowledged.append((version, by))
            except CommitConflict:
                conflicts.append(1)

    threads = [
        threading.Thread(target=append, args=(store, by))
        for store, by in zip(stores, ("east", "west"), strict=True)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        log = stores[0].read(hand_id, lambda v: [e.entry["by"] for e in v.events])
        assert len(acknowledged) + len(conflicts) == 80
        assert len(log) == len(acknowledged)
        for version, by in acknowledged:
            assert log[version - 1] == by
        assert stored(stores[1], hand_id) == [(1, "Opened")] + [
            (v, "Recorded") for v in range(2, len(log) + 2)
        ]
    finally:
        for store in stores:
            store.close()


def test_sqlite_acknowledges_only_durable_appends(sqlite_env: dict[str, str]) -> None:
    store = HandStore(sqlite_env)
    try:
        store.open_hand("texas", "north")
        with store.app.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
            cursor.execute("pragma synchronous")
            assert cursor.fetchone()[0] == 2  # FULL: the WAL is synced at every commit
            cursor.execute("pragma journal_mode")
            assert cursor.fetchone()[0] == "wal"
    finally:
        store.close()
    with sqlite3.connect(sqlite_env["SQLITE_DBNAME"]) as db:  # a standard tool can read it
        assert db.execute("select count(*) from stored_events").fetchone()[0] == 1


def test_persistence_defaults_to_an_embedded_sqlite_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in (
        "PERSISTENCE_MODULE",
        "SQLITE_DBNAME",
        "HANDS_PERSISTENCE_MODULE",
        "HANDS_SQLITE_DBNAME",
        "ADJUDICATOR_DB",
    ):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "adjudicator" / "events.db"
    assert persistence_env() == {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(tmp_path / "data" / "adjudicator" / "events.db"),
    }
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "mine.db"))
    assert persistence_env()["SQLITE_DBNAME"] == str(tmp_path / "mine.db")
    monkeypatch.setenv("SQLITE_DBNAME", str(tmp_path / "library.db"))  # the library's own wins
    assert persistence_env() == {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.postgres")
    monkeypatch.delenv("POSTGRES_PASSWORD", raising=False)
    assert persistence_env() == {"POSTGRES_PASSWORD": ""}  # trust authentication needs none
    monkeypatch.setenv("POSTGRES_PASSWORD", "secret")
    assert persistence_env() == {}


def test_a_hands_scope_is_stored_in_its_opening_and_read_back_by_another_process(
    store: HandStore, store_env: dict[str, str]
) -> None:
    scope = {"tournament": "spring", "table": 4}
    scoped = store.open_hand("texas", "north", scope=scope).id
    plain = store.open_hand("texas", "north").id
    fresh = HandStore(store_env)  # nothing cached: decoded from the stored Opened events
    try:
        assert fresh.read(scoped, lambda view: view.aggregate.scope) == scope
        assert fresh.read(plain, lambda view: view.aggregate.scope) is None
    finally:
        fresh.close()
