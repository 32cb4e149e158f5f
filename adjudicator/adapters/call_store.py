"""Officials' claims on calls, in the event store: one small log per call, beside the hands' logs.

A claim ("on my way to table 12") is a fact about an official, not about the hand or the sheet, so it
is not written into their logs (whose replay it would not change): a ``CallLog`` aggregate, whose id is
derived from the call's (``call_log_id``), records each claim as one event, with when and by whom,
through the same store, hash chain and notification log as every other log (the read models' position
moves with it, which is what the live queue follows). Nothing is ever edited: a claim is followed by
another fact, never changed: a release ("I can't go") or a handover to another official. Each is
judged by the domain (``adjudicator.domain.officials_queue.judged``, handed in by the use case) on the
log as it stands when it is recorded (under the log's lock, again on a conflict with another
process), so two officials can never both hold a call.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.eventlog import EventLog, now, recorded
from adjudicator.domain.officials_queue import holder
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CallNotFound

#: The domain's judgement of a fact on a call's claims as they stand: what to record (``judged``).
Decide = Callable[[Sequence[Mapping[str, Any]]], Sequence[Mapping[str, Any]]]


class CallLog(Aggregate):
    """The claims on one call, the first being the one that created it."""

    @event("Created")
    def __init__(
        self,
        entry: dict[str, Any],
        recorded_at: str,
        author: dict[str, str] | None = None,
        digest: str | None = None,
        chain: str | None = None,
    ) -> None:
        self.log: list[dict[str, Any]] = [
            {"entry": entry, "recorded_at": recorded_at, "author": author, "id": None}
        ]

    record = event("Recorded")(recorded)

    @staticmethod
    def create_id(entry: dict[str, Any]) -> UUID:
        """One log per call: a second first claim conflicts at commit."""
        return call_log_id(str(entry["call"]))


def call_log_id(call_id: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"adjudicator:call:{call_id}")


@dataclass(slots=True)
class CallLogView:
    id: UUID
    aggregate: CallLog

    @property
    def version(self) -> int:
        return len(self.aggregate.log)

    def history(self) -> list[dict[str, Any]]:
        """Every claim, release and handover, oldest first, each with when it was recorded."""
        return [{**item["entry"], "at": item["recorded_at"]} for item in self.aggregate.log]

    def claim(self) -> tuple[str, str] | None:
        """Who holds the call now and since when (None: released)."""
        return holder(self.history())


class CallStore(EventLog[CallLogView]):
    """Records an official's claims, releases and handovers, and reads a call's (the ``ClaimLogs``
    port). It judges nothing itself: what to record is the domain's judgement, handed in."""

    aggregate_type = CallLog
    not_found = CallNotFound
    first_version = 1

    def history(self, call_id: str) -> list[dict[str, Any]]:
        """The call's claims, releases and handovers, oldest first ([]: never claimed)."""
        try:
            return self.read(call_log_id(call_id), CallLogView.history)
        except CallNotFound:
            return []

    def add(self, call_id: str, decide: Decide, author: Author | None = None) -> None:
        """Record what ``decide`` makes of the call's history as it stands, under the log's lock: the
        first fact starts the call's log; a first one that another official's beat to the store
        (another process's) is decided again on the log that one started."""
        log_id = call_log_id(call_id)
        if not self.exists(log_id):
            facts = decide([])
            if not facts:
                return
            (first,) = facts  # the domain records one fact at a time
            try:
                self._start(CallLog(dict(first), now(), author.to_dict() if author else None))
                return
            except IntegrityError:  # another official's first fact was committed meanwhile
                pass
        self.record(log_id, lambda view: decide(view.history()), None, author, _as_they_are)

    def _replay(self, aggregate: CallLog) -> CallLogView:
        return CallLogView(aggregate.id, aggregate)

    def _fast_forward(self, view: CallLogView, entry: dict[str, Any]) -> None:
        pass


def _as_they_are(view: CallLogView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What ``decide`` said, recorded as it is (the domain judged it on the view it was given)."""
    return [copy.deepcopy(dict(entry)) for entry in entries]
