"""Table calls that establish nothing: on one's own team, repeated, false, or with nothing to call.

A table call is a player's ("renege!", a tech called on the other team: ``records.TableCall``), not a
call for an official (``adjudicator.domain.officials_queue``) nor a match called to a table
(``adjudicator.domain.tournaments.match_calling``).

Each becomes a ruling of its own, dismissed, or (a false renege call where the rulebook says so) a
loss of hand for the caller's team.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import team_of
from adjudicator.domain.citations import Citation
from adjudicator.domain.records import TableCall
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings.ruling import Ruling, effect, penalty_text


def _call_ruling(
    kind: str, call: TableCall, detail: str, citations: tuple[Citation, ...], **settled: Any
) -> Ruling:
    """A ruling on the call itself, made by its caller; dismissed unless ``settled`` says otherwise."""
    return Ruling(
        id=f"{kind}@{call.event}",
        kind=kind,
        seat=call.by,
        event=call.event,
        book=None,
        status=settled.pop("status", "dismissed"),
        detail=detail,
        penalty=settled.pop("penalty", "no effect"),
        citations=citations,
        called_by={"seat": call.by, "event": call.event},
        **settled,
    )


def own_team_call(ruleset: Ruleset, call: TableCall) -> Ruling:
    what = "renege" if call.kind == "renege" else "tech"
    detail = f"{call.by} called a {what} on their own team ({call.against}): only the opponents may call it"
    return _call_ruling("own_team_call", call, detail, ruleset.cite("own-team-call"))


def repeat_call(ruleset: Ruleset, call: TableCall, earlier: TableCall) -> Ruling:
    detail = f"{call.by} called again what the call at event {earlier.event} already established"
    return _call_ruling("repeat_call", call, detail, ruleset.cite("renege-caller"))


def false_call(ruleset: Ruleset, call: TableCall) -> Ruling:
    remedy = ruleset.remedy("false_renege_call")
    detail = f"{call.by} called a renege on {team_of(call.against)}, and the record shows none"
    citations = ruleset.cite("false-renege-call")
    penalty = penalty_text(ruleset, remedy)
    if remedy.kind != "loss_of_hand":
        return _call_ruling(
            "false_renege_call", call, detail + ": the call is dismissed", citations, penalty=penalty
        )
    return _call_ruling(
        "false_renege_call",
        call,
        detail + ": the call is treated as a renege by the caller",
        citations,
        status="established",
        penalty=penalty,
        effect=effect(remedy, None, team_of(call.by)),
        settled_at=call.event,
    )


def idle_tech_call(ruleset: Ruleset, call: TableCall) -> Ruling:
    what = (call.infraction or "infraction").replace("_", " ")
    detail = (
        f"{call.by} called a tech ({what}) on {team_of(call.against)}: the record shows "
        "none that a call can establish"
    )
    return _call_ruling("tech_call", call, detail, ruleset.cite("renege-caller"))
