"""``GET /tournaments/{id}/board``: what the hall's board shows, without a hand."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.wire.schemas.clocks import ClockSchema
from adjudicator.wire.schemas.common import CitationSchema, described
from adjudicator.wire.schemas.tournaments import BracketSchema, MedalsSchema, StandingsSchema


class PlayingSchema(Schema):
    round = fields.Integer(required=True)
    tables = fields.List(
        fields.Dict(), required=True, metadata=described("each table's teams and sheet status")
    )


class BoardClockSchema(Schema):
    """A timed game's round clock (Ontario's 20 minutes a game), counted from the round's seating."""

    round = fields.Integer(required=True, metadata=described("the round it counts for"))
    minutes = fields.Integer(required=True, metadata=described("the rulebook's time limit on a game"))
    started_at = fields.String(
        required=True, metadata=described("when the round's seating was recorded (ISO 8601, UTC)")
    )
    ends_at = fields.String(required=True, metadata=described("when time is up (ISO 8601, UTC)"))
    citations = fields.List(
        fields.Nested(CitationSchema), required=True, metadata=described("the rulebook's time limit")
    )


class BoardStageSchema(Schema):
    """Where the day is, as the board heads it."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf(["registration", "round", "playoff", "final", "finished"]),
        metadata=described(
            "`registration` before a round is seated, `round` while one is played, `playoff` and "
            "`final` once the playoff is seeded, `finished` once the medals are decided"
        ),
    )
    round = fields.Integer(
        required=True,
        allow_none=True,
        metadata=described("the round played (`round`), the playoff's round (`playoff`); else null"),
    )
    title = fields.String(
        required=True,
        metadata=described('the stage as the board heads it: "Round 2", "Playoff: semi-finals", "Final"'),
    )
    clock = fields.Nested(
        BoardClockSchema,
        required=True,
        allow_none=True,
        metadata=described("a timed game's round clock while a round is played; null where none runs"),
    )


class BoardSchema(Schema):
    """The board: standings, bracket, the round being played, medals; no hand, no card, no ruling."""

    id = fields.UUID(required=True)
    name = fields.String(required=True, allow_none=True)
    date = fields.String(required=True, allow_none=True)
    ruleset = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata=described("the tournament's number of events"))
    board_public = fields.Boolean(
        required=True, metadata=described("whether it is readable without a credential")
    )
    stage = fields.Nested(BoardStageSchema, required=True, metadata=described("where the day is"))
    standings = fields.Nested(StandingsSchema, required=True)
    cut = fields.Integer(required=True, metadata=described("how many of the standings the playoff takes"))
    bracket = fields.Nested(BracketSchema, required=True, allow_none=True)
    playing = fields.Nested(
        PlayingSchema,
        required=True,
        allow_none=True,
        metadata=described("the round being played; null before one"),
    )
    medals = fields.Nested(MedalsSchema, required=True)
    clocks = fields.List(
        fields.Nested(ClockSchema), required=True, metadata=described("the delay clocks running now")
    )
