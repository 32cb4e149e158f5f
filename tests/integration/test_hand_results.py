"""A hand's stored replay result (``hand_results``) answers its reads exactly as its replay does.

``GET /hands/{id}``, ``/rulings`` and ``/score`` of a hand the process has not cached are served from
the result the read models stored, when its head and engine are still the store's and this code's:
the same status, ETag and body, byte for byte, as the replay gives, for every reader (an official,
the table's own scorekeeper, another table's, a viewer, anyone without a credential) and for hands
in play (concealment applies) and finished, on SQLite and PostgreSQL. Anything else falls back to
the replay: an append the read models have not projected yet, another engine, a cut-off log.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.integrity import IntegrityBroken
from adjudicator.adapters.readmodels import ReadModels, hand_results
from adjudicator.adapters.verify import seal
from adjudicator.service import hands as use
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_euchre_hand, random_hand, reneging_hand
from api import create_app
from tests.e2e.conftest import client_as, token
from tests.integration.test_integrity import Rows
from tests.integration.v1_answers import FIXTURES

TOURNAMENT = "6f1c7f26-3d4e-4f8e-9a59-4f7c5c1f0a11"
PATHS = ("", "/rulings", "/score")
#: (ruleset, dealer, events): hands in play (one with a renege the table has not called, so that
#: concealment hides a ruling) and finished, of both games.
HANDS = (
    ("texas", "north", reneging_hand(3)),
    ("detroit", "east", random_hand(4, "detroit", "east")[:20]),
    ("texas", "north", random_hand(5, "texas", "north")),
    ("ontario", "west", random_euchre_hand(6, "west")[:15]),
    ("ontario", "west", random_euchre_hand(7, "west")),
    ("chicago", "south", []),
)


@pytest.fixture
def served(store_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[Flask, HandStore]]:
    """The app on ``store_env`` with its cache off (every read is cold) and its read models on."""
    store = HandStore(store_env, cache_bytes=0)
    app = create_app(
        {
            "ADJUDICATOR_PERSISTENCE": store_env,
            "ADJUDICATOR_STORE": store,
            "ADJUDICATOR_READ_DB": str(tmp_path / "read.db"),
        }
    )
    yield app, store
    app.extensions["adjudicator.read_models"].stop()
    app.extensions["adjudicator.credentials"].close()
    store.close()


def _replies(clients: dict[str, Any], hands: list[str]) -> dict[tuple[str, str, str], tuple[Any, ...]]:
    replies = {}
    for name, client in clients.items():
        for hand in hands:
            for path in PATHS:
                reply = client.get(f"/hands/{hand}{path}")
                replies[name, hand, path] = (reply.status_code, reply.headers.get("ETag"), reply.data)
    return replies


def test_every_reader_reads_the_stored_result_as_the_replay(
    served: tuple[Flask, HandStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, store = served
    official = client_as(app, token(app, "official"))
    tournament = official.post("/tournaments", json={"ruleset": "detroit", "name": "Open"}).get_json()["id"]
    made_public = official.post(f"/tournaments/{tournament}/board", json={"public": True})
    assert made_public.status_code == 201  # a private tournament's hands are not for everyone
    keeper = client_as(app, token(app, "scorekeeper", "Table 5", tournament, 5))
    hands = []
    for ruleset, dealer, events in HANDS:
        hand = keeper.post("/hands", json={"ruleset": ruleset, "dealer": dealer}).get_json()["id"]
        assert keeper.post(f"/hands/{hand}/events", json=events).status_code == 201 or not events
        hands.append(hand)
    clients = {
        "official": official,
        "keeper": keeper,
        "other table": client_as(app, token(app, "scorekeeper", "Table 6", tournament, 6)),
        "viewer": client_as(app, token(app, "viewer")),
        "anonymous": client_as(app, None),
    }
    read_models: ReadModels = app.extensions["adjudicator.read_models"]
    read_models.serve_results(False)
    read_models.catch_up()
    replayed = _replies(clients, hands)

    read_models.serve_results()
    assert all(store.stored_result(UUID(hand)) is not None for hand in hands)
    with monkeypatch.context() as patched:  # not one of these reads replays
        patched.setattr(store, "read", lambda *args, **kwargs: pytest.fail("the hand was replayed"))
        stored = _replies(clients, hands)
    assert stored == replayed
    # what was compared: concealment in play, refusals, and finished hands read by everyone
    in_play, renege = hands[0], "/rulings"
    assert replayed["viewer", in_play, renege][2] != replayed["official", in_play, renege][2]
    # the table's own scorekeeper sees the cards, not a ruling nobody has called (an official's alone)
    assert replayed["keeper", in_play, renege][2] != replayed["official", in_play, renege][2]
    assert replayed["keeper", in_play, renege][2] == replayed["viewer", in_play, renege][2]
    assert {replayed["anonymous", in_play, path][0] for path in PATHS} == {401}
    assert {replayed["anonymous", hands[2], path][0] for path in PATHS} == {200}


def test_a_result_is_served_only_while_the_head_and_the_engine_are_its_own(
    store_env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = HandStore(store_env, cache_bytes=0)
    try:
        hand = store.open_hand("texas", "north").id
        events = random_hand(8, "texas", "north")
        append_events(store, hand, events[:30])
        read_models = ReadModels(store, tmp_path / "read.db")
        read_models.catch_up()
        read_models.serve_results()
        assert store.stored_result(hand) is not None
        assert use.rulings(store, hand)[0] == 30

        append_events(store, hand, events[30:31])  # not projected yet: the replay answers, at the new version
        assert store.stored_result(hand) is None
        assert use.score(store, hand)[0] == use.hand(store, hand)["version"] == 31
        read_models.catch_up()
        assert store.stored_result(hand) is not None

        with monkeypatch.context() as patched:  # another engine's result is never served...
            patched.setattr(hand_results, "engine", lambda: "another engine")
            assert store.stored_result(hand) is None
            assert use.rulings(store, hand)[0] == 31
            # ...and a read-model file holding one is projected again from the start
            assert ReadModels(store, read_models.path).position() == 0

        monkeypatch.setattr(store, "is_cached", lambda log_id: True)
        assert store.stored_result(hand) is None  # a cached hand is read from the cache
    finally:
        store.close()


def test_a_log_cut_off_under_its_stored_result_is_refused_as_before(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(store_env, cache_bytes=0)
    try:
        hand = store.open_hand("texas", "north").id
        append_events(store, hand, random_hand(9, "texas", "north")[:12])
        read_models = ReadModels(store, tmp_path / "read.db")
        read_models.catch_up()
        read_models.serve_results()
        assert store.stored_result(hand) is not None
        Rows(store_env).delete(hand, 13)  # the last record: its head stays, the log is shorter
        assert store.stored_result(hand) is None
        with pytest.raises(IntegrityBroken, match="truncated"):
            use.rulings(store, hand)
    finally:
        store.close()


def test_with_read_models_off_nothing_is_served_from_them(tmp_path: Path) -> None:
    app = create_app(
        {
            "ADJUDICATOR_PERSISTENCE": {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(tmp_path / "events.db"),
            },
            "ADJUDICATOR_READ_MODELS": False,
        }
    )
    store: HandStore = app.extensions["adjudicator.adapters.hand_store"]
    try:
        assert store.results is None
        client = client_as(app, token(app, "official"))
        hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
        assert client.get(f"/hands/{hand}/rulings").get_json() == {"rulings": []}
    finally:
        app.extensions["adjudicator.credentials"].close()
        store.close()


def test_an_older_read_model_file_gains_the_results_and_serves_them(tmp_path: Path) -> None:
    """``read-models-v1.db`` (written by older code, without ``hand_results``) over ``store-v1.db``
    (written before the chain: no heads, so nothing vouches for a result until it is sealed)."""
    shutil.copy(FIXTURES / "store-v1.db", tmp_path / "events.db")
    shutil.copy(FIXTURES / "read-models-v1.db", tmp_path / "events.read.db")
    store = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")},
        cache_bytes=0,
    )
    try:
        read_models = ReadModels(store, tmp_path / "events.read.db")
        assert read_models.position() == 0  # the new table is filled by projecting everything again
        read_models.catch_up()
        with sqlite3.connect(read_models.path) as db:
            hands = [UUID(row[0]) for row in db.execute("select id from hands")]
            assert db.execute("select count(*) from hand_results").fetchone()[0] == len(hands) > 0

        def answers() -> list[tuple[Any, ...]]:
            return [(use.hand(store, h), use.rulings(store, h), use.score(store, h)) for h in hands]

        replayed = answers()
        read_models.serve_results()
        assert all(store.stored_result(hand) is None for hand in hands)  # no heads yet
        seal(store.events)
        assert all(store.stored_result(hand) is not None for hand in hands)
        assert answers() == replayed
    finally:
        store.close()


def test_a_stored_result_keeps_the_scope_its_log_records(
    served: tuple[Flask, HandStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An official's hand in play, scoped to table 5 by a later ``scoped`` event: its stored result
    gives table 5's scorekeeper the sight the replay gives (the scope read from the log, not from
    the opener's credential, which has none)."""
    app, store = served
    official = client_as(app, token(app, "official"))
    hand = official.post("/hands", json={"ruleset": "detroit", "dealer": "east"}).get_json()["id"]
    assert (
        official.post(f"/hands/{hand}/events", json=random_hand(4, "detroit", "east")[:20]).status_code == 201
    )
    scope = {"type": "scoped", "tournament": TOURNAMENT, "table": 5}
    assert official.post(f"/hands/{hand}/events", json=scope).status_code == 201
    clients = {
        "keeper": client_as(app, token(app, "scorekeeper", "Table 5", TOURNAMENT, 5)),
        "other table": client_as(app, token(app, "scorekeeper", "Table 6", TOURNAMENT, 6)),
    }
    read_models: ReadModels = app.extensions["adjudicator.read_models"]
    read_models.serve_results(False)
    read_models.catch_up()
    replayed = _replies(clients, [hand])
    assert replayed["keeper", hand, ""][1] != replayed["other table", hand, ""][1]  # two sights
    read_models.serve_results()
    assert store.stored_result(UUID(hand)) is not None
    with monkeypatch.context() as patched:
        patched.setattr(store, "read", lambda *args, **kwargs: pytest.fail("the hand was replayed"))
        assert _replies(clients, [hand]) == replayed
