"""The association's players on the wire: a record asked for, a person, the matches offered, a
merge, and a player's history."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.wire.schemas.common import Strict, TrueOrFalse, described
from adjudicator.wire.schemas.tournament_fields import NAME

DAY = validate.Regexp(r"^\d{4}-\d{2}-\d{2}$", error="a day: YYYY-MM-DD")


class PlayerRequestSchema(Strict):
    name = fields.String(required=True, validate=NAME, metadata=described("the player's name"))
    centre = fields.String(validate=NAME, metadata=described("the centre the player belongs to"))
    district = fields.String(validate=NAME, metadata=described("the district the player belongs to"))
    birth_date = fields.String(validate=DAY, metadata=described("the declared birth date: YYYY-MM-DD"))
    residence = fields.String(validate=NAME, metadata=described("the declared residence (province or city)"))
    new_person = TrueOrFalse(
        metadata=described(
            "true: the desk says this is someone other than the people whose name reads the same"
        )
    )


class MergeRequestSchema(Strict):
    kept = fields.String(required=True, validate=NAME, metadata=described("the record kept"))
    merged = fields.String(
        required=True, validate=NAME, metadata=described("the record found to be the same person")
    )
    reason = fields.String(validate=NAME, metadata=described("why they are one person"))


class PlayerQuerySchema(Strict):
    name = fields.String(
        required=True, validate=NAME, metadata=described("a name: the people whose name reads the same")
    )


class PersonSchema(Schema):
    """One record of the registry (its ``described`` field shadows the helper inside the class)."""

    player = fields.String(required=True, metadata=described("the player's id in the registry"))
    name = fields.String(required=True)
    described = fields.String(
        required=True, metadata={"description": 'as a desk asks: "Ann Lee of Windsor centre"'}
    )
    centre = fields.String(required=True, allow_none=True)
    district = fields.String(required=True, allow_none=True)
    birth_date = fields.String(
        required=True, allow_none=True, metadata={"description": "declared; shown to officials only"}
    )
    residence = fields.String(
        required=True, allow_none=True, metadata={"description": "declared; shown to officials only"}
    )
    merged_into = fields.String(required=True, allow_none=True)


class PlayerSchema(PersonSchema):
    records = fields.List(
        fields.String(),
        required=True,
        metadata=described("every record that is this person (merges followed)"),
    )


class PlayerMatchesSchema(Schema):
    matches = fields.List(fields.Nested(PersonSchema), required=True)


class MatchPlayedSchema(Schema):
    match = fields.String(required=True)
    stage = fields.String(required=True)
    round = fields.Integer(required=True)
    side = fields.String(required=True)
    opponents = fields.String(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(("open", "won", "lost", "tied")))
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    hands = fields.List(fields.String(), required=True, metadata=described("the hands' ids on the sheet"))
    rulings = fields.List(
        fields.Dict(), required=True, metadata=described("the sheet's rulings and disputes")
    )


class CareerSchema(Schema):
    tournament = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    date = fields.String(required=True, allow_none=True)
    ruleset = fields.String(required=True)
    teams = fields.List(fields.Dict(), required=True)
    unpaired = fields.Boolean(required=True, metadata=described("entered as a single, not yet paired"))
    matches = fields.List(fields.Nested(MatchPlayedSchema), required=True)
    medals = fields.List(fields.Dict(), required=True)


class PlayerHistorySchema(Schema):
    player = fields.Nested(PlayerSchema, required=True)
    tournaments = fields.List(fields.Nested(CareerSchema), required=True)
