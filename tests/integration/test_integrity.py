"""Tampering with a real store (a SQLite file, a PostgreSQL table): ``adjudicator verify`` and the API
both name the broken record; the store keeps each stream's head in the append's own transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.cli import main
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.e2e.conftest import client_as, token

EVENTS = 8  # a hand's events: stored records 2 to 9 (record 1 opens the hand)


class Rows:
    """The stored events of one backend, by (stream, version), edited behind the service's back."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.postgres = env["PERSISTENCE_MODULE"].endswith("postgres")

    @contextmanager
    def _sql(self) -> Iterator[tuple[Callable[..., Any], str, Callable[[UUID], object]]]:
        if self.postgres:
            import psycopg

            dsn = f"host=127.0.0.1 port=5432 dbname=test user={self.env['POSTGRES_USER']}"
            with psycopg.connect(dsn, autocommit=True) as conn:
                table = f"{self.env['POSTGRES_SCHEMA']}.hands_events"

                def sql(query: str, params: Any = ()) -> Any:
                    cursor = conn.execute(query.replace("?", "%s"), params)
                    return cursor.fetchall() if cursor.description else []

                yield sql, table, (lambda u: u)
        else:
            conn = sqlite3.connect(self.env["SQLITE_DBNAME"], isolation_level=None)
            try:
                yield (lambda q, p=(): conn.execute(q, p).fetchall()), "stored_events", (lambda u: u.hex)
            finally:
                conn.close()

    def state(self, stream: UUID, version: int) -> bytes:
        with self._sql() as (sql, table, key):
            rows = sql(
                f"select state from {table} where originator_id=? and originator_version=?",
                (key(stream), version),
            )
            return bytes(rows[0][0])

    def set_state(self, stream: UUID, version: int, state: bytes) -> None:
        with self._sql() as (sql, table, key):
            sql(
                f"update {table} set state=? where originator_id=? and originator_version=?",
                (state, key(stream), version),
            )

    def delete(self, stream: UUID, version: int) -> None:
        with self._sql() as (sql, table, key):
            sql(f"delete from {table} where originator_id=? and originator_version=?", (key(stream), version))


def _edit(rows: Rows, stream: UUID) -> tuple[int, str]:
    state = json.loads(rows.state(stream, 4))
    state["recorded_at"] = "2000-01-01T00:00:00+00:00"
    rows.set_state(stream, 4, json.dumps(state).encode())
    return 4, "edited"


def _delete_middle(rows: Rows, stream: UUID) -> tuple[int, str]:
    rows.delete(stream, 5)
    return 5, "missing"


def _truncate(rows: Rows, stream: UUID) -> tuple[int, str]:
    rows.delete(stream, EVENTS + 1)
    rows.delete(stream, EVENTS)
    return EVENTS, "truncated"


def _swap(rows: Rows, stream: UUID) -> tuple[int, str]:
    third, fourth = rows.state(stream, 3), rows.state(stream, 4)
    rows.set_state(stream, 3, fourth)
    rows.set_state(stream, 4, third)
    return 3, "out of order"


def _garble(rows: Rows, stream: UUID) -> tuple[int, str]:
    rows.set_state(stream, 6, b'{"entry": {"type": "bid", "se')
    return 6, "undecodable"


TAMPERS = {
    "edited": _edit,
    "deleted": _delete_middle,
    "truncated": _truncate,
    "swapped": _swap,
    "garbled": _garble,
}


def _hand(env: dict[str, str]) -> tuple[UUID, UUID]:
    """A hand of EVENTS events and a tournament beside it, in the store ``env`` names."""
    store = HandStore(env)
    hand = store.open_hand("texas", "north")
    append_events(store, hand.id, random_hand(31, "texas", "north")[:EVENTS])
    tournaments = TournamentStore(store)
    tournament = tournaments.create({"type": "tournament_created", "ruleset": "detroit", "name": "Spring"})
    store.close()
    return hand.id, tournament.id


