"""Calls that establish nothing: on one's own team, repeated, false, or with nothing to call.

Each becomes a ruling of its own, dismissed, or (a false renege call where the rulebook says so) a
loss of hand for the caller's team.
"""

from __future__ import annotations

from adjudicator.cards import team_of
from adjudicator.records import Call
from adjudicator.rulebooks import Ruleset
from adjudicator.rulings.ruling import Ruling, effect, penalty_text


def own_team_call(ruleset: Ruleset, call: Call) -> Ruling:
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


def repeat_call(ruleset: Ruleset, call: Call, earlier: Call) -> Ruling:
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


def false_call(ruleset: Ruleset, call: Call) -> Ruling:
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
        effect=effect(remedy, None, team_of(call.by)) if established else None,
        called_by={"seat": call.by, "event": call.event},
        settled_at=call.event if established else None,
    )


def idle_tech_call(ruleset: Ruleset, call: Call) -> Ruling:
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
