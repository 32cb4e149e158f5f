"""The officials' queue over a real store: calls derived from the read models, claims recorded as events."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.readmodels.calls import QueueRows
from adjudicator.adapters.readmodels.claims import claims as projected_claims
from adjudicator.adapters.readmodels.sealing import Forged
from adjudicator.service.calls import Calls
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CallNotFound, CallNotHeld, ClaimRefused
from adjudicator.service.hands import append_events
from adjudicator.service.results import HandFacts
from adjudicator.service.sight import FULL, Reader, Sight
from adjudicator.simulation.hands import random_hand

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": seat, "bid": bid}
    for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
]
CALL = {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"}


def queue_of(store: HandStore, read_models: ReadModels) -> Calls:
    """The queue as ``adjudicator.bootstrap`` builds it, over these read models and this store."""
    return Calls(QueueRows(read_models.path, read_models.key), read_models.tournaments, CallStore(store))


@contextmanager
def a_call_waiting(
    store_env: dict[str, str], tmp_path: Path, label: str
) -> Iterator[tuple[HandStore, ReadModels, Calls, str]]:
    """A store, its read models and queue, and a tech call made at the hand labelled ``label``, projected."""
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        hand = store.open_hand("detroit", "west", label=label).id
        append_events(store, hand, [*BIDS, CALL])
        read_models.catch_up()
        yield store, read_models, queue_of(store, read_models), f"{hand}@5"
    finally:
        store.close()


def test_a_call_is_queued_claimed_once_and_closed_by_the_finding(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        calls = queue_of(store, read_models)
        hand = store.open_hand("detroit", "west", label="Table 12").id
        append_events(store, hand, [*BIDS, CALL])
        before = calls.position()
        read_models.catch_up()
        assert calls.position() > before
        (call,) = calls.listed(None, status=["open"])
        assert (call.id, call.label, call.kind) == (f"{hand}@5", "Table 12", "talking_the_game")

        claimed = calls.claim(call.id, "Ann")
        assert (claimed.status, claimed.claimed_by) == ("claimed", "Ann")
        assert calls.claim(call.id, "Ann").claimed_at == claimed.claimed_at  # no new fact
        with pytest.raises(ClaimRefused, match="already claimed by Ann"):
            calls.claim(call.id, "Bob")
        with pytest.raises(CallNotFound):
            calls.claim(f"{hand}@4", "Bob")
        read_models.catch_up()
        assert calls.position() > before + 5  # the claim moved the position the stream follows

        append_events(store, hand, [{"type": "finding", "call": 5, "finding": "upheld"}])
        read_models.catch_up()
        assert calls.listed(None, status=["open", "claimed"]) == []
        (ruled,) = calls.listed(None, status=["ruled"])
        assert ruled.claimed_by == "Ann" and ruled.ruled_event == 6
        with pytest.raises(ClaimRefused, match="already ruled"):
            calls.claim(call.id, "Bob")
    finally:
        store.close()


def test_the_queue_reads_claims_from_their_read_model_released_and_handed_over(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    """A refresh of the queue reads the claims' rows (one query), not each call's log: a claim is
    listed once projected, with its history; a rebuild gives the same rows."""
    with a_call_waiting(store_env, tmp_path, "Table 12") as (_, read_models, calls, call):
        calls.claim(call, "Ann")
        calls.release(call, "Ann", "called away")
        assert calls.claim(call, "Bob").claimed_by == "Bob"  # a write answers from the call's log
        (unprojected,) = calls.listed(None)
        assert (unprojected.status, unprojected.claims) == ("open", ())  # the list: not yet projected

        read_models.catch_up()
        (listed,) = calls.listed(None)
        assert (listed.status, listed.claimed_by) == ("claimed", "Bob")
        assert [(c["type"], c["by"], c.get("reason")) for c in listed.claims] == [
            ("call_claimed", "Ann", None),
            ("call_released", "Ann", "called away"),
            ("call_claimed", "Bob", None),
        ]
        rows = projected_claims(read_models.path, read_models.key)
        assert rows[call][:2] == ("Bob", listed.claimed_at)

        with sqlite3.connect(read_models.path) as db:  # the row gone, the call's log as it was
            db.execute("delete from call_claims")
        assert calls.listed(None)[0].claimed_by is None  # the list reads the rows, not the log
        with pytest.raises(ClaimRefused, match="already claimed by Bob"):
            calls.claim(call, "Cy")  # a write judges on the call's own log
        read_models.rebuild()
        assert projected_claims(read_models.path, read_models.key) == rows
        assert calls.listed(None)[0].claims == listed.claims

        with sqlite3.connect(read_models.path) as db:  # a row edited behind the projector's back
            db.execute("update call_claims set history = replace(history, 'Bob', 'Cy')")
        with pytest.raises(Forged):
            calls.listed(None)


def test_a_call_at_a_tables_hand_names_its_table_before_the_hand_is_on_a_sheet(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    """A hand opened by a table's scorekeeper is that table's from its opening: its call says so
    while the hand is in play, not only once it goes on the match's sheet."""
    with a_call_waiting(store_env, tmp_path, "Table 4") as (store, read_models, calls, call):
        assert calls.claim(call, "Ann").claimed_by == "Ann"  # the write answers from the call's log
        assert calls.listed(None)[0].status == "open"  # the list: from the read model, not yet there
        read_models.catch_up()
        assert calls.listed(None)[0].claimed_by == "Ann"

        assert calls.hand_over(call, "Ann", "Bob").claimed_by == "Bob"
        with pytest.raises(CallNotHeld, match="held by Bob, not by Ann"):
            calls.release(call, "Ann")
        released = calls.release(call, "Bob", "called away")
        assert (released.status, released.claimed_by) == ("open", None)
        read_models.catch_up()
        (listed,) = calls.listed(None)
        assert listed.status == "open" and listed.claims == released.claims
        assert [(c["type"], c["by"]) for c in listed.claims] == [
            ("call_claimed", "Ann"),
            ("call_handed_over", "Ann"),
            ("call_released", "Bob"),
        ]
        rows = projected_claims(read_models.path, read_models.key)
        read_models.rebuild()
        assert projected_claims(read_models.path, read_models.key) == rows
        assert calls.claim(call, "Cy").claimed_by == "Cy"  # open again: anyone may claim it

        tournament = "3f0c8a52-5a8e-4d0e-9d59-0c1f1b5b6a01"
        scope = {"tournament": tournament, "table": 7}
        hand = store.open_hand("detroit", "west", label="Cup, R1-T7, hand 1", scope=scope).id
        append_events(store, hand, [*BIDS, CALL])
        read_models.catch_up()
        (at_table,) = calls.listed(None, tournament=tournament, status=["open"])
        assert (at_table.table, at_table.match) == (7, None)


