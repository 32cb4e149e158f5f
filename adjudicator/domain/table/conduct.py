"""Conduct techs: a call the cards cannot prove, and the official's finding that settles it.

MATRIX.md "Bid Whist: conduct techs and concessions": talking the game or signalling, going through
or reopening turned books, looking at the kitty before the bidding is over, a wrong count of cards at
the end of the hand. The opponents call it (a ``tech_call`` naming it, with an optional note); the
official records a ``finding`` (upheld or dismissed, with the penalty chosen where the rulebook leaves
it to the official); only an upheld call brings the penalty (``adjudicator.domain.rulings.conduct``).
"""

from __future__ import annotations

from adjudicator.domain.cards import team_of
from adjudicator.domain.events import CONDUCT_INFRACTIONS, Finding, IllegalEvent, TechCall
from adjudicator.domain.records import FindingRecord, TableCall
from adjudicator.domain.table.state import TableState


def tech_call(table: TableState, event: TechCall, n: int) -> None:
    infraction = event.infraction
    if infraction in CONDUCT_INFRACTIONS and infraction not in table.ruleset.remedies:
        raise IllegalEvent(
            f"{table.ruleset.id} has no conduct tech {infraction.replace('_', ' ')!r}", "infraction"
        )
    table.calls.append(TableCall(n, "tech", event.by, event.against, infraction, event.note))


def awaiting_findings(table: TableState) -> list[TableCall]:
    """The conduct calls of opponents the official has not yet ruled on."""
    return [
        call
        for call in table.calls
        if call.infraction in CONDUCT_INFRACTIONS
        and team_of(call.by) != team_of(call.against)
        and call.event not in table.findings
    ]


def finding(table: TableState, event: Finding, n: int) -> None:
    call = next((c for c in table.calls if c.event == event.call), None)
    if call is None or call.infraction not in CONDUCT_INFRACTIONS:
        waiting = [c.event for c in awaiting_findings(table)]
        raise IllegalEvent(
            f"event {event.call} is not a conduct tech call; calls awaiting a finding: {waiting or 'none'}",
            "call",
        )
    if team_of(call.by) == team_of(call.against):
        raise IllegalEvent(
            f"the call at event {call.event} is on the caller's own team: only the opponents may call it",
            "call",
        )
    not_yet_found(table, call.event, "call")
    upheld = event.finding == "upheld"
    remedy = table.ruleset.remedy(call.infraction)
    if not upheld and event.option is not None:
        raise IllegalEvent("a dismissed call carries no penalty: leave option out", "option")
    if upheld and remedy.kind == "choice":
        if event.option not in remedy.options:
            raise IllegalEvent(
                f"the penalty is the official's choice: option must be one of {', '.join(remedy.options)}",
                "option",
            )
    elif upheld and event.option not in (None, remedy.kind):
        raise IllegalEvent(f"the rulebook's penalty is {remedy.kind.replace('_', ' ')}: no option", "option")
    table.findings[call.event] = FindingRecord(n, call.event, upheld, event.option if upheld else None)


def not_yet_found(table: TableState, event: int, what: str) -> None:
    """A call or dispute is found once: a second finding is a correction of the first's record."""
    earlier = table.findings.get(event)
    if earlier is not None:
        raise IllegalEvent(
            f"the {what} at event {event} was already found at event {earlier.event}: "
            "correct that record instead",
            "call",
        )
