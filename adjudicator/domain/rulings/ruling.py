"""A ruling: what the governing rulebook makes of one infraction or call, in words and in effect.

A ruling's ``status`` says where it stands:

- ``detected``: the record shows the infraction, but nothing has yet brought its penalty (a renege
  nobody called, a tech nobody called, a choice nobody has made);
- ``pending``: a renege was called, and the record does not yet prove or disprove it;
- ``established``: its penalty applies;
- ``dismissed``: it was looked at and has no effect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.domain.cards import Seat, Team, other_team, team_of
from adjudicator.domain.citations import Citation
from adjudicator.domain.rulebooks import Remedy, Ruleset

Status = Literal["detected", "pending", "established", "dismissed"]
DECISIVE = ("loss_of_hand", "redeal")


@dataclass(slots=True)
class Ruling:
    id: str
    kind: str
    seat: Seat
    event: int
    book: int | None
    status: Status
    detail: str
    penalty: str
    citations: tuple[Citation, ...]
    proof: str | None = None
    effect: dict[str, Any] | None = None
    options: tuple[str, ...] = ()
    choice: dict[str, Any] | None = None
    called_by: dict[str, Any] | None = None
    settled_at: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def team(self) -> Team:
        return team_of(self.seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "seat": self.seat,
            "team": self.team,
            "event": self.event,
            "book": self.book,
            "status": self.status,
            "detail": self.detail,
            "proof": self.proof,
            "penalty": self.penalty,
            "effect": self.effect,
            "options": list(self.options),
            "choice": self.choice,
            "called_by": self.called_by,
            "settled_at": self.settled_at,
            "notes": list(self.notes),
            "citations": [c.to_dict() for c in self.citations],
        }


def penalty_text(ruleset: Ruleset, remedy: Remedy) -> str:
    """What the rulebook demands, in words an official can read out."""
    match remedy.kind:
        case "loss_of_hand":
            text = "the offending team loses the hand"
            whist = ruleset.bid_whist
            if whist is None or whist.set_points == "none":
                text += "; no points are scored"
            else:
                text += ": the other team scores the value of the bid"
                text += ", doubled in no trump" if whist.no_trump_doubles else ""
                text += ", and the offenders score nothing"
            return text + (" (if the opponents call it)" if remedy.needs_call else "")
        case "book_transfer":
            return (
                f"{remedy.books} books pass from the reneging team to the other; if it won fewer, "
                "the other team is scored as winning all 13 (if the opponents call it)"
            )
        case "choice":
            who = {"non_offending_team": "the non-offending team", "offender": "the offender"}.get(
                remedy.chooser or "", "the official"
            )
            text = f"{who} chooses: {', '.join(o.replace('_', ' ') for o in remedy.options)}"
            return text + (" (if the opponents call it)" if remedy.needs_call else "")
        case "correction":
            return "the bid stands as corrected"
        case "restriction":
            return "play continues under the restriction"
        case "card_plays":
            return "the card plays"
        case "redeal":
            return "the hand is void and dealt again"
        case "must_play":
            return "the card stays face up and is played at the first legal opportunity"
        case "point_penalty":
            return f"{remedy.points} points off the offending team's score"
        case "hand_stands":
            return "the hand stands; the deal order is put right from the next hand"
        case _:
            return "no effect"


def effect(remedy: Remedy, option: str | None, offenders: Team) -> dict[str, Any]:
    kind = option if option is not None else remedy.kind
    if kind in ("loss_of_hand", "take_bid_value"):
        return {"type": "loss_of_hand", "team": offenders}
    if kind == "redeal":
        return {"type": "redeal"}
    if kind == "book_transfer":
        return {
            "type": "book_transfer",
            "from": offenders,
            "to": other_team(offenders),
            "books": remedy.books,
        }
    if kind == "continue_partner_silenced":
        return {"type": "partner_silenced", "team": offenders}
    if kind == "restriction":
        return {"type": "restriction", "team": offenders}
    if kind == "card_plays":
        return {"type": "card_plays"}
    if kind == "must_play":
        return {"type": "must_play", "team": offenders}
    if kind == "point_penalty":
        return {"type": "point_penalty", "team": offenders, "points": remedy.points}
    if kind == "stand_down":
        return {"type": "partner_barred", "team": offenders}
    return {"type": "none"}
