"""The list of hands read from the read models, on a SQLite and a PostgreSQL event store alike (the read
models are a SQLite file either way); and a read-model file from before ``sheet_hands`` is projected
again from the start."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.listing import list_hands
from adjudicator.service.errors import InvalidQuery
from adjudicator.service.hand_list import HandQuery
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand


def test_pages_chain_through_next_while_hands_are_opened(store_env: dict[str, str], tmp_path: Path) -> None:
    store = HandStore(store_env)
    try:
        models = ReadModels(store, tmp_path / "read.db")
        finished = store.open_hand("detroit", "north").id
        append_events(store, finished, random_hand(4, "detroit", "north"))
        opened = {str(store.open_hand("texas", "north").id) for _ in range(4)} | {str(finished)}
        models.catch_up()
        listed: list[str] = []
        query = HandQuery(limit=2)
        while True:
            page = list_hands(models.path, query, finished_only=False, sees_detected=True, secret=models.key)
            assert page["position"] == models.position()
            listed += [hand["id"] for hand in page["hands"]]
            if page["next"] is None:
                break
            if len(opened) < 9:
                opened |= {str(store.open_hand("chicago", "east").id) for _ in range(2)}
                models.catch_up()
            query = HandQuery(limit=2, cursor=page["next"])
        assert len(listed) == len(set(listed)) and set(listed) == opened
        anonymous = list_hands(
            models.path, HandQuery(), finished_only=True, sees_detected=False, secret=models.key
        )
        assert [hand["id"] for hand in anonymous["hands"]] == [str(finished)]
        texas = list_hands(
            models.path,
            HandQuery(ruleset="texas"),
            finished_only=False,
            sees_detected=True,
            secret=models.key,
        )
        assert len(texas["hands"]) == 4 and texas["next"] is None
        with pytest.raises(InvalidQuery) as refused:
            list_hands(
                models.path,
                HandQuery(cursor="nope"),
                finished_only=False,
                sees_detected=True,
                secret=models.key,
            )
        assert refused.value.member == "cursor"
    finally:
        store.close()


def test_a_read_model_file_from_before_sheet_hands_is_projected_again(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(store_env)
    try:
        models = ReadModels(store, tmp_path / "read.db")
        store.open_hand("texas", "north")
        models.catch_up()
        assert models.position() > 0
        with sqlite3.connect(models.path) as db:
            db.execute("drop table sheet_hands")
        again = ReadModels(store, tmp_path / "read.db")
        assert again.position() == 0
        assert again.catch_up() > 0 and again.position() == models.position()
        assert len(list_hands(again.path, HandQuery(), False, True, again.key)["hands"]) == 1
    finally:
        store.close()
