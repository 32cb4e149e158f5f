"""The tournament routes: thin adapters from HTTP to the tournament store and the domain.

As for hands, every response carries the tournament's version (its number of events) as a strong
``ETag``; ``If-Match`` on every POST that records an event appends only at that version (else 412),
and ``If-None-Match`` on a GET answers 304. The server's only randomness is ``POST …/draws``: it draws,
and records the draw with its outcome, so that every replay seats the same tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from adjudicator.events import IllegalEvent
from adjudicator.service.store import (
    CommitConflict,
    EventRefused,
    HandNotFound,
    HandStore,
    StaleVersion,
    VersionOutOfRange,
)
from adjudicator.service.tournament_store import (
    TournamentConflict,
    TournamentNotFound,
    TournamentStore,
    TournamentView,
)
from adjudicator.tournaments import Tournament
from api.problems import Problem, invalid_body
from api.routes import _body, _etag, _if_match, _json, _refused
from api.tournament_schemas import (
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
    load_tournament_events,
)

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
STANDINGS, PROPOSAL, BRACKET, MEDALS = (
    StandingsAnswerSchema(),
    ProposalAnswerSchema(),
    BracketAnswerSchema(),
    MedalsAnswerSchema(),
)
#: The server's draws: the only randomness of a tournament, recorded with its outcome.
DRAWS = random.SystemRandom()
#: What a linked hand's score carries onto the sheet.
SCORE_KEYS = ("final", "void", "winner", "points", "hand_wins", "boston")

Entries = Sequence[Mapping[str, Any]] | Callable[[Tournament], Sequence[Mapping[str, Any]]]


def _tournaments() -> TournamentStore:
    store: TournamentStore = current_app.extensions["adjudicator.tournaments"]
    return store


def _hands() -> HandStore:
    store: HandStore = current_app.extensions["adjudicator.service.store"]
    return store


def _unknown(error: TournamentNotFound) -> Problem:
    return Problem(404, "unknown-tournament", "Unknown tournament", str(error))


def _read(tournament_id: UUID, reader: Callable[[TournamentView], Any], at: int | None = None) -> Any:
    try:
        return _tournaments().read(tournament_id, reader, at)
    except TournamentNotFound as error:
        raise _unknown(error) from None
    except VersionOutOfRange as error:
        raise Problem(
            404,
            "version-out-of-range",
            "No such version",
            f"the tournament has {error.latest} events: there is no event {error.at}",
            version=error.latest,
            headers=_etag(error.latest),
        ) from None


def _load(schema: Any, tournament_id: UUID) -> dict[str, Any]:
    """The body through ``schema``; 422 with the tournament's ETag (404 first if there is none)."""
    body = _body()
    try:
        data: dict[str, Any] = schema.load(body)
    except ValidationError as error:
        version = _read(tournament_id, lambda view: view.version)
        raise invalid_body(error, False, _etag(version)) from None
    return data


def _append(tournament_id: UUID, entries: Entries, array: bool = False) -> Response:
    try:
        version, events = _tournaments().append(tournament_id, entries, _if_match())
    except TournamentNotFound as error:
        raise _unknown(error) from None
    except StaleVersion as error:
        raise Problem(
            412,
            "stale-version",
            "Precondition Failed",
            str(error).replace("the hand", "the tournament"),
            _etag(error.current),
            version=error.current,
        ) from None
    except (TournamentConflict, CommitConflict) as error:
        raise Problem(409, "commit-conflict", "Conflict", str(error)) from None
    except EventRefused as refused:
        problem = _refused(refused.error, refused.position, refused.version, array)
        problem.detail = problem.detail.replace("of the hand", "of the tournament")
        raise problem from None
    return _json(APPENDED, {"version": version, "events": events}, 201, str(version))


# ---------------------------------------------------------------------- the tournament and its log


@blueprint.post("/tournaments")
def create_tournament() -> Response:
    data = TOURNAMENT_REQUEST.load(_body())
    try:
        view = _tournaments().create({"type": "tournament_created", **data})
    except IllegalEvent as error:
        raise _refused(error.at(1), 0, 0, False) from None
    body = _read(view.id, _state)
    return _json(TOURNAMENT, body, 201, str(view.version), {"Location": f"/tournaments/{view.id}"})


