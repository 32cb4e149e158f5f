"""The tournaments' part of openapi.yaml: /tournaments and every /tournaments/{tournament_id} path."""

from __future__ import annotations

from typing import Any, Final

from apispec import APISpec

from api.schemas import tournament_list
from api.schemas import tournaments as schemas
from api.schemas.common import MAX_BATCH
from api.schemas.tournament_fields import MOST_ROUNDS
from api.spec.common import JSON, Resource, add_schemas, at_query, param, ref, union
from api.spec.hand_list import EVENT_PAGE, EVENT_PAGE_ERROR

#: The highest round a path names (a greater one is no round: 404).

TOURNAMENT: Final = Resource(
    "tournament",
    etag='the tournament\'s version, "N" (its number of events): for If-Match, If-None-Match',
    if_match='record only if the tournament is at this version ("N", its ETag); else 412',
    created_by="POST /tournaments",
)
MATCH: Final = param(
    "match",
    "path",
    "a match id: R{round}-T{table} in the rounds, P{round}-{n} in the playoff",
    {"type": "string"},
)
ROUND: Final = param(
    "round_number",
    "path",
    f"the round to seat: the next one (at most {MOST_ROUNDS}; a greater one is no round: 404)",
    {"type": "integer", "minimum": 0, "maximum": MOST_ROUNDS},
)


def _get(
    summary: str, op: str, schema: str, extra: list[Any] | None = None, **responses: Any
) -> dict[str, Any]:
    return TOURNAMENT.get(summary, op, schema, None, extra, {k.lstrip("_"): v for k, v in responses.items()})


def _post(summary: str, op: str, body: dict[str, Any], extra: list[Any] | None = None) -> dict[str, Any]:
    """A POST recording tournament events: its answers are every such POST's."""
    return TOURNAMENT.post(
        summary,
        op,
        body,
        ("TournamentAppended", "recorded: the tournament's version and the events recorded"),
        {
            **TOURNAMENT.body_errors,
            "404": TOURNAMENT.unknown,
            "409": TOURNAMENT.problem(
                "another writer recorded events at the same moment: nothing was recorded"
            ),
            "412": TOURNAMENT.problem("If-Match names a version the tournament is no longer at", etag=True),
            "422": TOURNAMENT.problem(
                "malformed (`errors`) or impossible (`field`, `event`, for an array `index`): "
                "nothing was recorded",
                etag=True,
            ),
        },
        extra,
    )


def add_components(spec: APISpec) -> None:
    for schema in schemas.TOURNAMENT_EVENT_SCHEMAS.values():
        spec.components.schema(f"Tournament{schema.__name__}", schema=schema)
    names = (
        "Sheet TournamentRequest Tournament TournamentAppended TournamentEventList DrawRequest"
        " SeatingRequest LinkHand Signature SheetList SeedingRequest CheckIn BoardSetting"
    )
    add_schemas(
        spec,
        schemas,
        names,
        TournamentSeeding=schemas.SeedingAnswerSchema,
        TournamentStandings=schemas.StandingsAnswerSchema,
        TournamentDayStandings=schemas.DayStandingsAnswerSchema,
        TournamentProposal=schemas.ProposalAnswerSchema,
        TournamentBracket=schemas.BracketAnswerSchema,
        TournamentMedals=schemas.MedalsAnswerSchema,
    )
    add_schemas(spec, tournament_list, "TournamentListItem TournamentList")
    events = {
        kind: f"Tournament{schema.__name__}" for kind, schema in schemas.TOURNAMENT_EVENT_SCHEMAS.items()
    }
    spec.components.schema("TournamentEvent", union(events))


