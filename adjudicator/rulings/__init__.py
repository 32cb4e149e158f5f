"""Rulings: what the governing rulebook makes of every infraction in a replayed hand.

A ruling's ``status`` says where it stands:

- ``detected``: the record shows the infraction, but nothing has yet brought its penalty (a renege
  nobody called, a tech nobody called, a choice nobody has made);
- ``pending``: a renege was called, and the record does not yet prove or disprove it;
- ``established``: its penalty applies;
- ``dismissed``: it was looked at and has no effect.

Rulings are a function of the table alone, so of the event log alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.cards import Card, Seat, Team, other_team, team_of
from adjudicator.games.bidwhist.contract import Contract
from adjudicator.rulebooks import Citation, Remedy, Ruleset
from adjudicator.table import Call, Infraction, Suspicion, Table

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
            if ruleset.set_points == "none":
                text += "; no points are scored"
            else:
                text += ": the other team scores the value of the bid"
                text += ", doubled in no trump" if ruleset.no_trump_doubles else ""
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
            return f"{who} chooses: {', '.join(o.replace('_', ' ') for o in remedy.options)}"
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
        case _:
            return "no effect"


def _effect(remedy: Remedy, option: str | None, offenders: Team) -> dict[str, Any]:
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


@dataclass(frozen=True, slots=True)
class Proof:
    """How the record proves a renege, and the cards that prove it."""

    text: str
    cards: tuple[Card, ...]


def _resolve(table: Table, suspicion: Suspicion, contract: Contract) -> tuple[Proof | None, bool]:
    """(proof, settled): proven (Proof, True), disproven (None, True) or still open (None, False)."""
    seat, after = suspicion.seat, suspicion.event
    proof: tuple[int, Proof] | None = None
    for record in table.plays:
        if (
            record.event > after
            and record.seat == seat
            and contract.suit_of(record.card) in suspicion.proving
        ):
            text = f"{seat} later played {record.card} (event {record.event})"
            proof = (record.event, Proof(text, (record.card,)))
            break
    for event, inspected, cards in table.inspections:
        if event <= after or inspected != seat:
            continue
        held = tuple(sorted((c for c in cards if contract.suit_of(c) in suspicion.proving), key=str))
        if held and (proof is None or event < proof[0]):
            text = f"the official's inspection at event {event} found {', '.join(map(str, held))}"
            proof = (event, Proof(text, held))
        if not held and proof is None:
            return None, True
        break
    if proof is not None:
        return proof[1], True
    return None, table.cards_left(seat) == 0


def rulings(table: Table) -> list[Ruling]:
    """Every ruling the governing rulebook gives on the hand as recorded so far, in event order."""
    ruleset = table.ruleset
    reneges: list[Infraction] = [i for i in table.infractions if i.kind == "renege"]
    open_suspicions: list[Suspicion] = []
    if table.contract is not None:
        for suspicion in table.suspicions:
            proof, settled = _resolve(table, suspicion, table.contract)
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

    called: dict[int, Call] = {}  # id() of infraction -> the call that brought its penalty
    extra: list[Ruling] = []
    pending: dict[int, Call] = {}  # id() of suspicion -> call
    others = [i for i in table.infractions if i.kind != "renege"]
    callable_ = sorted([*reneges, *(i for i in others if i.remedy.needs_call)], key=lambda i: i.event)
    for call in table.calls:
        if team_of(call.by) == team_of(call.against):
            extra.append(_own_team_call(ruleset, call))
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
            extra.append(_repeat_call(ruleset, call, called[id(matches[0])]))
            continue
        if call.kind == "renege":
            waiting = [
                s
                for s in open_suspicions
                if team_of(s.seat) == accused and s.event < call.event and id(s) not in pending
            ]
            if waiting:
                for suspicion in waiting:
                    pending[id(suspicion)] = call
                continue
            extra.append(_false_call(ruleset, call))
        else:
            extra.append(_idle_tech_call(ruleset, call))

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
    result.sort(key=lambda r: (r.event, r.id))
    _decide(result)
    return result


def _ruling(table: Table, infraction: Infraction, call: Call | None) -> Ruling:
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
            if table.hand_over and call.event > table.plays[-1].event:
                rules += ("renege-call-window",)
    elif remedy.kind == "choice":
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
        effect=_effect(remedy, option, infraction.team) if status == "established" else None,
        options=remedy.options if remedy.kind == "choice" else (),
        choice=choice,
        called_by={"seat": call.by, "event": call.event} if call else None,
        settled_at=settled_at if status == "established" else None,
    )


def _own_team_call(ruleset: Ruleset, call: Call) -> Ruling:
    what = "renege" if call.kind == "renege" else "tech"
    return Ruling(
        id=f"own_team_call@{call.event}",
        kind="own_team_call",
        seat=call.by,
        event=call.event,
        book=None,
        status="dismissed",
        detail=f"{call.by} called a {what} on their own team ({call.against}): only the opponents "
        "may call it",
        penalty="no effect",
        citations=ruleset.cite("own-team-call"),
        called_by={"seat": call.by, "event": call.event},
    )


def _repeat_call(ruleset: Ruleset, call: Call, earlier: Call) -> Ruling:
    return Ruling(
        id=f"repeat_call@{call.event}",
        kind="repeat_call",
        seat=call.by,
        event=call.event,
        book=None,
        status="dismissed",
        detail=f"{call.by} called again what the call at event {earlier.event} already established",
        penalty="no effect",
        citations=ruleset.cite("renege-caller"),
        called_by={"seat": call.by, "event": call.event},
    )


def _false_call(ruleset: Ruleset, call: Call) -> Ruling:
    remedy = ruleset.remedy("false_renege_call")
    established = remedy.kind == "loss_of_hand"
    detail = f"{call.by} called a renege on {team_of(call.against)}, and the record shows none"
    detail += ": the call is treated as a renege by the caller" if established else ": the call is dismissed"
    return Ruling(
        id=f"false_renege_call@{call.event}",
        kind="false_renege_call",
        seat=call.by,
        event=call.event,
        book=None,
        status="established" if established else "dismissed",
        detail=detail,
        penalty=penalty_text(ruleset, remedy),
        citations=ruleset.cite("false-renege-call"),
        effect=_effect(remedy, None, team_of(call.by)) if established else None,
        called_by={"seat": call.by, "event": call.event},
        settled_at=call.event if established else None,
    )


def _idle_tech_call(ruleset: Ruleset, call: Call) -> Ruling:
    what = (call.infraction or "infraction").replace("_", " ")
    return Ruling(
        id=f"tech_call@{call.event}",
        kind="tech_call",
        seat=call.by,
        event=call.event,
        book=None,
        status="dismissed",
        detail=f"{call.by} called a tech ({what}) on {team_of(call.against)}: the record shows "
        "none that a call can establish",
        penalty="no effect",
        citations=ruleset.cite("renege-caller"),
        called_by={"seat": call.by, "event": call.event},
    )


def _decide(result: list[Ruling]) -> None:
    """The first established loss of hand or redeal decides the hand; later ones say so."""
    decisive = sorted(
        (r for r in result if r.effect and r.effect["type"] in DECISIVE),
        key=lambda r: (r.settled_at or 0, r.event),
    )
    for later in decisive[1:]:
        later.notes.append(f"the hand had already been decided by {decisive[0].id}")


def decision(table: Table, result: list[Ruling] | None = None) -> Ruling | None:
    """The ruling that decided the hand before its play was done, if any."""
    decisive = [
        r for r in (rulings(table) if result is None else result) if r.effect and r.effect["type"] in DECISIVE
    ]
    return min(decisive, key=lambda r: (r.settled_at or 0, r.event), default=None)
