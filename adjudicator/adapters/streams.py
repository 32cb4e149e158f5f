"""Many streams' records and heads read in one statement: how a rebuild reads a chunk of logs.

Reading logs one at a time costs a statement per log (on PostgreSQL a round trip, and the
library's transaction around each read on SQLite): about a sixth of a rebuild's time when it read
each log through ``EventLog.read``. A rebuild knows up front which logs it reads, so it reads a
chunk's records in one statement, ordered by stream and version, each row with its stream's head
joined on: records and heads as they stood together, even while other processes append (a head read
in a second statement could be ahead of the records read in the first, which would look like a
truncated stream).

The two recorders this project keeps heads with (``adjudicator.adapters.heads``) each have their SQL
(``ChainRecorder.select_rows``), so this module imports no database driver; any other recorder (the
library's in-memory one) is read stream by stream, through its own ``select_events``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from adjudicator.adapters.chain import Head
from adjudicator.adapters.heads import ChainedEvent, ChainRecorder, Row

#: A stream's records, in version order, and its recorded head (None: the store keeps none for it).
Stream = tuple[list[StoredEvent], Head | None]


def select_streams(recorder: Any, streams: Sequence[UUID]) -> dict[UUID, Stream]:
    """The records and head of each of ``streams`` (a stream with no record is left out)."""
    if not streams:
        return {}
    if isinstance(recorder, ChainRecorder):
        return _grouped(recorder.select_rows(streams))
    read: dict[UUID, Stream] = {}
    for stream in streams:
        records = list(recorder.select_events(stream))
        if records:
            read[stream] = (records, None)
    return read


def list_streams(recorder: ChainRecorder) -> list[tuple[UUID, str]]:
    """Every stream with a stored record, and its kind (``ChainRecorder.select_streams``)."""
    return recorder.select_streams()


def _grouped(rows: Iterable[Row]) -> dict[UUID, Stream]:
    """The rows, ordered by stream, as each stream's records and head."""
    read: dict[UUID, Stream] = {}
    key: Any = None
    records: list[StoredEvent] = []
    for raw_id, version, topic, state, head_version, head_chain, after_epoch in rows:
        if raw_id != key:
            key = raw_id
            stream = raw_id if isinstance(raw_id, UUID) else UUID(raw_id)
            records = []
            read[stream] = (records, Head(head_version, head_chain) if head_version is not None else None)
        state = state if isinstance(state, bytes) else bytes(state)  # PostgreSQL: a memoryview
        records.append(ChainedEvent(stream, version, topic, state, bool(after_epoch)))
    return read
