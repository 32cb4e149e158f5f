"""A read-model file written before the queue's indexes and the tournaments' ``disputes`` column
(``tests/fixtures/read-models-v2.db``: ``ReadModels.rebuild()`` of ``store-v1.db`` by the code of
commit 84a4cc9) gets the indexes on opening, and its reshaped ``tournaments`` table is filled again,
equal to a rebuild; an index alone is added to the rows there are, with nothing projected again."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import sqlite_utils

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.calls import CALLS
from tests.integration.test_read_models_v1_file import columns, dump
from tests.integration.v1_answers import FIXTURES

NEW_INDEXES = {("calls", "idx_calls_made_at_id"), ("call_claims", "idx_call_claims_call")}


def indexes(path: Path) -> set[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        found = db.execute("select tbl_name, name from sqlite_master where type = 'index'").fetchall()
    return {(table, name) for table, name in found if not name.startswith("sqlite_autoindex")}


def test_an_older_file_gets_the_queues_indexes_and_is_refilled(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "store-v1.db", tmp_path / "events.db")
    old = tmp_path / "events.read.db"
    shutil.copy(FIXTURES / "read-models-v2.db", old)
    assert not NEW_INDEXES & indexes(old) and "disputes" not in columns(old, "tournaments")
    store = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    )
    try:
        read_models = ReadModels(store, old)
        assert indexes(old) >= NEW_INDEXES and "disputes" in columns(old, "tournaments")
        assert read_models.position() == 0  # the reshaped table is empty: everything is projected again
        assert read_models.catch_up() == store.app.recorder.max_notification_id()
        fresh = ReadModels(store, tmp_path / "fresh.db")
        fresh.rebuild()
        assert dump(old) == dump(fresh.path) and dump(old)["tournaments"]
        assert indexes(old) == indexes(fresh.path)
    finally:
        store.close()


def test_an_index_alone_is_made_on_the_rows_there_are(tmp_path: Path) -> None:
    db = sqlite_utils.Database(tmp_path / "read.db")
    db.table(CALLS.name).create(dict(CALLS.columns), pk=CALLS.pk)
    db.conn.execute("insert into calls values ('h', 'h@1', 'open', 't', null, '{}')")
    assert CALLS.ensure(db) is False  # the rows stay: nothing to project again
    db.conn.commit()
    assert db.execute("select count(*) from calls").fetchone() == (1,)
    assert {("calls", "idx_calls_status"), ("calls", "idx_calls_made_at_id")} <= indexes(tmp_path / "read.db")
    plan = " ".join(
        str(row) for row in db.execute("explain query plan select * from calls order by made_at, id limit 5")
    )
    assert "idx_calls_made_at_id" in plan and "TEMP B-TREE" not in plan
