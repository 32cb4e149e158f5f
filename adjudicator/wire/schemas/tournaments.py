"""Marshmallow schemas for every request and response body under /tournaments.

Tournament events are one schema per ``type`` (``TOURNAMENT_EVENT_SCHEMAS``), made from the domain's
own vocabulary (``adjudicator.domain.tournaments.events.VOCABULARY``) so that the two cannot disagree on
which members an event has; this module adds their shapes (a seating's tables, a hand's score).
Whether an event could have happened is the domain's question, as for hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NoReturn

from marshmallow import Schema, ValidationError, fields, validate

from adjudicator.domain.cards import SEATS
from adjudicator.domain.limits import MAX_POSITION
from adjudicator.domain.tournaments.events import DRAW_PURPOSES, VOCABULARY
from adjudicator.domain.tournaments.formats import FORMATS
from adjudicator.wire.schemas.common import CitationSchema, OnceKey, Strict, Team, TrueOrFalse, described
from adjudicator.wire.schemas.hand_events import EventLoader, event_schema
from adjudicator.wire.schemas.tournament_fields import (
    MAX_ITEMS,
    NAME,
    TEXT,
    Bounded,
    DeclaredFactsSchema,
    Names,
    Side,
    starts_at,
    starts_at_answered,
)


class SeatingTableSchema(Strict):
    table = Bounded("table", required=True)
    north_south = Side("the side seated north-south", required=True)
    east_west = Side("the side seated east-west; null: the odd team sits out", allow_none=True)
    uncounted = Names("teams at this table whose result does not count (the odd team's second game)")


class TeamPointsSchema(Strict):
    north_south = Bounded("points", required=True)
    east_west = Bounded("points", required=True)


#: Every level of competition a rulebook names (the domain refuses one its tournament's does not).
LEVELS: Final = sorted({level for fmt in FORMATS.values() for level in fmt.entry.levels})


def _few_members(value: Mapping[str, Any]) -> None:
    if len(value) > 20:
        raise ValidationError("at most 20 members")


class HandScoreInputSchema(Strict):
    """A hand's final score, as ``GET /hands/{id}/score`` gives it (Bid Euchre: ``points`` is enough)."""

    final = TrueOrFalse()
    void = TrueOrFalse()
    winner = Team("the team that won the hand", allow_none=True)
    points = fields.Nested(TeamPointsSchema, required=True)
    hand_wins = fields.Nested(TeamPointsSchema, allow_none=True)
    boston = Team("the team that took all 13 books", allow_none=True)
    books = fields.Nested(TeamPointsSchema)
    made = TrueOrFalse(allow_none=True)
    contract = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1, max=50)),
        values=fields.String(allow_none=True, validate=NAME),
        validate=_few_members,
        allow_none=True,
        metadata=described(
            "the contract as the hand's score gives it: bidder, bid, trump, direction", maxProperties=20
        ),
    )
    decided_by = fields.String(allow_none=True, validate=NAME)


def _member(kind: str, name: str, what: str, required: bool) -> fields.Field[Any]:
    """The field of one member of a tournament event, from the domain's vocabulary."""
    req: dict[str, Any] = {"required": required}
    if name == "ruleset":
        return fields.String(
            validate=validate.OneOf(list(FORMATS)), metadata=described("the governing rulebook"), **req
        )
    if name == "purpose":
        return fields.String(validate=validate.OneOf(DRAW_PURPOSES), **req)
    if name == "tables":
        return fields.List(
            fields.Nested(SeatingTableSchema),
            validate=validate.Length(max=MAX_ITEMS),
            metadata=described("the round's tables"),
            **req,
        )
    if name == "score":
        return fields.Nested(HandScoreInputSchema, **req)
    if name == "declared":
        return fields.Dict(
            keys=fields.String(validate=NAME),
            values=fields.Nested(DeclaredFactsSchema),
            validate=_few_members,
            metadata=described("each player's declared facts, by player", maxProperties=20),
            **req,
        )
    if name == "dealer":
        return fields.String(validate=validate.OneOf(SEATS), metadata=described("the seat that dealt"), **req)
    if what == "whole number":
        return Bounded(name, **req)
    if what == "true or false":
        return TrueOrFalse(**req)
    if what == "list":
        return Names(f"{name}: ids, in order", **req)
    return fields.String(validate=TEXT if name in ("reason", "detail") else NAME, **req)


def _event_schema(kind: str) -> type[Schema]:
    required, optional = VOCABULARY[kind]
    members = {
        **{name: _member(kind, name, what, True) for name, what in required.items()},
        **{name: _member(kind, name, what, False) for name, what in optional.items()},
    }
    return event_schema(kind, members, "Event")


#: The events a tournament's log holds after its first (``tournament_created``: ``POST /tournaments``).
TOURNAMENT_EVENT_SCHEMAS: Final[dict[str, type[Schema]]] = {
    kind: _event_schema(kind) for kind in VOCABULARY if kind != "tournament_created"
}


