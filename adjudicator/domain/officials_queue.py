"""The officials' queue: the calls for an official, what a table asked of the officials, read from the
facts already recorded, and the rules of an official's claim on one.

A *queued call* is a table's call for an official ("Director, please!"): named apart from a player's
call at the table that may bring it (``adjudicator.domain.records.TableCall``, ruled on in
``adjudicator.domain.rulings``) and from a match called to a table by the director
(``adjudicator.domain.tournaments.match_calling``). The API keeps the officials' word, ``/calls``.

A call needs an official when the record alone cannot settle it: a renege call waiting for its proof,
a tech or conduct call waiting for the official's finding, a remedy the official chooses, a score
one team disputed (all ``pending`` rulings with the call that brought them), a record conflict (the
table's record against the concealed cards as recorded: made by the event that conflicts, until a
correction settles it), and a dispute filed on a match sheet until it is ruled. Where the rulebook
brings an official to the table at any renege call (Texas Technical, Cardtel's Techs), a renege call
the recorded deal proves as it is made is a call too, ruled at the moment it was made
(``settled_by_the_record``): the officials see it, with its time to ruling. Nothing here is
stored: a hand's calls are found by replaying its log event by event from its first call; a call
is *open* from the event that made it pending, *ruled* at the event after which it no longer is
(the finding, the choice, the proof, the correction, the dispute's ruling).
Claiming one ("on my way to table 12") is an official's own recorded fact, kept in a claim log of the
call's own beside the hand's (``adjudicator.adapters.call_store``): ``judged`` decides what a claim, a
release or a handover records, on the claims as they stand (``claim_refused``, ``release_refused``,
``handover_refused`` say why one cannot be).

A call's id names where it was made: ``<hand id>@<event>`` for a hand's, ``<tournament id>@<dispute>``
for a sheet's dispute, so that it is the same id however often it is derived.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Final, Literal

from adjudicator.domain.cards import Seat
from adjudicator.domain.rulebooks import Ruleset, get_ruleset
from adjudicator.domain.rulings import FROM_THE_RECORD, Ruling, rulings
from adjudicator.domain.table import Table

Status = Literal["open", "claimed", "ruled"]
STATUSES: Final[tuple[Status, ...]] = ("open", "claimed", "ruled")
#: The hand events that may bring an official: a hand without any has no call to derive.
CALLING: Final = frozenset({"renege_call", "tech_call", "score_confirmation"})


@dataclass(frozen=True, slots=True)
class QueuedCall:
    """One call for an official (a queued call): where it was made, about what, and when it was made
    and ruled."""

    id: str
    kind: str
    ruleset: str
    made_at: str
    hand: str | None = None
    event: int | None = None  # the hand's event that made the call (the replay's moment)
    seat: Seat | None = None  # who called
    against: str | None = None  # the seat, or the team, the call is against
    tournament: str | None = None
    match: str | None = None
    table: int | None = None
    label: str | None = None
    detail: str = ""
    citations: tuple[str, ...] = ()
    ruled_at: str | None = None
    ruled_event: int | None = None
    claimed_by: str | None = None
    claimed_at: str | None = None
    rulings: tuple[str, ...] = field(default=())
    #: Every claim, release and handover, oldest first (``claim_history``): facts, never edited.
    claims: tuple[Mapping[str, Any], ...] = field(default=())

    @property
    def status(self) -> Status:
        if self.ruled_at is not None:
            return "ruled"
        return "claimed" if self.claimed_by is not None else "open"

    def claimed(
        self, by: str | None, at: str | None, history: Sequence[Mapping[str, Any]] = ()
    ) -> QueuedCall:
        return replace(self, claimed_by=by, claimed_at=at, claims=tuple(history))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": self.status,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "event": self.event,
            "seat": self.seat,
            "against": self.against,
            "tournament": self.tournament,
            "match": self.match,
            "table": self.table,
            "label": self.label,
            "detail": self.detail,
            "citations": list(self.citations),
            "rulings": list(self.rulings),
            "made_at": self.made_at,
            "claimed_by": self.claimed_by,
            "claimed_at": self.claimed_at,
            "ruled_at": self.ruled_at,
            "ruled_event": self.ruled_event,
            "claims": [dict(c) for c in self.claims],
        }


def hand_calls(
    hand: str,
    ruleset: str,
    dealer: Seat,
    entries: Sequence[Mapping[str, Any]],
    recorded_at: Sequence[str],
    label: str | None = None,
    conflicted: bool = False,
) -> list[QueuedCall]:
    """The calls of one hand's log (``entries``, each recorded at ``recorded_at``), in order made.
    ``conflicted``: whether its record may have conflicted with its concealed cards at some moment
    (its table notes a conflict, or a correction may have settled one): then every event may make a
    call, not only the calling ones."""
    first = next((n for n, e in enumerate(entries, start=1) if e.get("type") in CALLING), None)
    if conflicted:
        first = 1
    if first is None:
        return []
    rules = get_ruleset(ruleset)
    table = Table(rules, dealer)
    found: dict[int, QueuedCall] = {}
    for n, entry in enumerate(entries, start=1):
        table.apply(entry, "noted")
        if n < first:
            continue
        pending: dict[int, list[Ruling]] = {}
        current = rulings(table)
        for ruling in current:
            by = _made_by(ruling)
            if by is not None:
                pending.setdefault(by, []).append(ruling)
        if rules.renege_call_brings_official and n not in found:
            settled = [r for r in current if _settled_by_the_record(r, n)]
            if settled:
                found[n] = _settled_call(hand, rules, entries[n - 1], recorded_at[n - 1], n, settled, label)
        for event, waiting in pending.items():
            if event not in found:
                made = entries[event - 1]
                found[event] = QueuedCall(
                    id=f"{hand}@{event}",
                    kind=waiting[0].kind,
                    ruleset=ruleset,
                    made_at=recorded_at[event - 1],
                    hand=hand,
                    event=event,
                    seat=made.get("by"),
                    against=made.get("against") or waiting[0].seat,
                    label=label,
                    detail=waiting[0].detail,
                    citations=tuple(f"{c.document} {c.section}" for c in waiting[0].citations),
                    rulings=tuple(r.id for r in waiting),
                )
        for event, call in found.items():
            if call.ruled_at is None and event not in pending:
                found[event] = replace(call, ruled_at=recorded_at[n - 1], ruled_event=n)
    return list(found.values())


def _settled_by_the_record(ruling: Ruling, n: int) -> bool:
    """Whether ``ruling`` is a renege the call at event ``n`` established at once, on the record alone."""
    called = ruling.called_by or {}
    return (
        ruling.kind == "renege"
        and ruling.status == "established"
        and called.get("event") == n == ruling.settled_at
    )


def _settled_call(
    hand: str,
    rules: Ruleset,
    made: Mapping[str, Any],
    at: str,
    n: int,
    settled: list[Ruling],
    label: str | None,
) -> QueuedCall:
    """A renege call the record settled as it was made, where the rulebook still brings an official
    to the table: ruled at the moment it was made (``settled_by_the_record``), so the officials see it
    and its time to ruling."""
    citations = (*settled[0].citations, *rules.cite("renege-call-stops-play"))
    return QueuedCall(
        id=f"{hand}@{n}",
        kind="renege",
        ruleset=rules.id,
        made_at=at,
        hand=hand,
        event=n,
        seat=made.get("by"),
        against=made.get("against") or settled[0].seat,
        label=label,
        detail=settled[0].detail,
        citations=tuple(dict.fromkeys(f"{c.document} {c.section}" for c in citations)),
        ruled_at=at,
        ruled_event=n,
        rulings=tuple(r.id for r in settled),
    )


def settled_by_the_record(call: QueuedCall) -> bool:
    """A call ruled at the very event that made it: the record settled it, no official's ruling."""
    return call.ruled_event is not None and call.ruled_event == call.event and call.hand is not None


