"""Officials' claims on calls, in the event store: one small log per call, beside the hands' logs.

A claim ("on my way to table 12") is a fact about an official, not about the hand or the sheet, so it
is not written into their logs (whose replay it would not change): a ``CallLog`` aggregate, whose id is
derived from the call's (``call_log_id``), records each claim as one event, with when and by whom,
through the same store, hash chain and notification log as every other log (the read models' position
moves with it, which is what the live queue follows). Nothing is ever edited: a claim is followed by
another fact, never changed: a release ("I can't go") or a handover to another official. Each is
judged on the log as it stands when it is recorded (under the log's lock, again on a conflict with
another process), so two officials can never both hold a call.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from adjudicator.adapters.eventlog import EventLog, now, recorded
from adjudicator.domain.calls import holder
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CallNotFound, CallNotHeld, ClaimRefused


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
    """Records claims and reads who holds a call."""

    aggregate_type = CallLog
    not_found = CallNotFound
    first_version = 1

    def claim(self, call_id: str, by: str, author: Author | None = None) -> None:
        """Record ``by``'s claim on the call (its first, or one after a release); ``ClaimRefused``
        if another official holds it now."""
        entry = {"type": "call_claimed", "call": call_id, "by": by}
        log_id = call_log_id(call_id)
        if not self.exists(log_id):
            self._start(CallLog(entry, now(), author.to_dict() if author else None))
            return

        def judge(view: CallLogView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
            held = view.claim()
            if held is not None and held[0] != by:
                raise ClaimRefused(f"call {call_id} is already claimed by {held[0]} (at {held[1]})")
            return [] if held is not None else _as_they_are(view, entries)

        self.record(log_id, [entry], None, author, judge)

    def release(self, call_id: str, by: str, reason: str | None, author: Author | None = None) -> None:
        """Record that ``by`` lets the call go ("I can't go"); ``CallNotHeld`` unless ``by`` holds it."""
        entry = {"type": "call_released", "call": call_id, "by": by}
        self._let_go(call_id, by, entry | ({"reason": reason} if reason else {}), author)

    def hand_over(self, call_id: str, by: str, to: str, author: Author | None = None) -> None:
        """Record that ``by`` hands the call to the official ``to`` (``CallNotHeld``: not ``by``'s)."""
        self._let_go(call_id, by, {"type": "call_handed_over", "call": call_id, "by": by, "to": to}, author)

    def _let_go(self, call_id: str, by: str, entry: dict[str, Any], author: Author | None) -> None:
        def judge(view: CallLogView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
            held = view.claim()
            if held is None or held[0] != by:
                who = held[0] if held else "nobody"
                raise CallNotHeld(f"call {call_id} is held by {who}, not by {by}: only its holder lets it go")
            return _as_they_are(view, entries)

        try:
            self.record(call_log_id(call_id), [entry], None, author, judge)
        except CallNotFound:
            raise CallNotHeld(f"call {call_id} is not claimed: nobody holds it") from None

    def claimed(self, call_id: str) -> tuple[str, str] | None:
        """Who holds the call and since when; None while nobody has claimed it."""
        try:
            return self.read(call_log_id(call_id), CallLogView.claim)
        except CallNotFound:
            return None

    def history(self, call_id: str) -> list[dict[str, Any]]:
        """The call's claims, releases and handovers, oldest first ([]: never claimed)."""
        try:
            return self.read(call_log_id(call_id), CallLogView.history)
        except CallNotFound:
            return []

    def _replay(self, aggregate: CallLog) -> CallLogView:
        return CallLogView(aggregate.id, aggregate)

    def _fast_forward(self, view: CallLogView, entry: dict[str, Any]) -> None:
        pass


def _as_they_are(view: CallLogView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A claim has no rules of its own to judge it by
    (``adjudicator.domain.calls.claim_refused`` is asked first)."""
    return [copy.deepcopy(dict(entry)) for entry in entries]
