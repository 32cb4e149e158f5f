"""The tournaments' routes: /tournaments and /tournaments/{tournament_id}/…, each calling one use case.

As for hands, every response carries the tournament's version (its number of events) as a strong
``ETag``, and every POST that records an event does so only at the version ``If-Match`` names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app

from adjudicator.service import seating
from adjudicator.service import tournaments as use
from adjudicator.service.authority import link_guard, tournament_guard
from adjudicator.service.ports import Tournaments
from adjudicator.wire.schemas.hand_list import EventPageQuerySchema
from adjudicator.wire.schemas.tournament_fields import MOST_ROUNDS
from adjudicator.wire.schemas.tournament_list import TournamentListSchema
from adjudicator.wire.schemas.tournaments import (
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
)
from api.auth import author, credentials, sight, who
from api.declare import EVERYONE, OFFICIAL, TABLE, Routes, route
from api.declare.answers import JSON
from api.declare.resources import (
    EVENT_PAGE_ERROR,
    MATCH,
    NO_READ_MODELS,
    READ_MODELS_OFF,
    ROUND,
    TOURNAMENT_RECORDED,
    created,
    one_or_many,
)
from api.declare.resources import TOURNAMENT as TOURNAMENTS
from api.request import answer, body, if_match, load, query, versioned
from api.routes.entering import loading
from api.routes.hands import hands, listings

blueprint = Blueprint("tournaments", __name__)
TOURNAMENT_ROUTES = Routes(blueprint, TOURNAMENTS, "/tournaments/<uuid:tournament_id>")
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
CREATED_LINK = {"operationId": "getTournament", "parameters": {"tournament_id": "$response.body#/id"}}


def tournaments() -> Tournaments:
    store: Tournaments = current_app.extensions["adjudicator.tournaments"]
    return store


def tournament_body(loader: Callable[[Any], Any], tournament_id: UUID) -> Any:
    """The body through ``loader``: 422 with the tournament's ETag (404 first if there is none)."""
    return load(loader, lambda: use.version(tournaments(), tournament_id))


def recorded(result: dict[str, Any]) -> Response:
    """A tournament event recorded: 201 with the tournament's version now (its ETag)."""
    return versioned(APPENDED, result, 201)


# ---------------------------------------------------------------------- the tournament and its log


@route(
    blueprint,
    "GET /tournaments",
    "listTournaments",
    summary="Every tournament, newest first, its progress and medals (from the read models)",
    description=(
        "Served from the read models, which lag the recorded events by up to about half a "
        "second; one row a tournament, so the list is not paged."
    ),
    roles=EVERYONE,
    responses={
        "200": {"description": "every tournament", "content": {JSON: {"schema": TournamentListSchema}}},
        "503": READ_MODELS_OFF,
    },
    problems=[NO_READ_MODELS],
)
def list_tournaments() -> Response:
    """Every tournament, from the read models (the console's list reads the same)."""
    return answer(TOURNAMENT_LIST, {"tournaments": use.list_tournaments(listings(), sight().known.reach)})


@route(
    blueprint,
    "POST /tournaments",
    "createTournament",
    summary="Create a tournament (its first event, tournament_created)",
    description=(
        "Creates a tournament under a rulebook's format; teams register, draws and rounds follow as events."
    ),
    roles=OFFICIAL,
    body=TournamentRequestSchema,
    responses={
        "201": created(
            TOURNAMENTS,
            TournamentSchema,
            "the tournament, at version 1",
            {
                "GetTournament": CREATED_LINK,
                "AppendTournamentEvents": {**CREATED_LINK, "operationId": "appendTournamentEvents"},
                "GetStandings": {**CREATED_LINK, "operationId": "getStandings"},
            },
        ),
        **TOURNAMENTS.body_errors,
        "409": TOURNAMENTS.problem("`id` was used before for another tournament: nothing was created"),
        "422": TOURNAMENTS.problem("the body is not a tournament: `errors` names each member"),
    },
)
def create_tournament() -> Response:
    settings = TOURNAMENT_REQUEST.load(body())
    key = settings.pop("id", None)
    created = use.create(tournaments(), settings, author(), None if key is None else str(key))
    return answer(
        TOURNAMENT, created, 201, str(created["version"]), {"Location": f"/tournaments/{created['id']}"}
    )


