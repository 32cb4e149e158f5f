"""Disputes of a score sheet: filed by a side, honoured or not, then upheld or denied by an official.

Cardtel (Score Sheets 5-7) honours no dispute without a complete form and charges for a review,
refunded when the dispute is upheld; elsewhere the director rules on any dispute. An upheld dispute
may correct a hand on the sheet, as an official's correction would.
"""

from __future__ import annotations

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import DisputeFiled, DisputeRuled
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.scoring import Scorekeeper, named_side
from adjudicator.domain.tournaments.sheets import Dispute, DisputeStatus, Sheet


def file(fmt: TournamentFormat, roster: Roster, scores: Scorekeeper, event: DisputeFiled, at: int) -> None:
    sheet = scores.sheet(event.match)
    side = named_side(roster, sheet, event.team, event.player)
    if _find(scores, event.dispute) is not None:
        raise IllegalEvent(f"dispute {event.dispute!r} is already filed", "dispute")
    fee = event.fee if event.fee is not None else fmt.dispute_fee
    honoured = event.form_complete or not fmt.dispute_needs_form
    status: DisputeStatus = "filed" if honoured else "not_honored"
    detail = "filed" if honoured else "no dispute is honored without a complete form"
    if honoured and fee < fmt.dispute_fee:
        status, detail = "not_honored", f"a dispute review costs ${fmt.dispute_fee}"
    sheet.disputes[event.dispute] = {
        "dispute": event.dispute,
        "team": side,
        "status": status,
        "detail": detail,
        "fee": fee,
        "refund": 0,
        "filed_at": at,
        "text": event.detail,
        "citations": fmt.cite_data("dispute"),
    }


def rule(fmt: TournamentFormat, scores: Scorekeeper, event: DisputeRuled, at: int) -> None:
    """Uphold or deny a filed dispute; an upheld one refunds its fee and may correct one hand."""
    found = _find(scores, event.dispute)
    if found is None:
        raise IllegalEvent(f"unknown dispute {event.dispute!r}", "dispute")
    sheet, dispute = found
    if dispute["status"] != "filed":
        raise IllegalEvent(f"dispute {event.dispute!r} is {dispute['status'].replace('_', ' ')}", "dispute")
    if event.hand is not None or event.score is not None:
        if not event.upheld:
            raise IllegalEvent("only an upheld dispute corrects the sheet", "upheld")
        if event.hand is None or event.score is None:
            raise IllegalEvent(
                "a correction names the hand and its score", "hand" if event.hand is None else "score"
            )
        scores.correct(
            fmt,
            sheet,
            event.hand,
            event.score,
            reason=event.reason,
            kind=f"dispute {event.dispute}",
            by="official",
            at=at,
        )
    dispute["status"] = "upheld" if event.upheld else "denied"
    dispute["ruling"] = event.reason
    dispute["refund"] = dispute["fee"] if event.upheld else 0
    dispute["ruled_at"] = at


def _find(scores: Scorekeeper, dispute: str) -> tuple[Sheet, Dispute] | None:
    return next(((s, s.disputes[dispute]) for s in scores.sheets.values() if dispute in s.disputes), None)
