"""``GET /tournaments/{id}/board``: what the hall's board shows, without a hand."""

from __future__ import annotations

from marshmallow import Schema, fields

from adjudicator.wire.schemas.clocks import ClockSchema
from adjudicator.wire.schemas.common import described
from adjudicator.wire.schemas.tournaments import BracketSchema, MedalsSchema, StandingsSchema


class PlayingSchema(Schema):
    round = fields.Integer(required=True)
    tables = fields.List(
        fields.Dict(), required=True, metadata=described("each table's teams and sheet status")
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