def _state(view: TournamentView) -> dict[str, Any]:
    return {"id": view.id, "created_at": view.created_at, **view.tournament.state()}


@blueprint.get("/tournaments/<uuid:tournament_id>")
def tournament(tournament_id: UUID) -> Response:
    try:
        query = QUERY.load(request.args)
    except ValidationError as error:
        problem = invalid_body(error, array=False)
        raise Problem(400, "invalid-query", "Invalid query", problem.detail, **problem.members) from None
    body = _read(tournament_id, _state, query.get("at"))
    return _json(TOURNAMENT, body, etag=str(body["version"]))


@blueprint.get("/tournaments/<uuid:tournament_id>/events")
def tournament_events(tournament_id: UUID) -> Response:
    body = _read(tournament_id, lambda view: {"version": view.version, "events": view.events()})
    return _json(EVENT_LIST, body, etag=str(body["version"]))


@blueprint.post("/tournaments/<uuid:tournament_id>/events")
def append_tournament_events(tournament_id: UUID) -> Response:
    body = _body()
    try:
        events, array = load_tournament_events(body)
    except ValidationError as error:
        version = _read(tournament_id, lambda view: view.version)
        raise invalid_body(error, isinstance(body, list), _etag(version)) from None
    return _append(tournament_id, events, array)


# ---------------------------------------------------------------------- seating: draws, proposal, rounds


@blueprint.get("/tournaments/<uuid:tournament_id>/proposal")
def proposal(tournament_id: UUID) -> Response:
    body = _read(tournament_id, lambda view: {"version": view.version, **view.tournament.proposal()})
    return _json(PROPOSAL, body, etag=str(body["version"]))


@blueprint.post("/tournaments/<uuid:tournament_id>/draws")
def draw(tournament_id: UUID) -> Response:
    data = _load(DRAW, tournament_id)

    def drawn(t: Tournament) -> list[dict[str, Any]]:
        needed = t.draws_needed()
        purpose = data.get("purpose") or (needed[0] if needed else None)
        if purpose is None or purpose not in needed:
            wanted = f" (it needs: {', '.join(needed)})" if needed else ""
            raise IllegalEvent(
                f"round {t.next_round} needs no {purpose or ''} draw{wanted}".replace("  ", " "), "purpose"
            )
        event = t.random_draw(purpose, DRAWS)
        if "by" in data:
            event["by"] = data["by"]
        return [event]

    return _append(tournament_id, drawn)


@blueprint.post("/tournaments/<uuid:tournament_id>/rounds/<int:round_number>/seating")
def seating(tournament_id: UUID, round_number: int) -> Response:
    data = _load(SEATING, tournament_id)

    def seated(t: Tournament) -> list[dict[str, Any]]:
        event: dict[str, Any] = {"type": "seating_confirmed", "round": round_number}
        if "tables" in data:
            event["tables"] = data["tables"]
            if "reason" in data:
                event.update(type="seating_overridden", reason=data["reason"])
        elif "reason" in data:
            raise IllegalEvent("an override names the tables it seats", "tables")
        else:
            proposed = t.proposal()
            if proposed["tables"] is None:
                raise IllegalEvent("nothing to confirm: " + proposed["detail"], "tables")
            event["tables"] = proposed["tables"]
        if "by" in data:
            event["by"] = data["by"]
        return [event]

    return _append(tournament_id, seated)


@blueprint.get("/tournaments/<uuid:tournament_id>/seeding")
def seeding_proposal(tournament_id: UUID) -> Response:
    def proposed(view: TournamentView) -> dict[str, Any]:
        t = view.tournament
        return {"version": view.version, **t.propose_seeding(), "seeding": t.seeding}

    body = _read(tournament_id, proposed)
    return _json(SEEDING, body, etag=str(body["version"]))


@blueprint.post("/tournaments/<uuid:tournament_id>/seeding")
def seed_playoff(tournament_id: UUID) -> Response:
    data = _load(SEEDING_REQUEST, tournament_id)

    def seeded(t: Tournament) -> list[dict[str, Any]]:
        if "reason" in data and "seeds" not in data:
            raise IllegalEvent("an override names the seeds", "seeds")
        seeds = data["seeds"] if "seeds" in data else t.propose_seeding()["seeds"]
        return [{"type": "playoff_seeded", **data, "seeds": seeds}]

    return _append(tournament_id, seeded)


