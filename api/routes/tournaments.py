"""The tournaments' routes: /tournaments and /tournaments/{tournament_id}/…, each calling one use case.

As for hands, every response carries the tournament's version (its number of events) as a strong
``ETag``, and every POST that records an event does so only at the version ``If-Match`` names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import Blueprint, Response

from adjudicator.service import tournaments as use
from adjudicator.service.authority import link_guard, tournament_guard
from api.auth import author, credentials, operation, who
from api.routes.common import answer, body, hands, if_match, listings, load, query, tournaments, versioned
from api.schemas.hand_list import EventPageQuerySchema
from api.schemas.tournament_fields import MOST_ROUNDS
from api.schemas.tournament_list import TournamentListSchema
from api.schemas.tournaments import (
    BracketAnswerSchema,
    DayStandingsAnswerSchema,
    DrawRequestSchema,
    LinkHandSchema,
    MedalsAnswerSchema,
    ProposalAnswerSchema,
    SeatingRequestSchema,
    SeedingAnswerSchema,
    SeedingRequestSchema,
    SheetListSchema,
    SheetSchema,
    SignatureSchema,
    StandingsAnswerSchema,
    TournamentAppendedSchema,
    TournamentEventListSchema,
    TournamentQuerySchema,
    TournamentRequestSchema,
    TournamentSchema,
    load_tournament_events,
)

#: The highest round a path names (a greater one is no round: 404).

blueprint = Blueprint("tournaments", __name__)
TOURNAMENT_REQUEST, TOURNAMENT, QUERY = TournamentRequestSchema(), TournamentSchema(), TournamentQuerySchema()
APPENDED, EVENT_LIST = TournamentAppendedSchema(), TournamentEventListSchema()
DRAW, SEATING, LINK, SIGNATURE = (
    DrawRequestSchema(),
    SeatingRequestSchema(),
    LinkHandSchema(),
    SignatureSchema(),
)
SHEET, SHEETS = SheetSchema(), SheetListSchema()
SEEDING_REQUEST, SEEDING = SeedingRequestSchema(), SeedingAnswerSchema()
STANDINGS, PROPOSAL = StandingsAnswerSchema(), ProposalAnswerSchema()
BRACKET, MEDALS = BracketAnswerSchema(), MedalsAnswerSchema()
DAY_STANDINGS, EVENT_PAGE = DayStandingsAnswerSchema(), EventPageQuerySchema()
TOURNAMENT_LIST = TournamentListSchema()


def _body(loader: Callable[[Any], Any], tournament_id: UUID) -> Any:
    """The body through ``loader``: 422 with the tournament's ETag (404 first if there is none)."""
    return load(loader, lambda: use.version(tournaments(), tournament_id))


def _recorded(result: dict[str, Any]) -> Response:
    return versioned(APPENDED, result, 201)


# ---------------------------------------------------------------------- the tournament and its log


@blueprint.get("/tournaments")
@operation("listTournaments")
def list_tournaments() -> Response:
    """Every tournament, from the read models (the console's list reads the same)."""
    return answer(TOURNAMENT_LIST, {"tournaments": use.list_tournaments(listings())})


@blueprint.post("/tournaments")
@operation("createTournament")
def create_tournament() -> Response:
    created = use.create(tournaments(), TOURNAMENT_REQUEST.load(body()), author())
    return answer(
        TOURNAMENT, created, 201, str(created["version"]), {"Location": f"/tournaments/{created['id']}"}
    )


@blueprint.get("/tournaments/<uuid:tournament_id>")
@operation("getTournament")
def tournament(tournament_id: UUID) -> Response:
    return versioned(TOURNAMENT, use.tournament(tournaments(), tournament_id, query(QUERY).get("at")))


@blueprint.get("/tournaments/<uuid:tournament_id>/events")
@operation("getTournamentEvents")
def tournament_events(tournament_id: UUID) -> Response:
    paging = query(EVENT_PAGE)
    return versioned(
        EVENT_LIST, use.events(tournaments(), tournament_id, paging.get("after"), paging.get("limit"))
    )


@blueprint.post("/tournaments/<uuid:tournament_id>/events")
@operation("appendTournamentEvents")
def append_tournament_events(tournament_id: UUID) -> Response:
    events, _ = _body(load_tournament_events, tournament_id)
    guard = tournament_guard(who(), str(tournament_id), events=events)
    return _recorded(use.append_events(tournaments(), tournament_id, events, if_match(), author(), guard))


