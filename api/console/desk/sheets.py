"""A match's score sheet at the desk: hands entered from the paper sheet (one at a time, or the
table's whole column of totals pasted), the signatures, a dispute filed with its fee and the
official's ruling, and a correction (where the rulebook allows only arithmetic once signed, the
engine refuses anything else, in words)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.service import tournaments as use
from adjudicator.service.authority import tournament_guard
from api.auth import author, who
from api.console.blueprint import blueprint
from api.console.desk.forms import drawn, key, text, version
from api.console.desk.view import back, record, sheet_page
from api.routes.tournaments import tournaments

SIDES = ("north_south", "east_west")


def _number(value: str | None) -> int | str:
    """A whole number as typed (a sign allowed); anything else is passed on for the engine to refuse."""
    said = (value or "").strip()
    return int(said) if said.lstrip("-").isdigit() else said


#: A correction leaves the hand's Boston as the sheet has it.
KEEP: Any = object()


def score(
    ruleset: str,
    ns: Any,
    ew: Any,
    winner: str | None = None,
    boston: str | None = None,
    no_trump: bool = False,
) -> dict[str, Any]:
    """A hand's score as a paper sheet gives it: each team's points; in Bid Whist its winner (else the
    side with more points), the hands it counts as won (two for a no-trump hand or a Boston where the
    rulebook says so: Chicago) and the Boston, if any (``KEEP``: the Boston the line has)."""
    points = {"north_south": ns, "east_west": ew}
    rules = get_ruleset(ruleset)
    if rules.game == "Bid Euchre":
        return {"points": points}
    if winner is None and isinstance(ns, int) and isinstance(ew, int) and ns != ew:
        winner = "north_south" if ns > ew else "east_west"
    hand: dict[str, Any] = {"final": True, "void": False, "winner": winner, "points": points}
    if winner in SIDES:
        double = rules.whist.double_hand_wins and (no_trump or boston not in (None, KEEP))
        hand["hand_wins"] = {side: (2 if double else 1) if side == winner else 0 for side in SIDES}
    if boston is not KEEP:
        hand["boston"] = boston
    return hand


#: The words a pasted line may end with: a Boston, a no-trump hand, who won (a set hand that scores
#: nothing to anyone: Chicago).
BOSTON, NO_TRUMP = {"boston"}, {"nt", "no-trump", "notrump"}
WON_BY = {"ns": "north_south", "ew": "east_west"}


def pasted_scores(ruleset: str, lines: str) -> list[dict[str, Any]]:
    """The table's column of totals, one hand a line: ``N-S E-W`` points, then ``boston`` if the
    winner took every book, ``nt`` for a no-trump hand (where it counts two hands won), ``ns`` or
    ``ew`` for who won where the points do not say (a set hand scoring nothing)."""
    scores = []
    for line in (ln.split() for ln in lines.splitlines() if ln.strip()):
        ns, ew = _number(line[0]), _number(line[1] if len(line) > 1 else "")
        said = {w.lower() for w in line[2:]}
        no_trump = bool(said & NO_TRUMP)
        winner = next((WON_BY[w] for w in said if w in WON_BY), None)
        hand = score(ruleset, ns, ew, winner, no_trump=no_trump)
        if said & BOSTON and hand.get("winner") is not None:
            hand = score(ruleset, ns, ew, hand["winner"], hand["winner"], no_trump)
        scores.append(hand)
    return scores


def _typed(ruleset: str, boston: bool = False) -> dict[str, Any]:
    """The score one form gives: its points, who won, no trump; ``boston``: its Boston box (a
    correction or a ruling keeps the hand's Boston)."""
    ns, ew, winner = _number(text("ns")), _number(text("ew")), text("winner")
    said = score(ruleset, ns, ew, winner).get("winner") if boston and text("boston") else None
    return score(ruleset, ns, ew, winner, said if boston else KEEP, bool(text("no_trump")))


@blueprint.get("/desk/<uuid:tournament_id>/sheets/<match>")
def sheet(tournament_id: UUID, match: str) -> Response:
    return sheet_page(tournament_id, match)


def _here(match: str) -> str:
    return f"/sheets/{match}"


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/hands")
def enter_hands(tournament_id: UUID, match: str) -> Response | Redirect:
    t = use.match_sheet(tournaments(), tournament_id, match)
    ruleset = use.overview(tournaments(), tournament_id)["ruleset"]
    if text("pasted") is not None:
        scores = pasted_scores(ruleset, text("pasted") or "")
    else:
        scores = [_typed(ruleset, boston=True)]
    first = drawn("first", len(t["hands"]) + 1)
    events = [
        {"type": "hand_scored", "match": match, "hand": f"{match}/{n}", "score": s}
        for n, s in enumerate(scores, start=first)
    ]
    return record(tournament_id, events, _here(match))


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/signatures")
def sign(tournament_id: UUID, match: str) -> Response | Redirect:
    def write() -> Any:
        guard = tournament_guard(who(), str(tournament_id), match=match)
        team, player = text("team"), text("player")
        return use.sign(tournaments(), tournament_id, match, team, player, version(), author(), guard, key())

    return back(tournament_id, _here(match), write, "signSheet")


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/disputes")
def file_dispute(tournament_id: UUID, match: str) -> Response | Redirect:
    filed = use.overview(tournaments(), tournament_id)
    number = drawn("number", 1 + sum(len(s["disputes"]) for s in filed["sheets"]))
    event: dict[str, Any] = {
        "type": "dispute_filed",
        "dispute": f"D{number}",
        "match": match,
        "form_complete": bool(text("form_complete")),
    }
    event.update((key, text(key)) for key in ("team", "player") if text(key) is not None)
    if text("fee") is not None:
        event["fee"] = _number(text("fee"))
    if text("detail") is not None:
        event["detail"] = text("detail")
    return record(tournament_id, [event], _here(match))


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/rulings")
def rule_dispute(tournament_id: UUID, match: str) -> Response | Redirect:
    """The official's ruling on a dispute: upheld (with the hand's score as it stands now) or denied."""
    event: dict[str, Any] = {
        "type": "dispute_ruled",
        "dispute": text("dispute") or "",
        "upheld": text("upheld") == "yes",
        "reason": text("reason") or "",
    }
    if event["upheld"] and text("hand") is not None:
        ruleset = use.overview(tournaments(), tournament_id)["ruleset"]
        event.update(hand=text("hand"), score=_typed(ruleset))
    return record(tournament_id, [event], _here(match))


@blueprint.post("/desk/<uuid:tournament_id>/sheets/<match>/corrections")
def correct(tournament_id: UUID, match: str) -> Response | Redirect:
    """A hand's score corrected: a new event beside the old, which stays in the log."""
    ruleset = use.overview(tournaments(), tournament_id)["ruleset"]
    event = {
        "type": "sheet_corrected",
        "match": match,
        "hand": text("hand") or "",
        "score": _typed(ruleset),
        "reason": text("reason") or "",
    }
    if text("by") is not None:
        event["by"] = text("by") or ""
    return record(tournament_id, [event], _here(match))