# ---------------------------------------------------------------------- match sheets


def _sheet(view: TournamentView, match: str) -> dict[str, Any]:
    sheet = view.tournament.sheets.get(match)
    if sheet is None:
        raise Problem(404, "unknown-match", "Unknown match", f"the tournament has no match {match!r}")
    return {"version": view.version, **sheet.to_dict(view.tournament.format)}


@blueprint.get("/tournaments/<uuid:tournament_id>/matches")
def matches(tournament_id: UUID) -> Response:
    def listing(view: TournamentView) -> dict[str, Any]:
        fmt = view.tournament.format
        return {"version": view.version, "matches": [s.to_dict(fmt) for s in view.tournament.sheets.values()]}

    body = _read(tournament_id, listing)
    return _json(SHEETS, body, etag=str(body["version"]))


@blueprint.get("/tournaments/<uuid:tournament_id>/matches/<match>")
def match_sheet(tournament_id: UUID, match: str) -> Response:
    body = _read(tournament_id, lambda view: _sheet(view, match))
    return _json(SHEET, body, etag=str(body["version"]))


@blueprint.post("/tournaments/<uuid:tournament_id>/matches/<match>/hands")
def link_hand(tournament_id: UUID, match: str) -> Response:
    """Record ``hand_scored`` for a stored hand: its final score, copied from the hand store."""
    data = _load(LINK, tournament_id)
    hand_id: UUID = data["hand"]
    try:
        ruleset, score = _hands().read(hand_id, lambda view: (view.ruleset, view.judged().score))
    except HandNotFound as error:
        version = _read(tournament_id, lambda view: view.version)
        raise Problem(
            422,
            "unknown-hand",
            "Unknown hand",
            f"{error}: post the hand first (POST /hands); nothing was recorded",
            _etag(version),
            field="hand",
            pointer="/hand",
        ) from None

    def scored(t: Tournament) -> list[dict[str, Any]]:
        if ruleset != t.format.ruleset:
            raise IllegalEvent(
                f"hand {hand_id} is played under {ruleset}; this tournament under {t.format.ruleset}", "hand"
            )
        if not score["final"]:
            raise IllegalEvent(f"hand {hand_id} is not final: close it (or finish it) first", "hand")
        linked = next((s.match for s in t.sheets.values() if s.has_hand(str(hand_id))), None)
        if linked is not None:
            raise IllegalEvent(f"hand {hand_id} is already on {linked}'s sheet", "hand")
        return [
            {
                "type": "hand_scored",
                "match": match,
                "hand": str(hand_id),
                "score": {k: score[k] for k in SCORE_KEYS},
            }
        ]

    return _append(tournament_id, scored)


@blueprint.post("/tournaments/<uuid:tournament_id>/matches/<match>/signatures")
def sign(tournament_id: UUID, match: str) -> Response:
    data = _load(SIGNATURE, tournament_id)
    return _append(tournament_id, [{"type": "sheet_signed", "match": match, **data}])


# ---------------------------------------------------------------------- standings, bracket, medals


@blueprint.get("/tournaments/<uuid:tournament_id>/standings")
def standings(tournament_id: UUID) -> Response:
    body = _read(tournament_id, lambda view: {"version": view.version, **view.tournament.standings()})
    return _json(STANDINGS, body, etag=str(body["version"]))


@blueprint.get("/tournaments/<uuid:tournament_id>/bracket")
def bracket(tournament_id: UUID) -> Response:
    body = _read(tournament_id, lambda view: {"version": view.version, "bracket": view.tournament.bracket()})
    return _json(BRACKET, body, etag=str(body["version"]))


@blueprint.get("/tournaments/<uuid:tournament_id>/medals")
def medals(tournament_id: UUID) -> Response:
    body = _read(tournament_id, lambda view: {"version": view.version, **view.tournament.medals()})
    return _json(MEDALS, body, etag=str(body["version"]))