def _unknown(data: Mapping[str, Any]) -> NoReturn:
    if data.get("type") == "tournament_created":
        said = "a tournament is created once, by POST /tournaments: it is not appended"
    else:
        said = f"unknown tournament event type: one of {', '.join(TOURNAMENT_EVENT_SCHEMAS)}"
    raise ValidationError({"type": [said]})


#: One tournament event, or an array of them: ``(events, whether an array)``; never a second
#: ``tournament_created``, which the domain would refuse whatever it said.
load_tournament_events: Final = EventLoader(TOURNAMENT_EVENT_SCHEMAS, _unknown)
load_tournament_event: Final = load_tournament_events.one


# ---------------------------------------------------------------------- requests


class TournamentRequestSchema(Strict):
    ruleset = fields.String(
        required=True,
        validate=validate.OneOf(list(FORMATS)),
        metadata=described("the governing rulebook: its format, movement, standings and playoff"),
    )
    name = fields.String(validate=NAME)
    date = fields.String(
        validate=validate.Regexp(r"^\d{4}-\d{2}-\d{2}$"),
        metadata=described("the day it is played (YYYY-MM-DD)"),
    )
    rounds = Bounded("rounds")
    games_per_session = Bounded("games_per_session")
    starts_at = fields.String(
        validate=starts_at,
        metadata=described(
            "the scheduled start, a date and time with its offset (ISO 8601); with it, entries are checked "
            "against the rulebook's entry rules"
        ),
    )
    level = fields.String(
        validate=validate.OneOf(LEVELS),
        metadata=described(
            "the level of competition where the rulebook has several (Ontario: district, provincial)"
        ),
    )
    places = Bounded("places")
    id = OnceKey("the new tournament's id")


class DrawRequestSchema(Strict):
    purpose = fields.String(
        validate=validate.OneOf(DRAW_PURPOSES),
        metadata=described("the draw to make; default: the first the next round needs"),
    )
    by = fields.String(validate=NAME, metadata=described("the official drawing"))


class SeatingRequestSchema(Strict):
    """Empty: confirm the proposal. ``tables``: confirm these; with ``reason``: override with them."""

    tables = fields.List(fields.Nested(SeatingTableSchema), validate=validate.Length(min=1, max=MAX_ITEMS))
    reason = fields.String(validate=TEXT, metadata=described("why the official overrides the proposal"))
    by = fields.String(validate=NAME)


class SeedingRequestSchema(Strict):
    """Empty: seed the playoff as the standings propose. ``seeds``: these; with ``reason``: an override."""

    seeds = fields.List(fields.String(validate=NAME), validate=validate.Length(min=2, max=MAX_ITEMS))
    reason = fields.String(validate=TEXT)
    by = fields.String(validate=NAME)


class LinkHandSchema(Strict):
    hand = fields.UUID(required=True, metadata=described("a final hand of the store (POST /hands)"))


class SignatureSchema(Strict):
    team = fields.String(validate=NAME, metadata=described("the team signing (Bid Whist)"))
    player = fields.String(validate=NAME, metadata=described("the member who signs"))


class CheckInSchema(Strict):
    team = fields.String(required=True, validate=NAME, metadata=described("the team present at the hall"))
    by = fields.String(validate=NAME, metadata=described("the official who checked it in"))


class BoardSettingSchema(Strict):
    public = TrueOrFalse(
        required=True, metadata=described("true: readers without a credential may see the board")
    )
    by = fields.String(validate=NAME, metadata=described("the official who set it"))


class TournamentQuerySchema(Strict):
    at = fields.Integer(
        validate=validate.Range(min=1, max=MAX_POSITION),
        metadata=described(f"the tournament after this event (1: just created; at most {MAX_POSITION})"),
    )


# ---------------------------------------------------------------------- responses


