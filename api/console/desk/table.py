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
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.service import hands as hand_use
from adjudicator.service import once
from adjudicator.service import tournaments as use
from adjudicator.service.authority import Forbidden, Unauthenticated, link_guard, scope_of, tournament_guard
from adjudicator.service.delay_clocks import running_clocks
from adjudicator.service.errors import NotFound, ServiceError
from api.auth import author, credentials, sight, who
from api.console.blueprint import blueprint
from api.console.desk.forms import key, refusal, text, writer
from api.console.desk.view import clock_of
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
    (the sheet's next in the rulebook's order, the deal passing left; None for the match's first
    hand, whose dealer the rulebook's draw decides at the table: ``first_deal``) and the label;
    after ``waiting``, the dealer of a hand not on the sheet yet."""
    ns, ew = members(t, sheet["north_south"]), members(t, sheet["east_west"])
    players = dict(zip(SEATS, (ns[0], ew[0], ns[1], ew[1]), strict=True)) if len(ns) == len(ew) == 2 else {}
    number = len(sheet["hands"]) + 1 + (waiting is not None)
    dealer = (sheet.get("deal") or {}).get("next") or (SEATS[(number - 1) % 4] if number > 1 else None)
    if waiting is not None:
        dealer = SEATS[(SEATS.index(waiting) + 1) % 4]
    label = f"{t['name'] or 'Tournament'}, {sheet['match']}, hand {number}"
    return {"number": number, "players": players, "dealer": dealer, "label": label}


#: How each rulebook's draw for the first deal is done at the table, in the scorekeeper's words.
DRAWS = {
    "high_card": "Each player draws a card: the highest deals (the big joker, the little joker, then aces).",
    "first_diamond": "Deal the cards face up, one to each player in turn: the first to get a diamond deals.",
    "first_diamond_chooses": (
        "Deal the cards face up, one to each player in turn: the first to get a diamond chooses who deals."
    ),
}


def first_deal(ruleset: str) -> dict[str, Any]:
    """How the match's first dealer is found (``Ruleset.first_dealer``, read by
    ``adjudicator.domain.matches.first_dealer``; MATRIX.md, Bid Whist: the deal: first dealer): the
    draw in words and its citations; a rulebook that does not say leaves it to the table."""
    rules = get_ruleset(ruleset)
    cited = rules.cite("first-dealer") if "first-dealer" in rules.citations else ()
    said = (
        DRAWS[rules.first_dealer] if cited else "The rulebook does not say: the table agrees who deals first."
    )
    return {"said": said, "citations": [c.to_dict() for c in cited]}


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


def own_hand(tournament_id: UUID, table: int, sheet: Mapping[str, Any], number: int) -> UUID:
    """The id the table's hand ``number`` of this match has (``once.table_hand``)."""
    return UUID(once.table_hand(str(tournament_id), table, sheet["match"], number))


def opened_hand(hand_id: UUID) -> dict[str, Any] | None:
    """The hand's summary as the table sees it; None if no hand has that id."""
    try:
        return hand_use.hand(hands(), hand_id, sight())
    except NotFound:
        return None


def on_sheet(t: Mapping[str, Any], hand_id: UUID) -> bool:
    return any(h["hand"] == str(hand_id) for s in t["sheets"] for h in s["hands"])


def last_hand(
    t: Mapping[str, Any], table: int, sheet: Mapping[str, Any], hand: str | None
) -> dict[str, Any] | None:
    """The table's last hand if it is not on the sheet yet (None: no such hand): the one the page was
    sent back with (``hand``), else the one the table opened as the sheet's next hand (so that a
    reload, or coming back from the menu, resumes it); its summary and its number on the sheet."""
    number = len(sheet["hands"]) + 1
    for hand_id in (_hand(hand), own_hand(UUID(str(t["id"])), table, sheet, number)):
        if hand_id is None or on_sheet(t, hand_id):
            continue
        summary = opened_hand(hand_id)
        if summary is not None:
            final = bool((summary.get("score") or {}).get("final"))
            return {"id": str(hand_id), "number": number, "summary": summary, "final": final}
    return None


def waiting(t: Mapping[str, Any], hand: str | None) -> str | None:
    """The dealer of the table's last hand if it is not on a sheet yet (None: no such hand)."""
    hand_id = _hand(hand)
    if hand_id is None or on_sheet(t, hand_id):
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


def outcome(t: Mapping[str, Any], sheet: Mapping[str, Any], last: Mapping[str, Any] | None) -> dict[str, Any]:
    """The match's result as the table sees it: the sheet's, with its last final hand counted when
    it is not on the sheet yet, so that the hand that decides the match ends it on the page at once."""
    if last is None or not last["final"] or sheet["result"]["over"]:
        return dict(sheet["result"])
    return use.result_with(tournaments(), UUID(str(t["id"])), sheet["match"], last["summary"]["score"])


def finished(t: Mapping[str, Any], table: int) -> Mapping[str, Any] | None:
    """The last match this table finished (signed, or decided by an absence), to say who won it."""
    done = [s for s in t["sheets"] if s["table"] == table and s["status"] in ("signed", "eliminated")]
    return done[-1] if done else None


def _shown(tournament_id: UUID, table: int) -> dict[str, Any]:
    """What the table's match part is drawn from; its version read first, so that the ETag it gives
    is never newer than what it shows (at worst the part is fetched once more)."""
    version = use.version(tournaments(), tournament_id)
    t = use.tournament(tournaments(), tournament_id)
    sheet = current(t, table)
    last = None if sheet is None else last_hand(t, table, sheet, request.values.get("hand"))
    result = None if sheet is None else outcome(t, sheet, last)
    pending = None if last is None else last["id"]
    shown = None
    if sheet is not None and (last is None or last["final"]):
        shown = next_hand(t, sheet, None if last is None else str(last["summary"]["dealer"]))
    teams = {team["team"]: team for team in t["teams"]}
    drawn = first_deal(t["ruleset"]) if shown is not None and shown["dealer"] is None else None
    return dict(
        clock=clock_of(tournament_id),
        delay_clocks=[
            c for c in running_clocks(tournaments(), tournament_id) if sheet and c["match"] == sheet["match"]
        ],
        first=drawn,
        t=t,
        version=version,
        table=table,
        s=sheet,
        next=shown,
        pending=pending,
        last=last,
        result=result,
        done=finished(t, table),
        teams=teams,
    )


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
        hand_id = own_hand(tournament_id, table, sheet, shown["number"])
        if opened_hand(hand_id) is not None:  # opened before (a double tap, a page shown again): resumed
            return redirect(f"/console/record/{hand_id}", 303)
        dealer = shown["dealer"] or text("dealer")
        if dealer not in SEATS:
            return _page(f"Who deals first? {first_deal(t['ruleset'])['said']}")
        players, label = shown["players"] or None, shown["label"]
        scope = scope_of(who())  # the table's own hand from its opening, as over REST
        by = author()
        opened = hand_use.open_hand(hands(), t["ruleset"], dealer, players, label, by, scope, str(hand_id))
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
