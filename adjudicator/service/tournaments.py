"""The use cases on tournaments: create one, record its events, draw, seat a round, seed the playoff,
put a stored hand on a match's sheet, sign it, and read the tournament at any version (the draws,
a round seated and the playoff seeded: ``seating``).

Each takes plain values and the tournaments' log (and the hands' log to link a hand: the ports
``ports.Tournaments``, ``ports.Hands``), returns plain data and raises ``adjudicator.service.errors``
exceptions; none knows about HTTP; each write is a unit of work (``hands.retried``). A command that
decides its event from the tournament (a draw, a confirmed proposal, a hand's score) decides it on
the version the event is recorded at. The server's only randomness is ``draw``: it draws, and
records the draw with its outcome, so that every replay seats the same tables.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any, cast
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.sheets import HandScore, Line
from adjudicator.service import hands as use
from adjudicator.service import once
from adjudicator.service.credentials import Author
from adjudicator.service.entries import listing, page
from adjudicator.service.errors import (
    EventRefused,
    HandNotFound,
    LinkedHandNotFound,
    ReadModelsOff,
    UnknownMatch,
)
from adjudicator.service.ports import Entries, Hands, Listings, Tournaments, TournamentUnit
from adjudicator.service.privacy import WHOLE, Reach, known_rows
from adjudicator.service.views import Answer, Opening, TournamentView, opening

#: What a linked hand's score carries onto the sheet.
SCORE_KEYS = ("final", "void", "winner", "points", "hand_wins", "boston")

Event = dict[str, Any]
IfMatch = Collection[int] | None
#: Decides, on the tournament the events would go to, whether the writer may write them (raises if
#: not: ``adjudicator.service.authority``); None: no check beyond the role.
Guard = Callable[[Tournament], None] | None
#: What judges a tournament's new events on the version they go to (``judged``).
Judge = Callable[[TournamentView, Sequence[Mapping[str, Any]]], list[dict[str, Any]]]
#: A link's guard, given who opened the hand to link (``authority.link_guard``); None: no check.
LinkGuard = Callable[[Opening], Guard] | None


# ---------------------------------------------------------------------- the tournament and its log


def state(view: TournamentView) -> dict[str, Any]:
    return {"id": view.id, "created_at": view.created_at, **view.tournament.state()}


def create(
    tournaments: Tournaments,
    settings: Mapping[str, Any],
    author: Author | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Create a tournament (its first event, ``tournament_created`` with ``settings``): its state.
    ``key``: the request's once-only key: the tournament created under it before is answered as then
    (its state at version 1), nothing created."""
    asked = {"type": "tournament_created", **settings}
    try:
        view = once.opened(key, lambda: tournaments.create(asked, author, key))
    except IllegalEvent as error:
        raise EventRefused(error.at(1), 0, 0, tournaments.noun) from None
    if key is None:
        return tournaments.read(view.id, state)
    once.same_opening(key, view.aggregate.log[0]["entry"], asked)
    return tournaments.read(view.id, state, at=1)


def append_events(
    tournaments: Tournaments,
    tournament_id: UUID,
    entries: Entries[TournamentView],
    if_match: IfMatch = None,
    author: Author | None = None,
    guard: Guard = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Record ``entries`` (or what they decide on the version they go to), all or none: the version
    now and the events recorded. ``key``: the request's once-only key (``once``): recorded before,
    the first answer."""
    judge = judged if guard is None else _guarding(guard)  # events sent again are known by their ids
    checked = _refused_in_words(entries)
    unit = partial(tournaments.unit_of_work, tournament_id)
    version, recorded = use.append_to(
        unit, tournament_id, checked, if_match, judge, author, key, at_the_start
    )
    return {"version": version, "events": recorded}


def at_the_start(view: TournamentView) -> list[dict[str, Any]]:
    """The defaults the tournament's start has made and the log does not yet record (Ontario A: a team
    not checked in by the start), recorded before whatever is recorded next, so that the draw and the
    seating decided on the view leave those teams out."""
    t = view.tournament
    return judged(view, t.entries.due(t.schedule, t.roster, t.hall, datetime.now(UTC)))


def judged(view: TournamentView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The tournament's new events as its rules judge them on ``view`` (which takes them): what to
    record; ``EventRefused`` at the first they refuse, with the version they were judged at. They are
    judged at the moment they are recorded (a registration after the close is refused then)."""
    start, now = view.version, datetime.now(UTC)
    events = [copy.deepcopy(dict(entry)) for entry in entries]
    try:
        for entry in events:
            view.tournament.apply(entry, now=now)
    except IllegalEvent as error:
        index = error.index if error.index is not None else view.version + 1
        raise EventRefused(error, index - start - 1, start, "tournament") from None
    return events


