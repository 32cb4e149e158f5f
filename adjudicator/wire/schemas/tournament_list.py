"""The list of tournaments (``GET /tournaments``): one item a tournament, from the read models."""

from __future__ import annotations

from marshmallow import Schema, fields

from adjudicator.wire.schemas.common import described
from adjudicator.wire.schemas.tournament_fields import starts_at_answered


class ListedMedalsSchema(Schema):
    places = fields.Dict(required=True, metadata=described("each medal's team, by place"))
    complete = fields.Boolean(required=True, metadata=described("whether every medal is decided"))


class TournamentListItemSchema(Schema):
    id = fields.UUID(required=True)
    name = fields.String(
        required=True, allow_none=True, metadata=described("the name, null if none was given")
    )
    ruleset = fields.String(required=True)
    game = fields.String(required=True)
    created_at = fields.String(required=True, allow_none=True, metadata=described("ISO 8601, UTC"))
    starts_at = starts_at_answered()
    version = fields.Integer(required=True, metadata=described("the number of events projected"))
    teams = fields.Integer(required=True)
    rounds = fields.Integer(required=True, metadata=described("the preliminary rounds drawn"))
    matches = fields.Integer(required=True)
    signed = fields.Integer(required=True, metadata=described("the matches whose sheet is signed"))
    medals = fields.Nested(ListedMedalsSchema, required=True)


class TournamentListSchema(Schema):
    tournaments = fields.List(
        fields.Nested(TournamentListItemSchema),
        required=True,
        metadata=described("every tournament, the newest first"),
    )