# ---------------------------------------------------------------------- seating: draws, proposal, rounds


@blueprint.get("/tournaments/<uuid:tournament_id>/proposal")
@operation("getProposal")
def proposal(tournament_id: UUID) -> Response:
    return versioned(PROPOSAL, use.proposal(tournaments(), tournament_id))


@blueprint.post("/tournaments/<uuid:tournament_id>/draws")
@operation("drawForTournament")
def draw(tournament_id: UUID) -> Response:
    data = _body(DRAW.load, tournament_id)
    return _recorded(
        use.draw(
            tournaments(), tournament_id, data.get("purpose"), data.get("by"), if_match(), author=author()
        )
    )


@blueprint.post(f"/tournaments/<uuid:tournament_id>/rounds/<int(max={MOST_ROUNDS}):round_number>/seating")
@operation("seatRound")
def seating(tournament_id: UUID, round_number: int) -> Response:
    data = _body(SEATING.load, tournament_id)
    return _recorded(
        use.seat_round(
            tournaments(), tournament_id, round_number, **data, if_match=if_match(), author=author()
        )
    )


@blueprint.get("/tournaments/<uuid:tournament_id>/seeding")
@operation("getSeeding")
def seeding_proposal(tournament_id: UUID) -> Response:
    return versioned(SEEDING, use.seeding(tournaments(), tournament_id))


@blueprint.post("/tournaments/<uuid:tournament_id>/seeding")
@operation("seedPlayoff")
def seed_playoff(tournament_id: UUID) -> Response:
    data = _body(SEEDING_REQUEST.load, tournament_id)
    return _recorded(
        use.seed_playoff(tournaments(), tournament_id, **data, if_match=if_match(), author=author())
    )


# ---------------------------------------------------------------------- match sheets


@blueprint.get("/tournaments/<uuid:tournament_id>/matches")
@operation("getMatches")
def matches(tournament_id: UUID) -> Response:
    return versioned(SHEETS, use.matches(tournaments(), tournament_id))


@blueprint.get("/tournaments/<uuid:tournament_id>/matches/<match>")
@operation("getMatch")
def match_sheet(tournament_id: UUID, match: str) -> Response:
    return versioned(SHEET, use.match_sheet(tournaments(), tournament_id, match))


@blueprint.post("/tournaments/<uuid:tournament_id>/matches/<match>/hands")
@operation("linkHand")
def link_hand(tournament_id: UUID, match: str) -> Response:
    """Record ``hand_scored`` for a stored hand: its final score, copied from the hand store."""
    data = _body(LINK.load, tournament_id)
    guard = link_guard(who(), str(tournament_id), match, credentials())
    return _recorded(
        use.link_hand(tournaments(), hands(), tournament_id, match, data["hand"], if_match(), author(), guard)
    )


@blueprint.post("/tournaments/<uuid:tournament_id>/matches/<match>/signatures")
@operation("signSheet")
def sign(tournament_id: UUID, match: str) -> Response:
    data = _body(SIGNATURE.load, tournament_id)
    guard = tournament_guard(who(), str(tournament_id), match=match)
    return _recorded(
        use.sign(
            tournaments(), tournament_id, match, **data, if_match=if_match(), author=author(), guard=guard
        )
    )


# ---------------------------------------------------------------------- standings, bracket, medals


@blueprint.get("/tournaments/<uuid:tournament_id>/standings")
@operation("getStandings")
def standings(tournament_id: UUID) -> Response:
    return versioned(STANDINGS, use.standings(tournaments(), tournament_id))


@blueprint.get("/tournaments/<uuid:tournament_id>/standings/days")
@operation("getDayStandings")
def day_standings(tournament_id: UUID) -> Response:
    return versioned(DAY_STANDINGS, use.day_standings(tournaments(), tournament_id))


@blueprint.get("/tournaments/<uuid:tournament_id>/bracket")
@operation("getBracket")
def bracket(tournament_id: UUID) -> Response:
    return versioned(BRACKET, use.bracket(tournaments(), tournament_id))


@blueprint.get("/tournaments/<uuid:tournament_id>/medals")
@operation("getMedals")
def medals(tournament_id: UUID) -> Response:
    return versioned(MEDALS, use.medals(tournaments(), tournament_id))
