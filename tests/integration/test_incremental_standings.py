"""The tournaments' read models kept batch by batch (only the rows a batch changes are written) equal
a full recomputation of them, at every step of simulated tournaments, on both backends; also for
tournaments with corrections, tie-breaks and withdrawals among their events, in batches of varying
size, and for a read-model file whose standings table had another shape."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.tournaments import PROJECTION
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.service.tournaments import append_events as append_tournament_events
from adjudicator.simulation import tournaments as simulate
from tests.tournament_logs import eventful


def recorded(log: list[Any], seed: int) -> list[Any]:
    """The events ``eventful`` recorded: a legal log with corrections, tie-breaks, withdrawals."""
    return [event for _, event, ok in eventful(log, seed) if ok]


def tables(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as db:
        return {t: db.execute(f"select * from {t} order by 1, 2").fetchall() for t in PROJECTION.tables}


@pytest.mark.parametrize(
    ("make_log", "step"),
    [
        (lambda: simulate.run_detroit(16, 2).log, 1),
        (lambda: simulate.run_ontario(12, 3, 6).log, 3),
        (lambda: recorded(simulate.run_detroit(20, 4).log, 4), 0),
        (lambda: recorded(simulate.run_ontario(16, 5, 6).log, 5), 0),
    ],
    ids=["detroit-16", "ontario-12", "detroit-20-eventful", "ontario-16-eventful"],
)
def test_incremental_rows_equal_a_full_recomputation(
    store_env: dict[str, str], tmp_path: Path, make_log: Any, step: int
) -> None:
    """``step`` events a batch (0: from 1 to 7 at random)."""
    log = make_log()
    rng = random.Random(len(log))
    store = HandStore(store_env)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(log[0])
        kept = ReadModels(store, tmp_path / "kept.db", tournaments)
        kept.catch_up()
        checked, start = 0, 1
        while start < len(log):
            size = step or rng.randint(1, 7)
            append_tournament_events(tournaments, view.id, log[start : start + size])
            kept.catch_up()
            start += size
            if checked * 40 < start or start >= len(log):
                full = ReadModels(store, tmp_path / f"full-{start}.db", tournaments)
                full.catch_up()  # every row of the tournament written from nothing
                assert tables(kept.path) == tables(full.path), f"after event {start}"
                checked += 1
        assert checked > 3
        final = tables(kept.path)
        assert final["standings"] and final["sheet_hands"] and final["tournaments"][0][5] == len(log)
    finally:
        store.close()


def test_a_standings_table_of_another_shape_is_made_again_and_every_tournament_written_whole(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    """A file whose ``standings`` kept the rank inside ``row`` (before ``record``): the table is made
    again and ``tournaments`` emptied with it, so that no stored version claims the rows now gone."""
    log = simulate.run_detroit(8, 6).log
    store = HandStore(store_env)
    try:
        tournaments = TournamentStore(store)
        view = tournaments.create(log[0])
        append_tournament_events(tournaments, view.id, log[1:])
        path = tmp_path / "read.db"
        ReadModels(store, path, tournaments).catch_up()
        before = tables(path)
        with sqlite3.connect(path) as db:
            db.execute("alter table standings rename column record to row")
        reopened = ReadModels(store, path, tournaments)
        assert reopened.position() == 0 and not tables(path)["standings"]
        reopened.catch_up()
        assert tables(path) == before
    finally:
        store.close()
