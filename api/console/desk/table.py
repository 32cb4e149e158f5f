"""The table tied to the tournament: a scorekeeper's credential scoped to a tournament and a table
opens, from ``/console/table``, its current match's next hand (the match its round seated there, or
the one the director called there) with the players in their seats, the dealer and the label filled
in; the recorder then records it as any hand.

A hand the table recorded goes on the match's sheet by itself once it is final and both teams have
agreed to its score (``score_confirmation``): the table's next step (the next hand, or signing the
sheet) puts it there first, through the API's ``linkHand`` use case and guard, so nobody links it
afterwards. The sheet's totals and signatures, and the standings, follow from the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Response, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.cards import SEATS
from adjudicator.service import hands as hand_use
from adjudicator.service import once
from adjudicator.service import tournaments as use
from adjudicator.service.authority import Forbidden, Unauthenticated, link_guard, scope_of, tournament_guard
from adjudicator.service.errors import ServiceError
from api.auth import author, credentials, sight, who
from api.console.blueprint import blueprint
from api.console.desk.forms import key, refusal, text, writer
from api.console.render import page
from api.routes.hands import hands
from api.routes.tournaments import tournaments

HOME = "/console/table"
NOT_AGREED = "The last hand is not on the sheet yet: it needs its final score and both teams' agreement."
#: Which team each seat plays for.
TEAM_OF = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}


def _scope() -> tuple[UUID, int]:
    reader = who()
    if reader is None:
        raise Unauthenticated("the table's page needs its scorekeeper's sign-in")
    if reader.tournament is None or reader.table is None:
        raise Forbidden("this page is a table's: a scorekeeper's credential scoped to a tournament and table")
    return UUID(reader.tournament), reader.table


def current(t: Mapping[str, Any], table: int) -> Mapping[str, Any] | None:
    """The table's match now: its latest sheet not yet signed by both teams (nor decided by an
    absence), whether its round seated it here or the director called it here (``match_called``: a
    playoff match, or a match moved from another table)."""
    at_table = [s for s in t["sheets"] if s["table"] == table and s["status"] not in ("signed", "eliminated")]
    return at_table[-1] if at_table else None


def members(t: Mapping[str, Any], side: Any) -> list[str]:
    if isinstance(side, list):
        return [str(p) for p in side]
    team = next((x for x in t["teams"] if x["team"] == side), None)
    return [str(p) for p in (team["players"] if team else [])]


def next_hand(t: Mapping[str, Any], sheet: Mapping[str, Any], waiting: str | None = None) -> dict[str, Any]:
    """The hand to open: the players by seat (each side's first player north or east), the dealer
    (the sheet's next in the rulebook's order, the deal passing left; the first hand's from north)
    and the label; after ``waiting``, the dealer of a hand not on the sheet yet."""
    ns, ew = members(t, sheet["north_south"]), members(t, sheet["east_west"])
    players = dict(zip(SEATS, (ns[0], ew[0], ns[1], ew[1]), strict=True)) if len(ns) == len(ew) == 2 else {}
    number = len(sheet["hands"]) + 1 + (waiting is not None)
    dealer = (sheet.get("deal") or {}).get("next") or SEATS[(number - 1) % 4]
    if waiting is not None:
        dealer = SEATS[(SEATS.index(waiting) + 1) % 4]
    label = f"{t['name'] or 'Tournament'}, {sheet['match']}, hand {number}"
    return {"number": number, "players": players, "dealer": dealer, "label": label}


def confirmed(hand_id: UUID) -> bool:
    """Final, and agreed to by a player of each team (the last answer of each team counts)."""
    summary = hand_use.hand(hands(), hand_id, sight())
    if not (summary.get("score") or {}).get("final"):
        return False
    answers: dict[str, str] = {}
    for event in hand_use.events(hands(), hand_id, sight())["events"]:
        if event.get("type") == "score_confirmation":
            answers[TEAM_OF[event["by"]]] = event["verdict"]
    return answers == {"north_south": "agreed", "east_west": "agreed"}


def _hand(value: str | None) -> UUID | None:
    try:
        return None if value is None else UUID(value)
    except ValueError:
        return None


def waiting(t: Mapping[str, Any], hand: str | None) -> str | None:
    """The dealer of the table's last hand if it is not on a sheet yet (None: no such hand)."""
    hand_id = _hand(hand)
    if hand_id is None or any(h["hand"] == str(hand_id) for s in t["sheets"] for h in s["hands"]):
        return None
    return str(hand_use.hand(hands(), hand_id, sight())["dealer"])


def settle(tournament_id: UUID, table: int, hand: str | None) -> bool:
    """Put the table's last hand on its match's sheet if it is confirmed and not there yet: whether
    it is there now (True without a hand). Under the form's key: the same form sent again (a double
    tap) finds the hand put there by the first, and is answered as it was."""
    t = use.tournament(tournaments(), tournament_id)
    sheet = current(t, table)
    hand_id = _hand(hand)
    if hand_id is None or sheet is None or waiting(t, hand) is None:
        return True
    if not confirmed(hand_id):
        return False
    guard = link_guard(who(), str(tournament_id), sheet["match"], credentials())
    linking = None if (sent := key()) is None else once.part(sent, "link")
    match = sheet["match"]
    use.link_hand(tournaments(), hands(), tournament_id, match, hand_id, None, author(), guard, linking)
    return True


def _shown(tournament_id: UUID, table: int) -> dict[str, Any]:
    """What the table's match part is drawn from; its version read first, so that the ETag it gives
    is never newer than what it shows (at worst the part is fetched once more)."""
    version = use.version(tournaments(), tournament_id)
    t = use.tournament(tournaments(), tournament_id)
    sheet = current(t, table)
    pending = request.values.get("hand")
    shown = next_hand(t, sheet, waiting(t, pending)) if sheet is not None else None
    return dict(t=t, version=version, table=table, s=sheet, next=shown, pending=pending, teams={})


def _page(refused: str | None = None) -> Response:
    return page("desk/table.html", refused=refused, **_shown(*_scope()))


@blueprint.get("/table")
def table_page() -> Response:
    return _page()


@blueprint.get("/table/live")
def table_live() -> Response:
    """The table's match part alone, for ``live.js``: asked again when its tournament moved (a round
    seated, a hand put on the sheet, a signature), 304 while it has not."""
    tournament_id, table = _scope()
    known = str(use.version(tournaments(), tournament_id))
    if request.if_none_match.contains(known):
        return Response(status=304, headers={"ETag": f'"{known}"'})
    shown = _shown(tournament_id, table)
    answer = page("desk/_table.html", **shown)
    answer.headers["ETag"] = f'"{shown["version"]}"'
    answer.cache_control.no_cache = True
    return answer


@blueprint.post("/table/hands")
def open_next() -> Response | Redirect:
    """The last hand put on the sheet (if confirmed), then the next one opened in the recorder."""
    writer("openHand", "linkHand")
    tournament_id, table = _scope()
    try:
        if not settle(tournament_id, table, text("hand")):
            return _page(NOT_AGREED)
        t = use.tournament(tournaments(), tournament_id)
        sheet = current(t, table)
        if sheet is None or sheet["result"]["over"]:
            return redirect(HOME, 303)  # nothing to open: the sheet is to sign
        shown = next_hand(t, sheet)
        players, label = shown["players"] or None, shown["label"]
        scope = scope_of(who())  # the table's own hand from its opening, as over REST
        dealer, by = shown["dealer"], author()
        opened = hand_use.open_hand(hands(), t["ruleset"], dealer, players, label, by, scope, key())
    except ServiceError as error:
        if isinstance(error, Unauthenticated | Forbidden):
            raise
        return _page(refusal(error))
    return redirect(f"/console/record/{opened['id']}", 303)


@blueprint.post("/table/signatures")
def sign_at_table() -> Response | Redirect:
    """The last hand put on the sheet (if confirmed), then one side's signature."""
    writer("linkHand", "signSheet")
    tournament_id, table = _scope()
    try:
        if not settle(tournament_id, table, text("hand")):
            return _page(NOT_AGREED)
        match = text("match") or ""
        guard = tournament_guard(who(), str(tournament_id), match=match)
        team, player = text("team"), text("player")
        use.sign(tournaments(), tournament_id, match, team, player, None, author(), guard, key())
    except ServiceError as error:
        if isinstance(error, Unauthenticated | Forbidden):
            raise
        return _page(refusal(error))
    return redirect(HOME, 303)