def test_the_queue_decides_what_a_reader_sees_on_the_hands_own_facts(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    """The queue asks the reader on the facts the hand's own pages use: who entered its deal and the
    scope its log records, not only who opened it (a scorekeeper who typed the deal reads its call's
    cards in the queue as on the hand's page; the hand's table is the one its log names)."""
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        calls = queue_of(store, read_models)
        keeper = Author("Recorder", "scorekeeper")
        scope = {"tournament": "5b1e9a0c-2f4d-4c6b-8a3e-7d9f1c2b3a40", "table": 7}
        hand = store.open_hand("detroit", "west", label="Table 7", author=keeper, scope=scope).id
        deal = random_hand(7, "detroit", "west")[:1]
        call = {"type": "tech_call", "by": "north", "against": "east", "infraction": "talking_the_game"}
        append_events(store, hand, [*deal, call], author=keeper)
        read_models.catch_up()
        asked: list[HandFacts] = []

        def decide(facts: HandFacts) -> Sight:
            asked.append(facts)
            return FULL

        (listed,) = calls.all(Reader(decide))
        assert listed.id == f"{hand}@2"
        (facts,) = asked
        assert facts.in_play and facts.dealt_by == keeper.to_dict() and facts.opened_by == keeper.to_dict()
        assert facts.scope == scope
    finally:
        store.close()


def test_a_page_of_the_queue_reads_each_call_with_its_claim_in_one_query(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    """The hands' calls come from the read models with their claims joined (no second query for
    them, on a connection kept for the thread); before its tables are made, the queue is empty."""
    with a_call_waiting(store_env, tmp_path, "Table 9") as (_, read_models, calls, call):
        calls.claim(call, "Ann")
        read_models.catch_up()
        rows = QueueRows(read_models.path, read_models.key)
        ((found, facts),) = rows.hand_calls()
        assert (found.id, found.claimed_by, found.status) == (call, "Ann", "claimed")
        assert [c["by"] for c in found.claims] == ["Ann"] and facts.in_play
        ((again, _),) = rows.hand_calls(hand=call.partition("@")[0])
        assert again == found

    assert QueueRows(tmp_path / "nothing-yet.db", b"key").hand_calls() == []
