"""Rulings on a disputed score: pending until the official's finding, then established or dismissed.

A dispute penalises no one: an upheld one is put right by the official's correction of the record.
Its citations are the governing rulebook's dispute procedure (its tournament format's ``dispute``).
"""

from __future__ import annotations

from adjudicator.domain.cards import team_of
from adjudicator.domain.records import Confirmation, FindingRecord
from adjudicator.domain.rulebooks import TOURNAMENT_FORMATS, Ruleset
from adjudicator.domain.rulings.ruling import Ruling, Status

PENALTY = "none: an upheld dispute is put right by the official's correction of the record"


def dispute_ruling(ruleset: Ruleset, dispute: Confirmation, finding: FindingRecord | None) -> Ruling:
    detail = f"{dispute.by} of {team_of(dispute.by)} disputed the score"
    if dispute.note:
        detail += f": {dispute.note!r}"
    status: Status = "pending"
    if finding is None:
        detail += "; the official has not yet ruled"
    elif finding.upheld:
        status = "established"
        detail += f"; the official upheld the dispute at event {finding.event}"
    else:
        status = "dismissed"
        detail += f"; the official dismissed the dispute at event {finding.event}: the score stands"
    return Ruling(
        id=f"score_dispute@{dispute.event}",
        kind="score_dispute",
        seat=dispute.by,
        event=dispute.event,
        book=None,
        status=status,
        detail=detail,
        penalty=PENALTY,
        citations=TOURNAMENT_FORMATS[ruleset.id].cite("dispute"),
        called_by={"seat": dispute.by, "event": dispute.event},
        settled_at=finding.event if finding is not None and status == "established" else None,
    )
