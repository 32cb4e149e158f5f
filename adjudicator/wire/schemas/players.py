"""The association's players on the wire: a record asked for, a person, the matches offered, a
merge, and a player's history."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.domain.tournaments.formats import FORMATS
from adjudicator.wire.schemas.common import Strict, TrueOrFalse
from adjudicator.wire.schemas.common import described as about
from adjudicator.wire.schemas.tournament_fields import NAME

DAY = validate.Regexp(r"^\d{4}-\d{2}-\d{2}$", error="a day: YYYY-MM-DD")


class PlayerRequestSchema(Strict):
    name = fields.String(required=True, validate=NAME, metadata=about("the player's name"))
    centre = fields.String(validate=NAME, metadata=about("the centre the player belongs to"))
    district = fields.String(validate=NAME, metadata=about("the district the player belongs to"))
    birth_date = fields.String(validate=DAY, metadata=about("the declared birth date: YYYY-MM-DD"))
    residence = fields.String(validate=NAME, metadata=about("the declared residence (province or city)"))
    new_person = TrueOrFalse(
        metadata=about("true: the desk says this is someone other than the people whose name reads the same")
    )


class MergeRequestSchema(Strict):
    kept = fields.String(required=True, validate=NAME, metadata=about("the record kept"))
    merged = fields.String(
        required=True, validate=NAME, metadata=about("the record found to be the same person")
    )
    reason = fields.String(validate=NAME, metadata=about("why they are one person"))


class PlayerQuerySchema(Strict):
    name = fields.String(
        validate=NAME, metadata=about("a name: the people whose name reads the same (absent: everyone)")
    )


class PersonSchema(Schema):
    """One record of the registry."""

    player = fields.String(required=True, metadata=about("the player's id in the registry"))
    name = fields.String(required=True, metadata=about("the player's name, as recorded"))
    described = fields.String(
        required=True, metadata={"description": 'as a desk asks: "Ann Lee of Windsor centre"'}
    )
    centre = fields.String(required=True, allow_none=True, metadata=about("the player's centre"))
    district = fields.String(required=True, allow_none=True, metadata=about("the player's district"))
    birth_date = fields.String(
        required=True, allow_none=True, metadata={"description": "declared; shown to officials only"}
    )
    residence = fields.String(
        required=True, allow_none=True, metadata={"description": "declared; shown to officials only"}
    )
    merged_into = fields.String(
        required=True, allow_none=True, metadata=about("the record this one was merged into, if any")
    )


class PlayerSchema(PersonSchema):
    records = fields.List(
        fields.String(),
        required=True,
        metadata=about("every record that is this person (merges followed)"),
    )


class PlayerMatchesSchema(Schema):
    matches = fields.List(
        fields.Nested(PersonSchema), required=True, metadata=about("each person, oldest record first")
    )


class MatchPlayedSchema(Schema):
    match = fields.String(required=True, metadata=about("the match's id"))
    stage = fields.String(required=True, metadata=about("the preliminary rounds or the playoff"))
    round = fields.Integer(required=True, metadata=about("the round (or playoff round) it was played in"))
    side = fields.String(required=True, metadata=about("the partnership the player's team sat as"))
    opponents = fields.String(required=True, metadata=about("the other side, by name"))
    outcome = fields.String(
        required=True,
        validate=validate.OneOf(("open", "won", "lost", "tied")),
        metadata=about("how the match went for the player's side"),
    )
    points = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata=about("points for and against"),
    )
    hands = fields.List(fields.String(), required=True, metadata=about("the hands' ids on the sheet"))
    rulings = fields.List(fields.Dict(), required=True, metadata=about("the sheet's rulings and disputes"))


class CareerSchema(Schema):
    tournament = fields.String(required=True, metadata=about("the tournament's id"))
    name = fields.String(required=True, allow_none=True, metadata=about("the tournament's name"))
    date = fields.String(required=True, allow_none=True, metadata=about("the day it was played"))
    ruleset = fields.String(required=True, metadata=about("the tournament's rulebook"))
    teams = fields.List(
        fields.Dict(), required=True, metadata=about("the teams the player played for: id, name, number")
    )
    unpaired = fields.Boolean(required=True, metadata=about("entered as a single, not yet paired"))
    matches = fields.List(
        fields.Nested(MatchPlayedSchema),
        required=True,
        metadata=about("the matches the player's team played"),
    )
    medals = fields.List(fields.Dict(), required=True, metadata=about("the places the player's team won"))


class PlayerHistorySchema(Schema):
    player = fields.Nested(PlayerSchema, required=True, metadata=about("the player, merges followed"))
    tournaments = fields.List(
        fields.Nested(CareerSchema),
        required=True,
        metadata=about("the player's tournaments, newest first"),
    )


class FinalRequestSchema(Strict):
    """A final made from its qualifiers (SEASON.md, row "who goes on")."""

    ruleset = fields.String(
        required=True,
        validate=validate.OneOf(list(FORMATS)),
        metadata=about(
            "the final's rulebook: Detroit's Final Fours or Ontario's district gold medal winners go on"
        ),
    )
    name = fields.String(validate=NAME, metadata=about("the final's name"))
    date = fields.String(validate=DAY, metadata=about("the day it is played (YYYY-MM-DD)"))
    qualifiers = fields.List(
        fields.UUID(),
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata=about("the qualifier tournaments, in the order their teams are numbered"),
    )


class QualifiedSchema(Schema):
    team = fields.String(required=True, metadata=about("the final's team"))
    tournament = fields.String(required=True, metadata=about("the qualifier it went on from"))
    name = fields.String(required=True, allow_none=True, metadata=about("the qualifier's name"))


class FinalLinkSchema(Schema):
    tournament = fields.String(required=True, metadata=about("the final's id"))
    name = fields.String(required=True, allow_none=True, metadata=about("the final's name"))


class SeasonLinksSchema(Schema):
    qualified = fields.List(
        fields.Nested(QualifiedSchema), required=True, metadata=about("in a final: where each team qualified")
    )
    finals = fields.List(
        fields.Nested(FinalLinkSchema),
        required=True,
        metadata=about("in a qualifier: the finals it sent teams to"),
    )
