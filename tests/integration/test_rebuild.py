"""A rebuild in worker processes gives exactly the tables the follower keeps, on both backends."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import PROJECTIONS, ReadModels
from adjudicator.adapters.readmodels import rebuild as rebuilding
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.hands import append_events
from adjudicator.service.tournaments import append_events as append_tournament_events
from adjudicator.simulation import tournaments as simulate
from adjudicator.simulation.hands import random_hand

TABLES = [table for projection in PROJECTIONS for table in projection.tables]


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model table's rows, in one order, and the position."""
    with sqlite3.connect(path) as db:
        tables = {table: db.execute(f"select * from {table} order by 1, 2").fetchall() for table in TABLES}
        tables["position"] = db.execute("select * from position").fetchall()
    return tables


def fill(store: HandStore) -> None:
    """Complete, partial and disputed hands, and a tournament with standings and a bracket, its
    players linked to the registry's records."""
    for seed in range(9):
        hand = store.open_hand("texas" if seed % 2 else "detroit", "north", label=f"table {seed}").id
        events = random_hand(seed, "texas" if seed % 2 else "detroit", "north")
        append_events(store, hand, events[: 20 + seed * 5])
        if seed % 3 == 0:
            append_events(store, hand, [{"type": "renege_call", "by": "north", "against": "east"}])
    called = store.open_hand("detroit", "west", label="table 12").id  # a call waiting for an official
    bids = [
        {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
    ]
    append_events(
        store,
        called,
        [*bids, {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}],
    )
    claims, call = CallStore(store), f"{called}@4"  # an official's claim, handed over: the claims' log
    claims.add(call, lambda _: [{"type": "call_claimed", "call": call, "by": "Ann"}])
    claims.add(call, lambda _: [{"type": "call_handed_over", "call": call, "by": "Ann", "to": "Bob"}])
    people = {f"D{n:03d}": [f"record {n}a", f"record {n}b"] for n in range(1, 17)}  # players' careers
    director = simulate.run_detroit(16, 2, people=people)
    tournaments = TournamentStore(store)
    view = tournaments.create(director.log[0])
    append_tournament_events(tournaments, view.id, director.log[1:])


@pytest.mark.parametrize("verify", [False, True], ids=["unverified", "verified"])
@pytest.mark.parametrize("workers", [1, 2])
def test_a_rebuild_gives_the_rows_the_follower_gives(
    store_env: dict[str, str], tmp_path: Path, workers: int, verify: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuilding, "CHUNK", 3)  # several chunks, so several workers take part
    store = HandStore(store_env)
    try:
        fill(store)
        followed = ReadModels(store, tmp_path / "followed.db")
        assert followed.catch_up() == store.app.recorder.max_notification_id()
        rebuilt = ReadModels(store, tmp_path / "rebuilt.db")
        seen: list[tuple[int, int]] = []
        report = rebuilt.rebuild_report(workers, lambda done, total: seen.append((done, total)), verify)
        assert report.logs == {"hands": 10, "tournaments": 1, "call_claims": 1} and report.skipped == 0
        assert report.verified == verify
        assert report.notifications == followed.position()
        assert seen[0] == (0, 12) and seen[-1] == (12, 12) and len(seen) == 5
        expected = dump(followed.path)
        assert all(expected[table] for table in TABLES)
        assert dump(rebuilt.path) == expected
    finally:
        store.close()


def test_a_rebuild_over_followed_tables_changes_nothing_and_later_appends_follow(
    sqlite_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(sqlite_env)
    try:
        fill(store)
        read_models = ReadModels(store, tmp_path / "read.db")
        read_models.catch_up()
        before = dump(read_models.path)
        assert read_models.rebuild(workers=2) == store.app.recorder.max_notification_id()
        assert dump(read_models.path) == before
        hand = store.open_hand("chicago", "south").id
        append_events(store, hand, random_hand(5, "chicago", "south"))
        assert read_models.catch_up() == len(random_hand(5, "chicago", "south")) + 1
        with sqlite3.connect(read_models.path) as db:
            assert db.execute("select status from hands where id = ?", (str(hand),)).fetchall() == [
                ("complete",)
            ]
    finally:
        store.close()


def test_without_a_list_of_streams_the_logs_come_from_the_notification_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library's own recorders keep no heads: a rebuild finds the logs in the notifications."""
    monkeypatch.setattr(rebuilding, "PAGE", 50)  # several pages
    store = HandStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        fill(store)
        followed = ReadModels(store, tmp_path / "followed.db")
        followed.catch_up()
        for verify in (False, True):
            rebuilt = ReadModels(store, tmp_path / f"rebuilt-{verify}.db")
            assert rebuilt.rebuild_report(verify=verify).logs == {
                "hands": 10,
                "tournaments": 1,
                "call_claims": 1,
            }
            assert dump(rebuilt.path) == dump(followed.path)
    finally:
        store.close()
