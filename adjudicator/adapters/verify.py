"""Verify every stream of the event store against its chain and head, replay it, and seal the
streams written before the chain existed (``adjudicator verify``, ``adjudicator verify --seal``).

Hashes say a record is the one written; only a replay says the log could have happened: a record
rewritten with its hashes and head recomputed passes the first check, not the second, so every
stream is replayed as its kind of log replays it (the rules' reason is printed: ``impossible``).

Sealing writes no event (the store stays append-only): for each stream without a recorded head
whose records carry no hashes, it records each record's computed chain (``seals``) and the stream's
head, as a trusted baseline. From then on an edit of one of those records, a deleted one or a
truncated stream is named like any other.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.adapters.aggregates import fold
from adjudicator.adapters.chain import Broken, Checked, Head, check, check_head, heads_digest
from adjudicator.adapters.event_store import EventStore
from adjudicator.adapters.eventlog import EventLog
from adjudicator.adapters.hand_store import Hand, HandStore
from adjudicator.adapters.heads import ChainRecorder
from adjudicator.adapters.integrity import IntegrityBroken
from adjudicator.adapters.player_store import PlayerRegistryLog, PlayerStore
from adjudicator.adapters.tournament_store import TournamentLog, TournamentStore
from adjudicator.service.errors import ServiceError
from adjudicator.service.ports import Report

#: What each kind of stream is called, and the number of its first event (a hand's opening is no
#: event). Importing the aggregates' modules also registers the topics of stores written before.
KINDS = {
    Hand.__name__: (HandStore.not_found.noun, HandStore.first_version),
    TournamentLog.__name__: (TournamentStore.not_found.noun, TournamentStore.first_version),
    PlayerRegistryLog.__name__: (PlayerStore.not_found.noun, PlayerStore.first_version),
}


@dataclass(frozen=True, slots=True)
class StreamReport:
    """One stream: what it is, how far it goes, and the first record that fails (if any)."""

    stream: UUID
    noun: str
    records: int
    chain: str | None
    broken: Broken | None = None
    unsealed: int = 0
    first_version: int = 0

    @property
    def ok(self) -> bool:
        return self.broken is None and self.unsealed == 0

    def line(self) -> str:
        where = f"{self.noun} {self.stream}"
        if self.broken is not None:
            b = self.broken
            event = b.version - 1 + self.first_version
            return f"{where}: BROKEN at stored record {b.version} (event {event}): {b.problem}: {b.detail}"
        if self.unsealed:
            return (
                f"{where}: {self.records} records, {self.unsealed} without hashes and not sealed "
                "(written before the chain): run `adjudicator verify --seal` once"
            )
        return f"{where}: {self.records} records, chain intact"


class NoHeads(ServiceError):
    def __init__(self) -> None:
        super().__init__("this event store keeps no chain heads (in-memory store?): nothing to verify")


def _recorder(store: EventStore) -> ChainRecorder:
    recorder = store.app.recorder
    if not isinstance(recorder, ChainRecorder):
        raise NoHeads
    return recorder


def _check(
    store: EventStore, recorder: ChainRecorder, stream: UUID, log: EventLog[Any] | None = None
) -> Checked:
    """The stream's records checked against their chain and head, then replayed by ``log``."""
    records, head = recorder.select_stream(stream)
    checked = check(records, store.app.mapper.to_domain_event, lambda: recorder.select_seals(stream))
    check_head(checked, head)
    if log is not None and checked.events:
        try:
            log.view_of(fold(checked.events))
        except IntegrityBroken as refused:
            raise Broken(refused.record, refused.problem, refused.reason or str(refused)) from None
    return checked


def _logs(store: EventStore) -> Mapping[str, EventLog[Any]]:
    """Each kind of stream's log, to replay it with."""
    return {
        Hand.__name__: HandStore(store),
        TournamentLog.__name__: TournamentStore(store),
        PlayerRegistryLog.__name__: PlayerStore(store),
    }