def add_paths(spec: APISpec) -> None:
    link = {"operationId": "getTournament", "parameters": {"tournament_id": "$response.body#/id"}}
    spec.path(
        path="/tournaments",
        operations={
            "get": {
                "summary": "Every tournament, newest first, its progress and medals (from the read models)",
                "description": (
                    "Served from the read models, which lag the recorded events by up to about half a "
                    "second; one row a tournament, so the list is not paged."
                ),
                "operationId": "listTournaments",
                "responses": {
                    "200": {
                        "description": "every tournament",
                        "content": {JSON: {"schema": ref("TournamentList")}},
                    },
                    "503": TOURNAMENT.problem(
                        "the service keeps no read models (ADJUDICATOR_READ_MODELS is off)"
                    ),
                },
            },
            "post": {
                "summary": "Create a tournament (its first event, tournament_created)",
                "operationId": "createTournament",
                "requestBody": {"required": True, "content": {JSON: {"schema": ref("TournamentRequest")}}},
                "responses": {
                    "201": {
                        **TOURNAMENT.ok("Tournament", "the tournament, at version 1"),
                        "headers": {
                            **TOURNAMENT.etag,
                            "Location": {
                                "description": "the tournament's address",
                                "required": True,
                                "schema": {"type": "string"},
                            },
                        },
                        "links": {
                            "GetTournament": link,
                            "AppendTournamentEvents": {**link, "operationId": "appendTournamentEvents"},
                            "GetStandings": {**link, "operationId": "getStandings"},
                        },
                    },
                    **TOURNAMENT.body_errors,
                    "422": TOURNAMENT.problem("the body is not a tournament: `errors` names each member"),
                },
            },
        },
    )
    at = at_query(schemas.TournamentQuerySchema)
    spec.path(
        path="/tournaments/{tournament_id}",
        operations=_get(
            "The tournament: teams, draws, rounds, sheets, standings, proposal, bracket, medals; "
            "?at=N as it stood after event N",
            "getTournament",
            "Tournament",
            [at],
            _400=TOURNAMENT.problem("`at` is not a whole number from 1"),
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/events",
        operations={
            **_get(
                "Every event recorded, in order (a page of them with `after` or `limit`)",
                "getTournamentEvents",
                "TournamentEventList",
                EVENT_PAGE,
                **EVENT_PAGE_ERROR,
            ),
            **_post(
                "Record one tournament event, or an array of them (all or none)",
                "appendTournamentEvents",
                {
                    "oneOf": [
                        ref("TournamentEvent"),
                        {
                            "type": "array",
                            "items": ref("TournamentEvent"),
                            "minItems": 1,
                            "maxItems": MAX_BATCH,
                        },
                    ]
                },
            ),
        },
    )
    spec.path(
        path="/tournaments/{tournament_id}/check-ins",
        operations=_post("A team present at the hall (team_checked_in)", "checkInTeam", ref("CheckIn")),
    )
    spec.path(
        path="/tournaments/{tournament_id}/board",
        operations=_post(
            "Whether readers without a credential may see the board (board_public)",
            "setBoard",
            ref("BoardSetting"),
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/proposal",
        operations=_get(
            "The next round's proposed seating, or what it waits for", "getProposal", "TournamentProposal"
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/draws",
        operations=_post(
            "The server draws (the only randomness) and records the draw with its outcome",
            "drawForTournament",
            ref("DrawRequest"),
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/rounds/{round_number}/seating",
        operations=_post(
            "Seat a round: {} confirms the proposal; tables and a reason override it",
            "seatRound",
            ref("SeatingRequest"),
            [ROUND],
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/seeding",
        operations={
            **_get(
                "The playoff seeds the standings propose, and the seeding recorded",
                "getSeeding",
                "TournamentSeeding",
            ),
            **_post(
                "Seed the playoff: {} takes the proposal; seeds and a reason override it",
                "seedPlayoff",
                ref("SeedingRequest"),
            ),
        },
    )
    spec.path(
        path="/tournaments/{tournament_id}/matches",
        operations=_get("Every match's score sheet", "getMatches", "SheetList"),
    )
    spec.path(
        path="/tournaments/{tournament_id}/matches/{match}",
        operations=_get("One match's score sheet", "getMatch", "Sheet", [MATCH]),
    )
    spec.path(
        path="/tournaments/{tournament_id}/matches/{match}/hands",
        operations=_post(
            "Put a stored, final hand of the tournament's ruleset on the sheet (hand_scored, its score "
            "copied from the hand store)",
            "linkHand",
            ref("LinkHand"),
            [MATCH],
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/matches/{match}/signatures",
        operations=_post(
            "Sign the sheet for one side (sheet_signed)", "signSheet", ref("Signature"), [MATCH]
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/standings",
        operations=_get(
            "The standings, best first, with the ties still to play off",
            "getStandings",
            "TournamentStandings",
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/standings/days",
        operations=_get(
            "The standings at the end of each day, from that day's and earlier games (Ontario D.1, D.2)",
            "getDayStandings",
            "TournamentDayStandings",
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/bracket",
        operations=_get("The playoff bracket (null until seeded)", "getBracket", "TournamentBracket"),
    )
    spec.path(
        path="/tournaments/{tournament_id}/medals",
        operations=_get("The places and their medals", "getMedals", "TournamentMedals"),
    )