def _verify(env: dict[str, str], monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return main(["verify", *args])


@pytest.mark.parametrize("tamper", list(TAMPERS))
def test_verify_and_the_api_name_the_broken_record(
    tamper: str,
    store_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand_id, tournament_id = _hand(store_env)
    assert _verify(store_env, monkeypatch) == 0
    capsys.readouterr()
    record, problem = TAMPERS[tamper](Rows(store_env), hand_id)

    assert _verify(store_env, monkeypatch) == 1
    out, err = capsys.readouterr()
    assert f"hand {hand_id}: BROKEN at stored record {record} (event {record - 1}): {problem}" in err, err
    assert f"tournament {tournament_id}: 1 records, chain intact" in out
    assert _verify(store_env, monkeypatch, "--tournament", str(tournament_id)) == 0

    app = create_app({"ADJUDICATOR_PERSISTENCE": store_env, "ADJUDICATOR_READ_MODELS": False})
    client = client_as(app, token(app, "official", "Chief official"))
    for path in ("", "/events", "/state", "/state?at=1", "/rulings", "/score"):
        reply = client.get(f"/hands/{hand_id}{path}")
        assert reply.status_code == 409, (path, reply.get_json())
        body = reply.get_json()
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert body["type"] == "urn:adjudicator:problem:integrity-error"
        assert (body["record"], body["problem"]) == (record, problem)
    reply = client.post(
        f"/hands/{hand_id}/events", json={"type": "tech_call", "by": "east", "against": "north"}
    )
    assert reply.status_code == 409
    assert client.get(f"/tournaments/{tournament_id}").status_code == 200
    app.extensions["adjudicator.adapters.hand_store"].close()


def test_a_stream_deleted_whole_is_found_by_its_head(
    sqlite_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand_id, _ = _hand(sqlite_env)
    rows = Rows(sqlite_env)
    for version in range(1, EVENTS + 2):
        rows.delete(hand_id, version)
    assert _verify(sqlite_env, monkeypatch) == 1
    # Its kind went with its records: the head names a stream.
    assert (
        f"stream {hand_id}: BROKEN at stored record 1 (event 0): truncated: records 1 to 9 are missing"
        in (capsys.readouterr().err)
    )
    app = create_app({"ADJUDICATOR_PERSISTENCE": sqlite_env, "ADJUDICATOR_READ_MODELS": False})
    assert (
        client_as(app, token(app, "official")).get(f"/hands/{hand_id}").get_json()["problem"] == "truncated"
    )
    app.extensions["adjudicator.adapters.hand_store"].close()


def test_heads_follow_every_append_of_a_group_commit(store_env: dict[str, str]) -> None:
    """Concurrent appends to several hands share commits; every head ends where its stream does."""
    import threading

    store = HandStore(store_env)
    hands = [store.open_hand("texas", "north").id for _ in range(6)]
    events = random_hand(32, "texas", "north")[:12]

    def play(hand_id: UUID) -> None:
        for event in events:
            append_events(store, hand_id, [event])

    threads = [threading.Thread(target=play, args=(hand_id,)) for hand_id in hands]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    heads = store.app.recorder.select_heads()  # type: ignore[attr-defined]
    for hand_id in hands:
        assert heads[hand_id].version == len(events) + 1
        last = json.loads(store.app.recorder.select_events(hand_id, desc=True, limit=1)[0].state)
        assert heads[hand_id].chain == last["chain"]
    from adjudicator.adapters.verify import verify

    assert all(report.ok for report in verify(store.events))
    store.close()


def test_the_read_models_project_the_other_logs_past_a_broken_one(sqlite_env: dict[str, str]) -> None:
    from adjudicator.adapters.readmodels import ReadModels

    broken, tournament = _hand(sqlite_env)
    store = HandStore(sqlite_env)
    intact = store.open_hand("detroit", "east").id
    store.close()
    _delete_middle(Rows(sqlite_env), broken)
    store = HandStore(sqlite_env)
    read_db = sqlite_env["SQLITE_DBNAME"] + ".read"
    try:
        read_models = ReadModels(store, read_db, TournamentStore(store))
        assert read_models.catch_up() > 0
        with sqlite3.connect(read_db) as db:
            hands = {row[0] for row in db.execute("select id from hands")}
            tournaments = {row[0] for row in db.execute("select id from tournaments")}
    finally:
        store.close()
    assert str(intact) in hands and str(broken) not in hands
    assert str(tournament) in tournaments
