"""How a rebuild reads logs: a chunk in one statement, decoded by the library's mapper, folded as the
library's ``mutate`` folds, and what it checks with and without ``verify``."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from adjudicator.adapters.aggregates import applied, fold
from adjudicator.adapters.chain import unchecked
from adjudicator.adapters.hand_store import Hand, HandStore
from adjudicator.adapters.heads import kind_of
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.streams import list_streams, select_streams
from adjudicator.adapters.tournament_store import TournamentLog, TournamentStore
from tests.integration.test_integrity import TAMPERS, Rows, _hand
from tests.integration.test_rebuild import fill
from tests.integration.v1_answers import FIXTURES


def mutated(events: list[Any]) -> Any:
    """The aggregate as the library makes it: every event's own ``mutate``."""
    aggregate = None
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


def _fields(record: StoredEvent) -> tuple[object, ...]:
    """A stored event's own fields (a ``ChainedEvent`` also says whether it followed the epoch)."""
    return (record.originator_id, record.originator_version, record.topic, record.state)


def same_streams(store: HandStore) -> None:
    """Every stream read in one statement is what the recorder reads stream by stream, and decodes
    and folds to the aggregate the library's own mapper and ``mutate`` make."""
    recorder = store.app.recorder
    streams = [stream for stream, _ in recorder.select_streams()]  # type: ignore[attr-defined]
    notifications = recorder.select_notifications(start=None, limit=10**9)
    listed = {(n.originator_id, kind_of(n.topic)) for n in notifications}
    assert sorted(list_streams(recorder)) == sorted(listed)  # every stream, as the library lists its records
    read = select_streams(recorder, streams)
    assert set(read) == set(streams)
    for stream in streams:
        records, head = read[stream]
        assert [_fields(r) for r in records] == [_fields(r) for r in recorder.select_events(stream)]
        assert records == recorder.select_stream(stream)[0]  # type: ignore[attr-defined]
        assert head == recorder.select_head(stream)  # type: ignore[attr-defined]
        events = unchecked(records, store.app.mapper.to_domain_event).events
        assert vars(fold(events)) == vars(mutated(events))


def test_the_old_fixture_store_reads_and_folds_as_the_library_does(tmp_path: Path) -> None:
    """``store-v1.db`` (written before the hash chain, under the old topics): both games, tournaments."""
    db = tmp_path / "events.db"
    shutil.copy(FIXTURES / "store-v1.db", db)
    store = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)})
    try:
        same_streams(store)
    finally:
        store.close()


def test_a_new_store_reads_and_folds_as_the_library_does(store_env: dict[str, str]) -> None:
    store = HandStore(store_env)
    try:
        fill(store)
        same_streams(store)
    finally:
        store.close()


def test_the_recorded_events_are_folded_directly_and_the_created_ones_by_mutate() -> None:
    assert applied(Hand.Recorded) and applied(TournamentLog.Recorded)
    assert not applied(Hand.Opened) and not applied(TournamentLog.Created)


def rebuilt(env: dict[str, str], path: Path, verify: bool) -> tuple[set[str], Any]:
    store = HandStore(env)
    try:
        read_models = ReadModels(store, path, TournamentStore(store))
        report = read_models.rebuild_report(workers=1, verify=verify)
        with sqlite3.connect(path) as db:
            return {row[0] for row in db.execute("select id from hands")}, report
    finally:
        store.close()


#: What each tampering does to a rebuild without ``verify``: the problem it is left out for, or None
#: (projected as it stands: only the hashes tell).
UNVERIFIED = {"edited": None, "deleted": "missing", "truncated": "truncated", "garbled": "undecodable"}


@pytest.mark.parametrize("tamper", list(TAMPERS))
def test_a_broken_log_is_left_out_and_reported_not_a_crash(
    tamper: str, store_env: dict[str, str], tmp_path: Path
) -> None:
    hand_id, _ = _hand(store_env)
    store = HandStore(store_env)
    intact = store.open_hand("detroit", "east").id
    store.close()
    record, problem = TAMPERS[tamper](Rows(store_env), hand_id)

    hands, report = rebuilt(store_env, tmp_path / "verified.db", verify=True)
    assert hands == {str(intact)} and report.skipped == 1 and report.verified
    assert f"stored record {record} (event {record - 1}) is {problem}" in report.reasons[0]

    hands, report = rebuilt(store_env, tmp_path / "fast.db", verify=False)
    assert str(intact) in hands and report.logs["tournaments"] == 1 and not report.verified
    if tamper in UNVERIFIED:
        expected = UNVERIFIED[tamper]
        if expected is None:
            assert hands == {str(intact), str(hand_id)} and report.skipped == 0
        else:
            assert hands == {str(intact)} and report.skipped == 1
            assert f"is {expected}" in report.reasons[0]
    else:  # swapped: its records decode in order; the replay takes them, or refuses them, but goes on
        assert report.skipped == len(report.reasons) == (0 if str(hand_id) in hands else 1)


def test_a_log_that_does_not_replay_is_left_out_unverified(
    sqlite_env: dict[str, str], tmp_path: Path
) -> None:
    """An edited record that decodes into an event the table refuses: reported, the others projected."""
    hand_id, _ = _hand(sqlite_env)
    rows = Rows(sqlite_env)
    rows.set_state(hand_id, 3, rows.state(hand_id, 3).replace(b'"type":"bid"', b'"type":"nonsense"', 1))
    hands, report = rebuilt(sqlite_env, tmp_path / "fast.db", verify=False)
    assert (
        hands == set()
        and report.skipped == 1
        and report.logs == {"hands": 0, "tournaments": 1, "call_claims": 0}
    )
    assert f"hand {hand_id}: stored record 3 (event 2) is impossible" in report.reasons[0]


def test_a_stream_missing_from_a_chunk_is_not_found(sqlite_env: dict[str, str]) -> None:
    store = HandStore(sqlite_env)
    try:
        assert select_streams(store.app.recorder, [UUID(int=1)]) == {}
        assert select_streams(store.app.recorder, []) == {}
    finally:
        store.close()