@TOURNAMENT_ROUTES.read(
    "",
    "getTournament",
    "The tournament: teams, draws, rounds, sheets, standings, proposal, bracket, medals; "
    "?at=N as it stood after event N",
    TournamentSchema,
    query=TournamentQuerySchema,
    answers={"400": TOURNAMENTS.problem("`at` is not a whole number from 1")},
    description="The whole tournament as replayed from its log, or as it stood after event `at`.",
)
def tournament(tournament_id: UUID) -> Response:
    return versioned(TOURNAMENT, use.tournament(tournaments(), tournament_id, query(QUERY).get("at")))


@TOURNAMENT_ROUTES.read(
    "/events",
    "getTournamentEvents",
    "Every event recorded, in order (a page of them with `after` or `limit`)",
    TournamentEventListSchema,
    query=EventPageQuerySchema,
    answers=EVENT_PAGE_ERROR,
    description="The tournament's events as recorded, each with its version, author and time.",
)
def tournament_events(tournament_id: UUID) -> Response:
    paging = query(EVENT_PAGE)
    return versioned(
        EVENT_LIST, use.events(tournaments(), tournament_id, paging.get("after"), paging.get("limit"))
    )


@TOURNAMENT_ROUTES.record(
    "/events",
    "appendTournamentEvents",
    "Record one tournament event, or an array of them (all or none)",
    one_or_many("TournamentEvent"),
    roles=TABLE,
    responses=TOURNAMENT_RECORDED,
    description=(
        "Records tournament events, all or none (`If-Match` as for a hand): registrations, "
        "withdrawals, scores, corrections, disputes. A scorekeeper records only its own table's "
        "sheet signatures."
    ),
)
def append_tournament_events(tournament_id: UUID) -> Response:
    events, _ = tournament_body(loading(tournament_id), tournament_id)
    guard = tournament_guard(who(), str(tournament_id), events=events)
    return recorded(use.append_events(tournaments(), tournament_id, events, if_match(), author(), guard))


# ---------------------------------------------------------------------- seating: draws, proposal, rounds


