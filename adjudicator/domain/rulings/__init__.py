"""Rulings: what the governing rulebook makes of every infraction in a replayed hand.

Rulings are a function of the record alone (the infractions, suspicions, calls and choices the
replay noted), so of the event log alone. ``Ruling`` and its statuses are in ``ruling``, renege proof
in ``proof``, table calls that establish nothing in ``table_calls``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import team_of
from adjudicator.domain.events import CONDUCT_INFRACTIONS
from adjudicator.domain.records import HandRecord, Infraction, Suspicion, TableCall
from adjudicator.domain.rulings.conduct import conduct_ruling
from adjudicator.domain.rulings.conflicts import (
    FROM_THE_RECORD,
    RECORD_CONFLICT,
    conflict_ruling,
    result_conflict,
)
from adjudicator.domain.rulings.disputes import dispute_ruling
from adjudicator.domain.rulings.proof import resolve
from adjudicator.domain.rulings.ruling import DECISIVE, Ruling, Status, effect, penalty_text
from adjudicator.domain.rulings.table_calls import false_call, idle_tech_call, own_team_call, repeat_call

__all__ = [
    "DECISIVE",
    "FROM_THE_RECORD",
    "RECORD_CONFLICT",
    "Ruling",
    "Status",
    "decision",
    "penalty_text",
    "rulings",
]


def rulings(table: HandRecord) -> list[Ruling]:
    """Every ruling the governing rulebook gives on the hand as recorded so far, in event order."""
    ruleset = table.ruleset
    reneges: list[Infraction] = [i for i in table.infractions if i.kind == "renege"]
    open_suspicions: list[Suspicion] = []
    if table.contract is not None:
        for suspicion in table.suspicions:
            proof, settled = resolve(table, suspicion, table.contract)
            if proof is not None:
                rules = suspicion.rules
                if not all(card.is_joker for card in proof.cards):  # it could follow suit
                    rules = tuple(r for r in rules if r != "renege-joker-play")
                reneges.append(
                    Infraction(
                        "renege",
                        suspicion.seat,
                        suspicion.event,
                        suspicion.detail,
                        (*rules, "renege-proof"),
                        ruleset.remedy("renege"),
                        book=suspicion.book,
                        proof=proof.text,
                    )
                )
            elif not settled:
                open_suspicions.append(suspicion)
    reneges.sort(key=lambda i: i.event)

    called: dict[int, TableCall] = {}  # id() of infraction -> the call that brought its penalty
    extra: list[Ruling] = []
    pending: dict[int, TableCall] = {}  # id() of suspicion -> call
    others = [i for i in table.infractions if i.kind != "renege"]
    callable_ = sorted([*reneges, *(i for i in others if i.remedy.needs_call)], key=lambda i: i.event)
    for call in table.calls:
        if team_of(call.by) == team_of(call.against):
            extra.append(own_team_call(ruleset, call))
            continue
        if call.infraction in CONDUCT_INFRACTIONS:  # the official's finding settles it, not the cards
            extra.append(conduct_ruling(ruleset, call, table.findings.get(call.event)))
            continue
        accused = team_of(call.against)
        # Any call brings the official to the table: it establishes every callable infraction of the
        # accused team so far (a tech call may name one kind), renege or not.
        matches = [
            i
            for i in callable_
            if i.team == accused and i.event < call.event and call.infraction in (None, i.kind)
        ]
        fresh = [i for i in matches if id(i) not in called]
        for infraction in fresh:
            called[id(infraction)] = call
        if fresh:
            continue
        if matches:
            extra.append(repeat_call(ruleset, call, called[id(matches[0])]))
            continue
        if call.kind == "renege":
            # A suspicion waits on the call that names its seat: a call on East is no call on West.
            waiting = [
                s
                for s in open_suspicions
                if s.seat == call.against and s.event < call.event and id(s) not in pending
            ]
            if waiting:
                for suspicion in waiting:
                    pending[id(suspicion)] = call
                continue
            extra.append(false_call(ruleset, call))
        else:
            extra.append(idle_tech_call(ruleset, call))

    result: list[Ruling] = []
    for infraction in sorted(reneges + others, key=lambda i: i.event):
        result.append(_ruling(table, infraction, called.get(id(infraction))))
    for suspicion in open_suspicions:
        waiting_call = pending.get(id(suspicion))
        if waiting_call is not None:
            call = waiting_call
            result.append(
                Ruling(
                    id=f"renege@{suspicion.event}",
                    kind="renege",
                    seat=suspicion.seat,
                    event=suspicion.event,
                    book=suspicion.book,
                    status="pending",
                    detail=f"{suspicion.detail}; called by {call.by} at event {call.event}, "
                    "not yet proven: a later play or an inspection of the hand will settle it",
                    penalty=penalty_text(ruleset, ruleset.remedy("renege")),
                    citations=ruleset.cite(*suspicion.rules, "renege-proof"),
                    called_by={"seat": call.by, "event": call.event},
                )
            )
    result.extend(extra)
    result.extend(
        dispute_ruling(ruleset, c, table.findings.get(c.event)) for c in table.confirmations if c.disputed
    )
    result.extend(conflict_ruling(ruleset, conflict) for conflict in table.conflicts)
    mismatch = result_conflict(ruleset, table) if table.result is not None else None
    if mismatch is not None:
        result.append(mismatch)
    result.sort(key=lambda r: (r.event, r.id))
    _decide(result)
    for correction in table.corrections:  # a ruling on a corrected record says so
        for ruling in result:
            if ruling.event >= correction.target:
                ruling.notes.append(correction.note())
    return result


def _ruling(table: HandRecord, infraction: Infraction, call: TableCall | None) -> Ruling:
    ruleset, remedy = table.ruleset, infraction.remedy
    status: Status = "established"
    settled_at: int | None = infraction.event
    option: str | None = None
    choice: dict[str, Any] | None = None
    rules = infraction.rules
    if remedy.needs_call:
        if call is None:
            status, settled_at = "detected", None
        else:
            settled_at = call.event
            if table.hand_over and table.plays and call.event > table.plays[-1].event:
                rules += ("renege-call-window",)
            if remedy.kind == "choice" and infraction.choice is None:  # called: the official decides
                status, settled_at = "pending", None
    if remedy.kind == "choice" and status == "established":
        if infraction.choice is None:
            status, settled_at = "detected", None
        else:
            settled_at, option, by = infraction.choice
            choice = {"event": settled_at, "option": option, "by": by}
    if remedy.kind == "loss_of_hand" or option in ("loss_of_hand", "take_bid_value"):
        rules += ("loss-of-hand",)
    if remedy.kind == "no_effect":
        status = "dismissed"
    return Ruling(
        id=infraction.id,
        kind=infraction.kind,
        seat=infraction.seat,
        event=infraction.event,
        book=infraction.book,
        status=status,
        detail=infraction.detail,
        penalty=penalty_text(ruleset, remedy),
        citations=ruleset.cite(*rules),
        proof=infraction.proof,
        effect=effect(remedy, option, infraction.team) if status == "established" else None,
        options=remedy.options if remedy.kind == "choice" else (),
        choice=choice,
        called_by={"seat": call.by, "event": call.event} if call else None,
        settled_at=settled_at if status == "established" else None,
    )


def _decide(result: list[Ruling]) -> None:
    """The first established loss of hand or redeal decides the hand; later ones say so."""
    decisive = sorted(
        (r for r in result if r.effect and r.effect["type"] in DECISIVE),
        key=lambda r: (r.settled_at or 0, r.event),
    )
    for later in decisive[1:]:
        later.notes.append(f"the hand had already been decided by {decisive[0].id}")


def decision(result: list[Ruling]) -> Ruling | None:
    """The ruling that decided the hand before its play was done, if any."""
    decisive = [r for r in result if r.effect and r.effect["type"] in DECISIVE]
    return min(decisive, key=lambda r: (r.settled_at or 0, r.event), default=None)