def verify(store: EventStore, only: Collection[UUID] = ()) -> list[StreamReport]:
    """Every stream (or those of ``only``) checked, in id order; a stream whose every record was
    deleted is found by its head."""
    recorder = _recorder(store)
    kinds = dict(recorder.select_streams())
    for stream in recorder.select_heads():
        kinds.setdefault(stream, "stream")
    reports = []
    logs = _logs(store)
    for stream in sorted(only or kinds, key=str):
        kind = kinds.get(stream, "")
        noun, first = KINDS.get(kind, ("stream", 0))
        try:
            checked = _check(store, recorder, stream, logs.get(kind))
        except Broken as broken:
            reports.append(StreamReport(stream, noun, 0, None, broken, first_version=first))
            continue
        reports.append(
            StreamReport(stream, noun, checked.version, checked.chain, None, checked.unsealed, first)
        )
    return reports


def epoch_problem(store: EventStore) -> str | None:
    """What is wrong with the store's epoch (``adjudicator.adapters.heads``), if anything: moved past a
    record stored with hashes, every record up to it passes as written before the chain."""
    epoch, first_hashed = _recorder(store).select_epoch()
    if first_hashed is None or (epoch is not None and epoch < first_hashed):
        return None
    said = "is missing" if epoch is None else f"says records up to notification {epoch} predate the chain"
    return f"the store's chain epoch {said}, but notification {first_hashed} has hashes: it was moved"


def read_model_problems(store: EventStore, path: Path | None = None) -> list[str]:
    """Every row of the read models (``path``, by default the store's file) whose seal fails
    (``readmodels.sealing``): a row edited, added or moved since the projector wrote it. A file sealed
    by another secret (or before the seals) is not served, and projected again when a server starts."""
    import sqlite3

    from adjudicator.adapters.readmodels import PROJECTIONS, default_read_db_path
    from adjudicator.adapters.readmodels.sealing import fingerprint, forged_rows, sealed_by
    from adjudicator.adapters.readmodels.tables import Table

    path = path or default_read_db_path(HandStore(store))
    if not path.exists():
        return []
    key = store.secret()
    tables: list[Table] = [t for p in PROJECTIONS for t in (p.main, *p.children) if t.sealed]
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        if sealed_by(db) != fingerprint(key):
            return []
        return [
            f"read models {path}: the {table} row of {key_values} does not match its seal (edited)"
            for table, key_values in forged_rows(db, tables, key)
        ]


def digest(reports: Collection[Report]) -> str:
    """One hash of every intact stream's length and last chain: write it on the score sheet; a later
    ``verify`` printing another figure means the store changed (or lost a whole stream) since."""
    return heads_digest({r.stream: Head(r.records, r.chain) for r in reports if r.broken is None})


def seal(store: EventStore) -> tuple[list[UUID], list[StreamReport]]:
    """Seal every stream without a head: (the streams sealed, the broken ones left unsealed)."""
    recorder = _recorder(store)
    heads = recorder.select_heads()
    sealed: list[UUID] = []
    refused: list[StreamReport] = []
    for stream, kind in sorted(recorder.select_streams(), key=lambda s: str(s[0])):
        if stream in heads:
            continue
        noun, first = KINDS.get(kind, ("stream", 0))
        records, _ = recorder.select_stream(stream)
        try:
            checked = check(records, store.app.mapper.to_domain_event)  # no head: no seals either
            check_head(checked, None)
        except Broken as broken:
            refused.append(StreamReport(stream, noun, 0, None, broken, first_version=first))
            continue
        recorder.insert_seals(stream, checked.unhashed, Head(checked.version, checked.chain))
        sealed.append(stream)
    return sealed, refused


@dataclass(frozen=True, slots=True)
class StoreAudit:
    """The port ``service.ports.Audit`` on one event store (``bootstrap`` makes it)."""

    store: EventStore

    def verify(self, only: Collection[UUID] = ()) -> list[StreamReport]:
        return verify(self.store, only)

    def seal(self) -> tuple[list[UUID], list[StreamReport]]:
        return seal(self.store)

    def epoch_problem(self) -> str | None:
        return epoch_problem(self.store)

    def read_model_problems(self) -> list[str]:
        return read_model_problems(self.store)

    def digest(self, reports: Collection[Report]) -> str:
        return digest(reports)