def _made_by(ruling: Ruling) -> int | None:
    """The event that made the call ``ruling`` waits on an official for, if it does."""
    if ruling.status != "pending":
        return None
    if ruling.called_by is not None:
        return int(ruling.called_by["event"])
    return ruling.event if ruling.kind in FROM_THE_RECORD else None


def dispute_calls(
    tournament: str, ruleset: str, events: Iterable[Mapping[str, Any]], tables: Mapping[str, int]
) -> list[QueuedCall]:
    """The disputes filed on a tournament's sheets (its ``events``, as listed), each ruled or not;
    ``tables``: the table each match is played at."""
    found: dict[str, QueuedCall] = {}
    for event in events:
        dispute = str(event.get("dispute"))
        if event.get("type") == "dispute_filed":
            match = str(event["match"])
            found[dispute] = QueuedCall(
                id=f"{tournament}@{dispute}",
                kind="sheet_dispute",
                ruleset=ruleset,
                made_at=str(event["recorded_at"]),
                against=event.get("team"),
                tournament=tournament,
                match=match,
                table=tables.get(match),
                detail=str(event.get("detail") or "a dispute filed on the match's sheet"),
                event=int(event["version"]),
            )
        elif event.get("type") == "dispute_ruled" and dispute in found:
            found[dispute] = replace(
                found[dispute], ruled_at=str(event["recorded_at"]), ruled_event=int(event["version"])
            )
    return list(found.values())