@TOURNAMENT_ROUTES.read(
    "/proposal",
    "getProposal",
    "The next round's proposed seating, or what it waits for",
    ProposalAnswerSchema,
    description="The seating the format proposes for the next round, or what must happen first.",
)
def proposal(tournament_id: UUID) -> Response:
    return versioned(PROPOSAL, use.proposal(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.record(
    "/draws",
    "drawForTournament",
    "The server draws (the only randomness) and records the draw with its outcome",
    DrawRequestSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    description=(
        "The server makes the draw the rulebook calls for (the only randomness) and records it "
        "with its outcome, so a replay never draws again."
    ),
)
def draw(tournament_id: UUID) -> Response:
    data = tournament_body(DRAW.load, tournament_id)
    return recorded(
        seating.draw(
            tournaments(), tournament_id, data.get("purpose"), data.get("by"), if_match(), author=author()
        )
    )


@TOURNAMENT_ROUTES.record(
    f"/rounds/<int(max={MOST_ROUNDS}):round_number>/seating",
    "seatRound",
    "Seat a round: {} confirms the proposal; tables and a reason override it",
    SeatingRequestSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    extra=[ROUND],
    description=(
        "Confirms the proposed seating of a round (`{}`), or overrides it with the tables and a reason."
    ),
)
def seat(tournament_id: UUID, round_number: int) -> Response:
    data = tournament_body(SEATING.load, tournament_id)
    return recorded(
        seating.seat_round(
            tournaments(), tournament_id, round_number, **data, if_match=if_match(), author=author()
        )
    )


@TOURNAMENT_ROUTES.read(
    "/seeding",
    "getSeeding",
    "The playoff seeds the standings propose, and the seeding recorded",
    SeedingAnswerSchema,
    description="The playoff seeds the standings propose, and the seeding recorded, if any.",
)
def seeding_proposal(tournament_id: UUID) -> Response:
    return versioned(SEEDING, use.seeding(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.record(
    "/seeding",
    "seedPlayoff",
    "Seed the playoff: {} takes the proposal; seeds and a reason override it",
    SeedingRequestSchema,
    roles=OFFICIAL,
    responses=TOURNAMENT_RECORDED,
    description="Records the playoff's seeding: the proposal (`{}`), or seeds and a reason.",
)
def seed_playoff(tournament_id: UUID) -> Response:
    data = tournament_body(SEEDING_REQUEST.load, tournament_id)
    return recorded(
        seating.seed_playoff(tournaments(), tournament_id, **data, if_match=if_match(), author=author())
    )


# ---------------------------------------------------------------------- match sheets


@TOURNAMENT_ROUTES.read(
    "/matches",
    "getMatches",
    "Every match's score sheet",
    SheetListSchema,
    description="Every match's score sheet: its hands, totals, signatures, corrections and disputes.",
)
def matches(tournament_id: UUID) -> Response:
    return versioned(SHEETS, use.matches(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.read(
    "/matches/<match>",
    "getMatch",
    "One match's score sheet",
    SheetSchema,
    extra=[MATCH],
    description="One match's score sheet, by its id (`R1-T3`, `P1-2`).",
)
def match_sheet(tournament_id: UUID, match: str) -> Response:
    return versioned(SHEET, use.match_sheet(tournaments(), tournament_id, match))


@TOURNAMENT_ROUTES.record(
    "/matches/<match>/hands",
    "linkHand",
    "Put a stored, final hand of the tournament's ruleset on the sheet (hand_scored, its score "
    "copied from the hand store)",
    LinkHandSchema,
    roles=TABLE,
    responses=TOURNAMENT_RECORDED,
    extra=[MATCH],
    description=(
        "Puts a stored, final hand of the same rulebook on the sheet: its score is copied from "
        "the hand store, never claimed."
    ),
)
def link_hand(tournament_id: UUID, match: str) -> Response:
    """Record ``hand_scored`` for a stored hand: its final score, copied from the hand store."""
    data = tournament_body(LINK.load, tournament_id)
    guard = link_guard(who(), str(tournament_id), match, credentials())
    return recorded(
        use.link_hand(tournaments(), hands(), tournament_id, match, data["hand"], if_match(), author(), guard)
    )


@TOURNAMENT_ROUTES.record(
    "/matches/<match>/signatures",
    "signSheet",
    "Sign the sheet for one side (sheet_signed)",
    SignatureSchema,
    roles=TABLE,
    responses=TOURNAMENT_RECORDED,
    extra=[MATCH],
    description="One side's signature on a sheet: the sheet counts once both have signed.",
)
def sign(tournament_id: UUID, match: str) -> Response:
    data = tournament_body(SIGNATURE.load, tournament_id)
    guard = tournament_guard(who(), str(tournament_id), match=match)
    return recorded(
        use.sign(
            tournaments(), tournament_id, match, **data, if_match=if_match(), author=author(), guard=guard
        )
    )


# ---------------------------------------------------------------------- standings, bracket, medals


@TOURNAMENT_ROUTES.read(
    "/standings",
    "getStandings",
    "The standings, best first, with the ties still to play off",
    StandingsAnswerSchema,
    description=(
        "The standings, best first, ranked by the rulebook's keys, with the ties still to be played off."
    ),
)
def standings(tournament_id: UUID) -> Response:
    return versioned(STANDINGS, use.standings(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.read(
    "/standings/days",
    "getDayStandings",
    "The standings at the end of each day, from that day's and earlier games (Ontario D.1, D.2)",
    DayStandingsAnswerSchema,
    description="Ontario's standings at the end of each day (D.1, D.2).",
)
def day_standings(tournament_id: UUID) -> Response:
    return versioned(DAY_STANDINGS, use.day_standings(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.read(
    "/bracket",
    "getBracket",
    "The playoff bracket (null until seeded)",
    BracketAnswerSchema,
    description="The playoff bracket, or null until it is seeded.",
)
def bracket(tournament_id: UUID) -> Response:
    return versioned(BRACKET, use.bracket(tournaments(), tournament_id))


@TOURNAMENT_ROUTES.read(
    "/medals",
    "getMedals",
    "The places and their medals",
    MedalsAnswerSchema,
    description="The places and their medals, as the playoff decides them.",
)
def medals(tournament_id: UUID) -> Response:
    return versioned(MEDALS, use.medals(tournaments(), tournament_id))