class StandingsSchema(Schema):
    basis = fields.List(fields.String(), required=True, metadata=described("the ranking keys, in order"))
    rows = fields.List(fields.Dict(), required=True, metadata=described("one per team, best first"))
    ties = fields.List(fields.Dict(), required=True, metadata=described("ties still to be played off"))
    players = fields.List(
        fields.Dict(), metadata=described("Bid Euchre: one per player, best first (partners' points summed)")
    )
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class ProposalSchema(Schema):
    round = fields.Integer(required=True)
    tables = fields.List(fields.Dict(), required=True, allow_none=True)
    needs = fields.List(fields.String(), metadata=described("draws to record first"))
    set_by_director = fields.Boolean()
    not_checked_in = fields.List(
        fields.String(), metadata=described("teams in play not checked in (none while nobody has)")
    )
    detail = fields.String(required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class BracketSchema(Schema):
    size = fields.Integer(required=True)
    matches = fields.Dict(required=True, metadata=described("match id -> round, teams, winner"))
    byes = fields.List(fields.String(), required=True)
    places = fields.Dict(required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class BracketAnswerSchema(Schema):
    version = fields.Integer(required=True)
    bracket = fields.Nested(
        BracketSchema, required=True, allow_none=True, metadata=described("null until the playoff is seeded")
    )


class MedalsSchema(Schema):
    places = fields.Dict(required=True)
    complete = fields.Boolean(required=True)
    members = fields.Dict(required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class SheetSchema(Schema):
    match = fields.String(required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["round", "playoff"]))
    round = fields.Integer(required=True)
    table = fields.Integer(required=True, allow_none=True)
    slot = fields.String(required=True, allow_none=True)
    north_south = fields.Raw(required=True)
    east_west = fields.Raw(required=True)
    uncounted = fields.List(fields.String(), required=True)
    status = fields.String(required=True)
    hands = fields.List(fields.Dict(), required=True)
    result = fields.Dict(required=True)
    signatures = fields.Dict(required=True)
    corrections = fields.List(fields.Dict(), required=True)
    disputes = fields.List(fields.Dict(), required=True)
    rulings = fields.List(fields.Dict(), required=True)
    tiebreak = fields.Dict(required=True, allow_none=True)
    stoppage = fields.Dict(
        metadata=described(
            "only when the match was decided off the cards: a playoff team absent (Detroit I Playoff "
            "Pairing) or a game stopped by the time limit (Ontario C.1)"
        )
    )
    deal = fields.Dict(metadata=described("once a dealer is recorded: deals per seat, whose is next (C.1)"))
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class SheetListSchema(Schema):
    version = fields.Integer(required=True)
    matches = fields.List(fields.Nested(SheetSchema), required=True)


class TournamentSchema(Schema):
    id = fields.UUID(required=True)
    created_at = fields.String(required=True, metadata=described("ISO 8601, UTC"))
    ruleset = fields.String(required=True)
    game = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    date = fields.String(
        required=True, allow_none=True, metadata=described("the day it is played; null: not recorded")
    )
    starts_at = starts_at_answered()
    version = fields.Integer(required=True, metadata=described("the number of events recorded"))
    players = fields.List(fields.Dict(), required=True)
    teams = fields.List(fields.Dict(), required=True)
    draws = fields.List(fields.Dict(), required=True)
    rounds = fields.List(fields.Dict(), required=True)
    sheets = fields.List(fields.Nested(SheetSchema), required=True)
    standings = fields.Nested(StandingsSchema, required=True)
    tiebreaks = fields.List(fields.Dict(), required=True)
    proposal = fields.Nested(ProposalSchema, required=True)
    seeding = fields.Dict(required=True, allow_none=True)
    bracket = fields.Nested(BracketSchema, required=True, allow_none=True)
    medals = fields.Nested(MedalsSchema, required=True)
    checked_in = fields.List(
        fields.String(), required=True, metadata=described("the teams checked in, in the order they came")
    )
    board_public = fields.Boolean(
        required=True, metadata=described("whether readers without a credential may see the board")
    )


class TournamentAppendedSchema(Schema):
    version = fields.Integer(required=True, metadata=described("the tournament's version now"))
    events = fields.List(fields.Dict(), required=True, metadata=described("the events recorded"))


RECORDED_MEMBERS: Final = {
    "version": {"type": "integer", "description": "the event's number in the tournament, from 1"},
    "recorded_at": {"type": "string", "description": "when it was recorded (ISO 8601, UTC)"},
    "author": {
        "oneOf": [{"$ref": "#/components/schemas/Author"}, {"type": "null"}],
        "description": "who recorded it; null for an event recorded before events had authors",
    },
}


class TournamentEventListSchema(Schema):
    version = fields.Integer(required=True)
    next = fields.Integer(allow_none=True, metadata=described("with `after` or `limit`: the next `after`"))
    events = fields.List(
        fields.Dict(metadata={"properties": RECORDED_MEMBERS, "required": ["type", *RECORDED_MEMBERS]}),
        required=True,
        metadata=described(
            "every event as recorded, with its `version` (from 1), `recorded_at` and `author`"
        ),
    )


class StandingsAnswerSchema(StandingsSchema):
    version = fields.Integer(required=True)


class DayStandingsSchema(Schema):
    day = fields.Integer(required=True, metadata=described("the day, from 1"))
    games = fields.Integer(required=True, metadata=described("games counted: the day's and before"))
    complete = fields.Boolean(required=True, metadata=described("every game counted is signed"))
    standings = fields.Nested(StandingsSchema, required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)


class DayStandingsAnswerSchema(Schema):
    version = fields.Integer(required=True)
    days = fields.List(fields.Nested(DayStandingsSchema), required=True, metadata=described("Ontario D.2"))


class ProposalAnswerSchema(ProposalSchema):
    version = fields.Integer(required=True)


class MedalsAnswerSchema(MedalsSchema):
    version = fields.Integer(required=True)


class SeedingAnswerSchema(Schema):
    version = fields.Integer(required=True)
    size = fields.Integer(required=True, metadata=described("the playoff field"))
    entries = fields.Integer(required=True)
    seeds = fields.List(fields.String(), required=True, metadata=described("the proposed seeds, best first"))
    pairings = fields.List(fields.List(fields.String(allow_none=True)), required=True)
    waiting_for = fields.List(fields.Dict(), required=True, metadata=described("ties across the cut"))
    citations = fields.List(fields.Nested(CitationSchema), required=True)
    seeding = fields.Dict(required=True, allow_none=True, metadata=described("the seeding recorded, if any"))
