"""Forgeries that keep every hash consistent: a record rewritten with its hashes and head recomputed
into an event the rules refuse, and a chained stream stripped of its hashes and its head. Each is
named, by the API (409, problem+json) and by ``adjudicator verify``, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adjudicator.adapters import chain
from adjudicator.adapters.hand_store import HandStore
from adjudicator.cli import main
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.e2e.conftest import HTTP, client_as, free_port, token
from tests.e2e.serving import ServeProcesses
from tests.integration.test_integrity import Rows

PLAYED = 20  # events of the hand: a deal, bids, a discard, a declaration and 13 plays
#: Event 15 is north's 7C; north played 6C at event 10: a card already played.
FORGED_EVENT, FORGED_CARD = 15, "6C"
READS = ("", "/events", "/state", "/state?at=3", "/rulings", "/score", "/record")


def _hand(env: dict[str, str]) -> UUID:
    store = HandStore(env)
    hand = store.open_hand("texas", "north")
    append_events(store, hand.id, random_hand(31, "texas", "north")[:PLAYED])
    store.close()
    return hand.id


def _rewrite(env: dict[str, str], stream: UUID, edit: Callable[[int, Any], None], hashes: bool) -> None:
    """Every record of the stream decoded, ``edit(version, event)``, and stored again: with its
    digest and chain recomputed and the head moved to match (``hashes``), or without any hash."""
    rows = Rows(env)
    store = HandStore(env)
    try:
        records, _ = store.app.recorder.select_stream(stream)  # type: ignore[attr-defined]
        prev = chain.GENESIS
        for record in records:
            event = store.app.mapper.to_domain_event(record)
            edit(record.originator_version, event)
            if hashes:
                content = chain.digest(event)
                prev = chain.link(prev, content, record.originator_version)
                object.__setattr__(event, "digest", content)
                object.__setattr__(event, "chain", prev)
            else:
                object.__setattr__(event, "digest", None)
                object.__setattr__(event, "chain", None)
            state = json.loads(store.app.mapper.to_stored_event(event).state)
            if not hashes:
                state.pop("digest", None)
                state.pop("chain", None)
            rows.set_state(stream, record.originator_version, json.dumps(state).encode())
    finally:
        store.close()
    with rows._sql() as (sql, table, key):
        heads = table.replace("hands_events", "hands_events_heads") if rows.postgres else "chain_heads"
        if hashes:
            sql(f"update {heads} set chain=? where originator_id=?", (prev, key(stream)))
        else:
            sql(f"delete from {heads} where originator_id=?", (key(stream),))


def _forge_play(version: int, event: Any) -> None:
    if version == FORGED_EVENT + 1:  # a hand's event N is its stored record N + 1
        object.__setattr__(event, "entry", {**event.entry, "card": FORGED_CARD})


def _verify(env: dict[str, str], monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return main(["verify", *args])


def _official(env: dict[str, str]) -> Any:
    app = create_app({"ADJUDICATOR_PERSISTENCE": env, "ADJUDICATOR_READ_MODELS": False})
    return app, client_as(app, token(app, "official", "Chief official"))


def test_a_log_whose_hashes_pass_but_which_does_not_replay_is_named(
    store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand_id = _hand(store_env)
    _rewrite(store_env, hand_id, _forge_play, hashes=True)

    assert _verify(store_env, monkeypatch) == 1
    err = capsys.readouterr().err
    record = FORGED_EVENT + 1
    assert f"hand {hand_id}: BROKEN at stored record {record} (event {FORGED_EVENT}): impossible" in err, err

    app, client = _official(store_env)
    try:
        for path in READS:
            reply = client.get(f"/hands/{hand_id}{path}")
            assert reply.status_code == 409, (path, reply.status_code, reply.get_data(as_text=True))
            assert reply.headers["Content-Type"] == "application/problem+json"
            body = reply.get_json()
            assert body["type"] == "urn:adjudicator:problem:integrity-error"
            assert (body["record"], body["event"], body["problem"]) == (record, FORGED_EVENT, "impossible")
        reply = client.post(
            f"/hands/{hand_id}/events", json={"type": "tech_call", "by": "east", "against": "north"}
        )
        assert reply.status_code == 409 and reply.get_json()["event"] == FORGED_EVENT
        for page in ("hands/{}", "hands/{}/moment?at=3", "record/{}", "record/{}/panel"):
            assert client.get("/console/" + page.format(hand_id)).status_code == 409, page
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()


def _strip(version: int, event: Any) -> None:
    if version == 3:  # event 2, east's bid, said to be recorded at another time
        object.__setattr__(event, "recorded_at", "2000-01-01T00:00:00+00:00")


def test_a_chained_stream_stripped_of_its_hashes_and_head_is_tampering_not_history(
    store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand_id = _hand(store_env)
    _rewrite(store_env, hand_id, _strip, hashes=False)

    assert _verify(store_env, monkeypatch) == 1
    err = capsys.readouterr().err
    assert f"hand {hand_id}: BROKEN at stored record 1 (event 0): edited: its hashes were removed" in err, err

    app, client = _official(store_env)
    try:
        for path in READS:
            reply = client.get(f"/hands/{hand_id}{path}")
            assert reply.status_code == 409, (path, reply.status_code, reply.get_data(as_text=True))
            assert (reply.get_json()["record"], reply.get_json()["problem"]) == (1, "edited")
        reply = client.post(
            f"/hands/{hand_id}/events", json={"type": "tech_call", "by": "east", "against": "north"}
        )
        assert reply.status_code == 409, reply.get_json()  # no legitimate append vouches for it
    finally:
        app.extensions["adjudicator.adapters.hand_store"].close()
    assert _verify(store_env, monkeypatch) == 1
    assert "chain intact" not in capsys.readouterr().out


def test_an_epoch_moved_past_a_hashed_record_is_named(
    store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Moving the epoch on would let stripped records pass as history: ``verify`` names it."""
    _hand(store_env)
    assert _verify(store_env, monkeypatch) == 0
    rows = Rows(store_env)
    with rows._sql() as (sql, table, _):
        epoch = table.replace("hands_events", "hands_events_epoch") if rows.postgres else "chain_epoch"
        sql(f"update {epoch} set notification_id = 1000")
    capsys.readouterr()
    assert _verify(store_env, monkeypatch) == 1
    err = capsys.readouterr().err
    assert "BROKEN: the store's chain epoch says records up to notification 1000 predate" in err


@pytest.mark.parametrize(
    ("forge", "hashes", "record", "problem"),
    [(_forge_play, True, FORGED_EVENT + 1, "impossible"), (_strip, False, 1, "edited")],
    ids=["does-not-replay", "stripped"],
)
def test_a_real_serve_names_each_forgery(
    store_env: dict[str, str],
    tmp_path: Path,
    forge: Callable[[int, Any], None],
    hashes: bool,
    record: int,
    problem: str,
) -> None:
    """Both forgeries read through ``adjudicator serve`` (granian, its front and worker): a 409
    naming the record on every read, never a 500 nor the forged record served."""
    hand_id = _hand(store_env)
    _rewrite(store_env, hand_id, forge, hashes=hashes)
    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path, port, **store_env)
        http = HTTP(port, processes.token)
        try:
            for path in READS:
                reply = http.get(f"/hands/{hand_id}{path}")
                assert reply.status == 409, (path, reply.status, reply.body)
                assert reply.headers["content-type"] == "application/problem+json"
                assert (reply.body["record"], reply.body["problem"]) == (record, problem), path
        finally:
            http.close()
    finally:
        processes.close()
