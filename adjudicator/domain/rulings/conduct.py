"""Rulings on conduct tech calls: pending until the official's finding, then established or dismissed.

The penalty is the governing rulebook's remedy for the infraction named (``Ruleset.remedies``): a loss
of hand, or the official's choice of loss of hand or no penalty; it falls on the accused seat's team.
"""

from __future__ import annotations

from adjudicator.domain.cards import team_of
from adjudicator.domain.records import FindingRecord, TableCall
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings.ruling import Ruling, Status, effect, penalty_text


def conduct_ruling(ruleset: Ruleset, call: TableCall, finding: FindingRecord | None) -> Ruling:
    """The ruling on one conduct call of the opponents, as the official's finding (if any) settles it."""
    assert call.infraction is not None
    remedy = ruleset.remedy(call.infraction)
    what = call.infraction.replace("_", " ")
    detail = f"{call.by} called a tech ({what}) on {call.against} of {team_of(call.against)}"
    if call.note:
        detail += f": {call.note!r}"
    rules: tuple[str, ...] = (call.infraction.replace("_", "-"),)
    status: Status = "pending"
    if finding is None:
        detail += "; the official has not yet ruled"
    elif not finding.upheld:
        status = "dismissed"
        detail += f"; the official dismissed the call at event {finding.event}"
    else:
        status = "established"
        detail += f"; the official upheld the call at event {finding.event}"
        if finding.option is not None:
            detail += f" and chose {finding.option.replace('_', ' ')}"
    option = finding.option if finding is not None else None
    lost = remedy.kind == "loss_of_hand" or option == "loss_of_hand"
    if status == "established" and lost:
        rules += ("loss-of-hand",)
    return Ruling(
        id=f"{call.infraction}@{call.event}",
        kind=call.infraction,
        seat=call.against,
        event=call.event,
        book=None,
        status=status,
        detail=detail,
        penalty=penalty_text(ruleset, remedy),
        citations=ruleset.cite(*rules),
        effect=effect(remedy, option, team_of(call.against)) if status == "established" else None,
        options=remedy.options if remedy.kind == "choice" else (),
        choice=(
            {"event": finding.event, "option": finding.option, "by": "official"}
            if finding is not None and finding.option is not None
            else None
        ),
        called_by={"seat": call.by, "event": call.event},
        settled_at=finding.event if finding is not None and status == "established" else None,
    )
