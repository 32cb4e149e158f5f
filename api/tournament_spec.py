"""The /tournaments part of openapi.yaml, generated from ``api.tournament_schemas`` (see ``api.spec``)."""

from __future__ import annotations

from typing import Any, Final

from apispec import APISpec

from api.tournament_schemas import (
    TOURNAMENT_EVENT_SCHEMAS,
    BracketAnswerSchema,
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

JSON: Final = "application/json"
PROBLEM: Final = "application/problem+json"
ETAG: Final = {
    "ETag": {
        "description": 'the tournament\'s version, "N" (its number of events): for If-Match, If-None-Match',
        "required": True,
        "schema": {"type": "string"},
    }
}
TOURNAMENT_ID: Final = {
    "name": "tournament_id",
    "in": "path",
    "required": True,
    "description": "the tournament's id, as POST /tournaments returned it",
    "schema": {"type": "string", "format": "uuid"},
}
MATCH: Final = {
    "name": "match",
    "in": "path",
    "required": True,
    "description": "a match id: R{round}-T{table} in the rounds, P{round}-{n} in the playoff",
    "schema": {"type": "string"},
}
ROUND: Final = {
    "name": "round_number",
    "in": "path",
    "required": True,
    "description": "the round to seat: the next one",
    "schema": {"type": "integer", "minimum": 0},
}
IF_NONE_MATCH: Final = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "an ETag from an earlier response: 304 if the tournament has not changed",
    "schema": {"type": "string"},
}
IF_MATCH: Final = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'record only if the tournament is at this version ("N", its ETag); else 412',
    "schema": {"type": "string"},
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _problem(description: str, etag: bool = False) -> dict[str, Any]:
    response: dict[str, Any] = {"description": description, "content": {PROBLEM: {"schema": _ref("Problem")}}}
    if etag:
        response["headers"] = ETAG
    return response


def _ok(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}, "headers": ETAG}


UNKNOWN: Final = _problem("no tournament has this id (or the path names no resource)")
NOT_MODIFIED: Final = {"description": "the tournament has not changed since that ETag", "headers": ETAG}
BODY_ERRORS: Final = {
    "400": _problem("the body is not JSON"),
    "413": _problem("the body is larger than 1 MiB"),
    "415": _problem("the body is not application/json"),
}


def _get(
    summary: str, op: str, schema: str, extra: list[Any] | None = None, **responses: Any
) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "operationId": op,
            "parameters": [TOURNAMENT_ID, IF_NONE_MATCH, *(extra or [])],
            "responses": {
                "200": _ok(schema, summary[0].lower() + summary[1:]),
                "304": NOT_MODIFIED,
                **{k.lstrip("_"): v for k, v in responses.items()},
                "404": UNKNOWN,
            },
        }
    }


def _post(summary: str, op: str, body: dict[str, Any], extra: list[Any] | None = None) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "operationId": op,
            "parameters": [TOURNAMENT_ID, *(extra or []), IF_MATCH],
            "requestBody": {"required": True, "content": {JSON: {"schema": body}}},
            "responses": {
                "201": _ok(
                    "TournamentAppended", "recorded: the tournament's version and the events recorded"
                ),
                **BODY_ERRORS,
                "404": UNKNOWN,
                "409": _problem("another writer recorded events at the same moment: nothing was recorded"),
                "412": _problem("If-Match names a version the tournament is no longer at", etag=True),
                "422": _problem(
                    "malformed (`errors`) or impossible (`field`, `event`, for an array `index`): "
                    "nothing was recorded",
                    etag=True,
                ),
            },
        }
    }


def add_tournament_paths(spec: APISpec) -> None:
    """Register the tournament schemas and every /tournaments path on ``spec``."""
    for schema in TOURNAMENT_EVENT_SCHEMAS.values():
        spec.components.schema(f"Tournament{schema.__name__}", schema=schema)
    for name, schema in (
        ("Sheet", SheetSchema),
        ("TournamentRequest", TournamentRequestSchema),
        ("Tournament", TournamentSchema),
        ("TournamentAppended", TournamentAppendedSchema),
        ("TournamentEventList", TournamentEventListSchema),
        ("DrawRequest", DrawRequestSchema),
        ("SeatingRequest", SeatingRequestSchema),
        ("LinkHand", LinkHandSchema),
        ("Signature", SignatureSchema),
        ("SheetList", SheetListSchema),
        ("SeedingRequest", SeedingRequestSchema),
        ("TournamentSeeding", SeedingAnswerSchema),
        ("TournamentStandings", StandingsAnswerSchema),
        ("TournamentProposal", ProposalAnswerSchema),
        ("TournamentBracket", BracketAnswerSchema),
        ("TournamentMedals", MedalsAnswerSchema),
    ):
        spec.components.schema(name, schema=schema)
    names = {kind: f"Tournament{schema.__name__}" for kind, schema in TOURNAMENT_EVENT_SCHEMAS.items()}
    spec.components.schema(
        "TournamentEvent",
        {
            "oneOf": [_ref(name) for name in names.values()],
            "discriminator": {
                "propertyName": "type",
                "mapping": {kind: f"#/components/schemas/{name}" for kind, name in names.items()},
            },
        },
    )
    link = {"operationId": "getTournament", "parameters": {"tournament_id": "$response.body#/id"}}
    spec.path(
        path="/tournaments",
        operations={
            "post": {
                "summary": "Create a tournament (its first event, tournament_created)",
                "operationId": "createTournament",
                "requestBody": {"required": True, "content": {JSON: {"schema": _ref("TournamentRequest")}}},
                "responses": {
                    "201": {
                        **_ok("Tournament", "the tournament, at version 1"),
                        "headers": {
                            **ETAG,
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
                    **BODY_ERRORS,
                    "422": _problem("the body is not a tournament: `errors` names each member"),
                },
            }
        },
    )
    at = {
        "name": "at",
        "in": "query",
        "required": False,
        "description": TournamentQuerySchema().fields["at"].metadata["description"],
        "schema": {"type": "integer", "minimum": 1},
    }
    spec.path(
        path="/tournaments/{tournament_id}",
        operations=_get(
            "The tournament: teams, draws, rounds, sheets, standings, proposal, bracket, medals; "
            "?at=N as it stood after event N",
            "getTournament",
            "Tournament",
            [at],
            _400=_problem("`at` is not a whole number from 1"),
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/events",
        operations={
            **_get("Every event recorded, in order", "getTournamentEvents", "TournamentEventList"),
            **_post(
                "Record one tournament event, or an array of them (all or none)",
                "appendTournamentEvents",
                {
                    "oneOf": [
                        _ref("TournamentEvent"),
                        {"type": "array", "items": _ref("TournamentEvent"), "minItems": 1, "maxItems": 200},
                    ]
                },
            ),
        },
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
            _ref("DrawRequest"),
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/rounds/{round_number}/seating",
        operations=_post(
            "Seat a round: {} confirms the proposal; tables and a reason override it",
            "seatRound",
            _ref("SeatingRequest"),
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
                _ref("SeedingRequest"),
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
            _ref("LinkHand"),
            [MATCH],
        ),
    )
    spec.path(
        path="/tournaments/{tournament_id}/matches/{match}/signatures",
        operations=_post(
            "Sign the sheet for one side (sheet_signed)", "signSheet", _ref("Signature"), [MATCH]
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
        path="/tournaments/{tournament_id}/bracket",
        operations=_get("The playoff bracket (null until seeded)", "getBracket", "TournamentBracket"),
    )
    spec.path(
        path="/tournaments/{tournament_id}/medals",
        operations=_get("The places and their medals", "getMedals", "TournamentMedals"),
    )