def _refused_in_words(entries: Entries[TournamentView]) -> Entries[TournamentView]:
    """``entries``, with an ``IllegalEvent`` raised while deciding them on the version they go to (a
    draw the round does not need) refused as the events' own refusals are (422, not a 500)."""
    if not callable(entries):
        return entries
    decide = entries

    def decided(view: TournamentView) -> Sequence[Mapping[str, Any]]:
        try:
            return decide(view)
        except IllegalEvent as error:
            raise EventRefused(error, 0, view.version, "tournament") from None

    return decided


def _guarded(
    entries: Entries[TournamentView], guard: Callable[[Tournament], None]
) -> Entries[TournamentView]:
    """``entries``, decided only once ``guard`` let them through on the version they go to."""

    def decided(view: TournamentView) -> Sequence[Mapping[str, Any]]:
        guard(view.tournament)
        return entries(view) if callable(entries) else entries

    return decided


def _guarding(guard: Callable[[Tournament], None]) -> Judge:
    """``judged``, once ``guard`` let the events through on the version they go to."""

    def judge(view: TournamentView, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        guard(view.tournament)
        return judged(view, entries)

    return judge


def version(tournaments: Tournaments, tournament_id: UUID) -> int:
    return tournaments.read(tournament_id, lambda view: view.version)


def tournament(tournaments: Tournaments, tournament_id: UUID, at: int | None = None) -> dict[str, Any]:
    """The whole tournament, now or as it stood after its event ``at`` (1: just created)."""
    return tournaments.read(tournament_id, state, at)


def _versioned(tournaments: Tournaments, tournament_id: UUID, key: str | None, what: Any) -> dict[str, Any]:
    """``{"version": N, **what(tournament)}``, or ``{"version": N, key: what(tournament)}``."""

    def reader(view: TournamentView) -> dict[str, Any]:
        data = what(view.tournament)
        return {"version": view.version, **(data if key is None else {key: data})}

    return tournaments.read(tournament_id, reader)


def events(
    tournaments: Tournaments, tournament_id: UUID, after: int | None = None, limit: int | None = None
) -> dict[str, Any]:
    """Every event recorded, with its version, when it was recorded and by whom (null: before authors);
    with ``after`` or ``limit``, one page of them and the ``next`` page's ``after``."""
    return tournaments.read(
        tournament_id, lambda view: page(listing(view.aggregate.log, view.version), after, limit)
    )


def proposal(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    return _versioned(tournaments, tournament_id, None, Tournament.proposal)


def standings(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    return _versioned(tournaments, tournament_id, None, Tournament.standings)


def day_standings(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    """The standings at the end of each day (Ontario D.1, D.2); ``days`` is empty where the rulebook
    has no tournament days."""
    return _versioned(tournaments, tournament_id, "days", Tournament.day_standings)


def bracket(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    return _versioned(tournaments, tournament_id, "bracket", Tournament.bracket)


def medals(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    return _versioned(tournaments, tournament_id, None, Tournament.medals)


def overview(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    """The whole tournament and its playoff ``cut`` (how many of the standings the playoff takes:
    the seeds recorded, else the field the rulebook gives; 0 without a bracket), in one read."""

    def read(view: TournamentView) -> dict[str, Any]:
        t = view.tournament
        if t.seeding is not None:
            cut = len(t.seeding["seeds"])
        else:
            cut = t.propose_seeding()["size"] if t.format.playoff != "none" else 0
        return {**state(view), "cut": cut}

    return tournaments.read(tournament_id, read)


def list_tournaments(listings: Listings | None, reach: Reach = WHOLE) -> list[dict[str, Any]]:
    """Every tournament, the newest first, from the read models (``ReadModelsOff`` without them), but
    the private ones a reader of ``reach`` may not know of (the read models say which are private)."""
    if listings is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return known_rows(reach, listings.tournaments())


def seeding(tournaments: Tournaments, tournament_id: UUID, size: int | None = None) -> dict[str, Any]:
    """The playoff seeds the standings propose (``size``: the director's field, where the rulebook
    leaves it to the director), and the seeding recorded (if any)."""
    return _versioned(
        tournaments, tournament_id, None, lambda t: {**t.propose_seeding(size), "seeding": t.seeding}
    )


def matches(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any]:
    return _versioned(
        tournaments, tournament_id, "matches", lambda t: [s.to_dict(t.format) for s in t.sheets.values()]
    )


def match_sheet(tournaments: Tournaments, tournament_id: UUID, match: str) -> dict[str, Any]:
    """One match's score sheet (``UnknownMatch`` if the tournament has none of that id)."""

    def sheet(t: Tournament) -> dict[str, Any]:
        found = t.sheets.get(match)
        if found is None:
            raise UnknownMatch(match)
        return found.to_dict(t.format)

    return _versioned(tournaments, tournament_id, None, sheet)


def result_with(
    tournaments: Tournaments, tournament_id: UUID, match: str, score: Mapping[str, Any]
) -> dict[str, Any]:
    """The match's result as it stands once ``score`` (the table's last hand, final and not on the
    sheet yet) is put there: whether that hand decides the match, and who won it."""

    def tallied(t: Tournament) -> dict[str, Any]:
        sheet = t.sheets.get(match)
        if sheet is None:
            raise UnknownMatch(match)
        line = Line("pending", cast(HandScore, {k: score[k] for k in SCORE_KEYS}), "hand")
        return dataclasses.replace(sheet, lines=[*sheet.lines, line]).result(t.format)

    return tournaments.read(tournament_id, lambda view: tallied(view.tournament))


def round_clock(tournaments: Tournaments, tournament_id: UUID) -> dict[str, Any] | None:
    """What the round clock counts down from: the last round seated, when its seating was recorded,
    and the rulebook's time limit on a game (Ontario C.1: 20 minutes); None where the rulebook sets
    none, or before a round is seated."""

    def clock(view: TournamentView) -> dict[str, Any] | None:
        fmt = view.tournament.format
        seated = [
            {"round": item["entry"]["round"], "started_at": item["recorded_at"]}
            for item in view.aggregate.log
            if item["entry"].get("type") in ("seating_confirmed", "seating_overridden")
        ]
        if fmt.time_limit_minutes is None or not seated:
            return None
        return {**seated[-1], "minutes": fmt.time_limit_minutes, "citations": fmt.cite_data("time_limit")}

    return tournaments.read(tournament_id, clock)


# ---------------------------------------------------------------------- match sheets


def hand_scored(
    t: Tournament,
    match: str,
    hand_id: UUID,
    ruleset: str,
    score: Mapping[str, Any],
    dealer: str | None = None,
) -> Event:
    """The ``hand_scored`` event putting a stored hand on ``match``'s sheet, if the hand may go there:
    played under the tournament's rulebook, final, and on no sheet yet; with the seat that dealt it."""
    if ruleset != t.format.ruleset:
        raise IllegalEvent(
            f"hand {hand_id} is played under {ruleset}; this tournament under {t.format.ruleset}", "hand"
        )
    if not score["final"]:
        raise IllegalEvent(f"hand {hand_id} is not final: close it (or finish it) first", "hand")
    linked = next((s.match for s in t.sheets.values() if s.has_hand(str(hand_id))), None)
    if linked is not None:
        raise IllegalEvent(f"hand {hand_id} is already on {linked}'s sheet", "hand")
    return {
        "type": "hand_scored",
        "match": match,
        "hand": str(hand_id),
        "score": {k: score[k] for k in SCORE_KEYS},
    } | ({} if dealer is None else {"dealer": dealer})


def link_hand(
    tournaments: Tournaments,
    hands: Hands,
    tournament_id: UUID,
    match: str,
    hand_id: UUID,
    if_match: IfMatch = None,
    author: Author | None = None,
    guard: LinkGuard = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Put a stored hand on a match's sheet: ``hand_scored`` with its final score, from the hand store;
    and, in the same commit, the hand's scope in its own log (``scoped``: the tournament, the
    sheet's table and the match), so that who may see and write the hand is read from its log.
    Put there before under ``key``: that first answer, nothing recorded."""
    try:
        ruleset, score, dealer, opened = hands.read(
            hand_id, lambda view: (view.ruleset, view.judged().score, view.dealer, opening(view))
        )
    except HandNotFound:
        raise LinkedHandNotFound(hand_id, version(tournaments, tournament_id)) from None
    scope: Event = {"type": "scoped", "tournament": str(tournament_id), "match": match}

    def on_sheet(view: TournamentView) -> list[Event]:
        scored = hand_scored(view.tournament, match, hand_id, ruleset, score, dealer)
        sheet = view.tournament.sheets.get(match)
        if sheet is not None and sheet.table is not None:
            scope["table"] = sheet.table
        return [scored]

    checks = None if guard is None else guard(opened)
    entries = _refused_in_words(on_sheet if checks is None else _guarded(on_sheet, checks))

    def attempt(uow: TournamentUnit) -> Answer:
        view = uow.view(tournament_id)
        first = None if key is None else once.recorded(view.aggregate.log, key)
        if first is not None:
            return first
        answer = use.staged(uow, view, entries, if_match, judged, author, key)
        use.staged(uow, uow.hand(hand_id), lambda hand: [dict(scope)], None, use.judged, author)
        uow.commit()
        return answer

    at, recorded = use.retried(partial(tournaments.unit_of_work, tournament_id, hand=hand_id), attempt)
    return {"version": at, "events": recorded}


def sign(
    tournaments: Tournaments,
    tournament_id: UUID,
    match: str,
    team: str | None = None,
    player: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
    guard: Guard = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Sign a match's sheet for one side (``sheet_signed``)."""
    event: Event = {"type": "sheet_signed", "match": match}
    event.update((name, value) for name, value in (("team", team), ("player", player)) if value is not None)
    return append_events(tournaments, tournament_id, [event], if_match, author, guard, key)
