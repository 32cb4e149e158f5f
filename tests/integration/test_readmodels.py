"""The read models: kept from the notification log, rebuildable, readable with plain sqlite3."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from adjudicator import adjudicate
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand

OUT_OF_TURN: list[dict[str, Any]] = [
    {"type": "bid", "seat": "south", "bid": "4"},
    {"type": "renege_call", "by": "north", "against": "east"},
]


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


def test_the_projector_keeps_hands_and_rulings(store_env: dict[str, str], tmp_path: Path) -> None:
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        complete = store.open_hand("texas", "north").id
        events = random_hand(31, "texas", "north")
        append_events(store, complete, events)
        ruled = store.open_hand("chicago", "north", label="table 9").id
        append_events(store, ruled, OUT_OF_TURN)
        assert read_models.catch_up() == len(events) + len(OUT_OF_TURN) + 2
        assert read_models.catch_up() == 0
        score = adjudicate("texas", "north", events).score
        assert rows(
            read_models.path,
            f"select status, version, winner, contract_bid, final from hands where id = '{complete}'",
        ) == [("complete", len(events), score["winner"], score["contract"]["bid"], 1)]
        expected = adjudicate("chicago", "north", OUT_OF_TURN).rulings_data()
        assert rows(
            read_models.path,
            f"select ruling_id, status from rulings where hand_id = '{ruled}' order by event, ruling_id",
        ) == sorted(((r["id"], r["status"]) for r in expected), key=lambda r: (int(r[0].split("@")[1]), r[0]))
        citations = rows(read_models.path, f"select citations from rulings where hand_id = '{ruled}'")
        assert all(c[0] for c in citations)
        assert read_models.position() == store.app.recorder.max_notification_id()
    finally:
        store.close()


def test_rebuild_gives_the_same_tables(store_env: dict[str, str], tmp_path: Path) -> None:
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        for seed in range(3):
            hand_id = store.open_hand("detroit", "south").id
            append_events(store, hand_id, [*random_hand(seed, "detroit", "south")[:30], *OUT_OF_TURN[1:]])
            read_models.catch_up()
        before = (
            rows(read_models.path, "select * from hands order by id"),
            rows(read_models.path, "select * from rulings order by hand_id, ruling_id"),
        )
        read_models.rebuild()
        after = (
            rows(read_models.path, "select * from hands order by id"),
            rows(read_models.path, "select * from rulings order by hand_id, ruling_id"),
        )
        assert after == before and len(before[0]) == 3
    finally:
        store.close()


def test_the_background_projector_follows_appends(sqlite_env: dict[str, str], tmp_path: Path) -> None:
    store = HandStore(sqlite_env)
    read_models = ReadModels(store, tmp_path / "read.db")
    read_models.start(poll_seconds=0.05)
    try:
        hand_id = store.open_hand("texas", "north").id
        append_events(store, hand_id, OUT_OF_TURN)
        deadline = time.monotonic() + 30  # a bound on waiting, not a measurement
        while read_models.position() < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert read_models.position() == 3
    finally:
        read_models.stop()
        store.close()
    assert rows(read_models.path, f"select version from hands where id = '{hand_id}'") == [(2,)]