def claim_refused(call: QueuedCall, by: str) -> str | None:
    """Why ``by`` cannot claim ``call``, in words; None when the claim is to be recorded. A claim by
    the official who already holds the call is no new fact (recorded once)."""
    if call.status == "ruled":
        return f"call {call.id} was already ruled at {call.ruled_at}: nobody needs to go to the table"
    if call.claimed_by is not None and call.claimed_by != by:
        return f"call {call.id} is already claimed by {call.claimed_by} (at {call.claimed_at})"
    return None


#: What an official's claim on a call may be followed by: a release ("I can't go"), a handover.
CLAIM_EVENTS: Final = ("call_claimed", "call_released", "call_handed_over")


def holder(history: Iterable[Mapping[str, Any]]) -> tuple[str, str] | None:
    """Who holds a call after its claims' ``history`` (each with ``type``, ``by``, ``to``, ``at``)
    and since when; None when nobody does (never claimed, or released)."""
    held: tuple[str, str] | None = None
    for fact in history:
        if fact["type"] == "call_claimed":
            held = (str(fact["by"]), str(fact["at"]))
        elif fact["type"] == "call_released":
            held = None
        elif fact["type"] == "call_handed_over":
            held = (str(fact["to"]), str(fact["at"]))
    return held


def release_refused(call: QueuedCall, by: str) -> str | None:
    """Why ``by`` cannot release (or hand over) ``call``, in words; None when it may: only the
    official who holds a call that is still waiting lets it go."""
    if call.status == "ruled":
        return f"call {call.id} was already ruled at {call.ruled_at}: there is no claim to let go"
    if call.claimed_by is None:
        return f"call {call.id} is not claimed: nobody holds it"
    if call.claimed_by != by:
        return f"call {call.id} is held by {call.claimed_by}, not by {by}: only its holder lets it go"
    return None


def handover_refused(call: QueuedCall, by: str, to: str) -> str | None:
    """Why ``by`` cannot hand ``call`` to ``to`` (an official: the caller checks), in words."""
    refused = release_refused(call, by)
    if refused is None and to == by:
        return f"call {call.id} is already {by}'s"
    return refused


class Refused(Exception):
    """An official's claim, release or handover that cannot be recorded (nothing is): ``fact`` is its
    type (``call_claimed``: the call is someone else's or ruled; else: not the official's to let go)."""

    def __init__(self, fact: str, why: str) -> None:
        super().__init__(why)
        self.fact = fact


def judged(
    call: QueuedCall, fact: Mapping[str, Any], history: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """What an official's ``fact`` on ``call`` (its ``type`` one of ``CLAIM_EVENTS``, ``by``, a
    handover's ``to``) records, judged on the call's claims as ``history`` has them now (the claim
    log, under its lock): the fact itself, or nothing for a claim by the official who holds the call
    already; ``Refused`` with the reason when it cannot be recorded."""
    by, at = holder(history) or (None, None)
    now = call.claimed(by, at, history)
    kind, who = str(fact["type"]), str(fact["by"])
    if kind == "call_claimed":
        refused = claim_refused(now, who)
    elif kind == "call_released":
        refused = release_refused(now, who)
    elif kind == "call_handed_over":
        refused = handover_refused(now, who, str(fact["to"]))
    else:
        raise ValueError(f"{kind!r} is not an official's claim, release or handover")
    if refused is not None:
        raise Refused(kind, refused)
    return [] if kind == "call_claimed" and now.claimed_by == who else [dict(fact)]


@dataclass(frozen=True, slots=True)
class TimeToRuling:
    """How long calls waited for their ruling: how many were ruled, the median and the worst (seconds)."""

    ruled: int
    median: float | None
    worst: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"ruled": self.ruled, "median_seconds": self.median, "worst_seconds": self.worst}


def time_to_ruling(calls: Iterable[QueuedCall]) -> TimeToRuling:
    """From each ruled call's making to its ruling."""
    waits = [
        (datetime.fromisoformat(c.ruled_at) - datetime.fromisoformat(c.made_at)).total_seconds()
        for c in calls
        if c.ruled_at is not None
    ]
    if not waits:
        return TimeToRuling(0, None, None)
    return TimeToRuling(len(waits), statistics.median(waits), max(waits))
