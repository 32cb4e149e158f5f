"""The hands' request and response bodies (their events' schemas: ``hand_events``)."""

from __future__ import annotations

from typing import Final

from marshmallow import Schema, fields, validate

from adjudicator.domain.limits import MAX_POSITION
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.wire.schemas.common import CitationSchema, OnceKey, Seat, Strict, Team, described
from adjudicator.wire.schemas.hand_events import RecordedEvent

PHASES: Final = ("bidding", "kitty", "exchange", "play", "complete", "void", "closed")
STATUSES: Final = ("detected", "pending", "established", "dismissed")


# ---------------------------------------------------------------------- requests


class PlayersSchema(Strict):
    north = fields.String(validate=validate.Length(min=1, max=100))
    east = fields.String(validate=validate.Length(min=1, max=100))
    south = fields.String(validate=validate.Length(min=1, max=100))
    west = fields.String(validate=validate.Length(min=1, max=100))


class HandRequestSchema(Strict):
    ruleset = fields.String(
        required=True,
        validate=validate.OneOf(list(RULESETS)),
        metadata=described("the governing rulebook (GET /rulesets)"),
    )
    dealer = Seat("the seat that deals this hand", required=True)
    players = fields.Nested(PlayersSchema, allow_none=True, metadata=described("the players' names by seat"))
    label = fields.String(
        allow_none=True,
        validate=validate.Length(max=200),
        metadata=described("a free label: table, round, board"),
    )
    id = OnceKey("the new hand's id")


class StateQuerySchema(Strict):
    """The query of GET /hands/{id}/state: ``at`` and nothing else."""

    at = fields.Integer(
        validate=validate.Range(min=0, max=MAX_POSITION),
        metadata=described(
            f"the event after which to show the table; 0: before any event (at most {MAX_POSITION})"
        ),
    )


# ---------------------------------------------------------------------- responses


class RulesetSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    document = fields.String(required=True, metadata=described("the rulebook rulings cite"))


class TeamCountsSchema(Schema):
    north_south = fields.Integer(required=True)
    east_west = fields.Integer(required=True)


class ContractSchema(Schema):
    bidder = Seat("the seat that won the bidding", required=True)
    bid = fields.String(required=True)
    trump = fields.String(required=True, allow_none=True)
    direction = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["uptown", "downtown"]),
        metadata=described("which way the cards rank (Bid Whist); null in Bid Euchre"),
    )


class ScoreSchema(Schema):
    final = fields.Boolean(required=True, metadata=described("whether anything can still change it"))
    void = fields.Boolean(required=True, metadata=described("the hand is void and dealt again"))
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    books = fields.Nested(TeamCountsSchema, required=True)
    made = fields.Boolean(required=True, allow_none=True)
    winner = Team("the team that won the hand", required=True, allow_none=True)
    points = fields.Nested(TeamCountsSchema, required=True)
    hand_wins = fields.Nested(TeamCountsSchema, required=True)
    boston = Team("the team that took all 13 books", required=True, allow_none=True)
    decided_by = fields.String(
        required=True, allow_none=True, metadata=described("the ruling that decided the hand")
    )
    text = fields.String(
        metadata=described("the score in words, saying how the hand was decided (GET …/score)")
    )


class RulingCountsSchema(Schema):
    total = fields.Integer(required=True)
    detected = fields.Integer(required=True)
    pending = fields.Integer(required=True)
    established = fields.Integer(required=True)
    dismissed = fields.Integer(required=True)


class TurnSchema(Schema):
    seat = fields.String(required=True)
    action = fields.String(required=True)


class HandSchema(Schema):
    id = fields.UUID(required=True)
    ruleset = fields.String(required=True)
    dealer = Seat("the dealer", required=True)
    players = fields.Nested(PlayersSchema, required=True, allow_none=True)
    label = fields.String(required=True, allow_none=True)
    opened_at = fields.String(required=True, metadata=described("ISO 8601, UTC"))
    version = fields.Integer(required=True, metadata=described("the number of events recorded"))
    status = fields.String(required=True, validate=validate.OneOf(PHASES))
    turn = fields.Nested(TurnSchema, required=True, allow_none=True)
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    score = fields.Nested(ScoreSchema, required=True)
    rulings = fields.Nested(RulingCountsSchema, required=True)


class AppendedSchema(Schema):
    version = fields.Integer(required=True, metadata=described("the hand's version now"))


class EventListSchema(Schema):
    events = fields.List(RecordedEvent(), required=True)
    next = fields.Integer(
        allow_none=True, metadata=described("with `after` or `limit`: the next page's `after` (null: none)")
    )


class SeatCardSchema(Schema):
    seat = Seat(required=True)
    card = fields.String(required=True)


class PlayedSchema(SeatCardSchema):
    event = fields.Integer(required=True)


class BidRecordSchema(Schema):
    event = fields.Integer(required=True)
    seat = Seat(required=True)
    said = fields.String(required=True)
    bid = fields.String(required=True)
    counted = fields.Boolean(required=True, metadata=described("false: void (out of turn)"))
    counts_as = fields.String(required=True, allow_none=True)


class StandingBidSchema(Schema):
    seat = Seat(required=True)
    bid = fields.String(required=True)


class CurrentBookSchema(Schema):
    number = fields.Integer(required=True)
    leader = fields.String(required=True, allow_none=True)
    led_suit = fields.String(required=True, allow_none=True)
    plays = fields.List(fields.Nested(SeatCardSchema), required=True)


class BookSchema(Schema):
    number = fields.Integer(required=True)
    leader = Seat(required=True)
    plays = fields.List(fields.Nested(PlayedSchema), required=True)
    winner = Seat(required=True)


class RestrictionSchema(Schema):
    kind = fields.String(
        required=True, validate=validate.OneOf(["may_not_lead", "silenced", "may_not_bid_colour"])
    )
    team = Team()
    suit = fields.String()
    since_event = fields.Integer()
    seat = Seat()
    colour = fields.String()


class ExchangedSchema(Schema):
    discards = fields.List(fields.String(), required=True)
    receives = fields.List(fields.String(), required=True)


class HoldingsSchema(Schema):
    """Each seat's cards in hand, where the record shows them (null: unknown)."""

    north = fields.List(fields.String(), required=True, allow_none=True)
    east = fields.List(fields.String(), required=True, allow_none=True)
    south = fields.List(fields.String(), required=True, allow_none=True)
    west = fields.List(fields.String(), required=True, allow_none=True)


class StateSchema(Schema):
    ruleset = fields.String(required=True)
    game = fields.String(required=True, metadata=described("Bid Whist or Bid Euchre"))
    dealer = Seat(required=True)
    version = fields.Integer(required=True, metadata=described("the events this state includes"))
    phase = fields.String(required=True, validate=validate.OneOf(PHASES))
    deal_known = fields.Boolean(required=True)
    hands = fields.Nested(HoldingsSchema, required=True)
    kitty = fields.List(fields.String(), required=True, allow_none=True)
    discard = fields.List(fields.String(), required=True, allow_none=True)
    exchange = fields.Nested(
        ExchangedSchema,
        required=True,
        allow_none=True,
        metadata=described("Bid Euchre: the cards the bidder and partner passed"),
    )
    sitting_out = Seat(
        "Bid Euchre: the bidder's partner on a call played alone", required=True, allow_none=True
    )
    bids = fields.List(fields.Nested(BidRecordSchema), required=True)
    standing_bid = fields.Nested(StandingBidSchema, required=True, allow_none=True)
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    book = fields.Nested(CurrentBookSchema, required=True, allow_none=True)
    books = fields.List(fields.Nested(BookSchema), required=True)
    books_taken = fields.Nested(TeamCountsSchema, required=True)
    turn = fields.Nested(TurnSchema, required=True, allow_none=True)
    restrictions = fields.List(fields.Nested(RestrictionSchema), required=True)
    exposed = fields.List(fields.Nested(PlayedSchema), required=True)
    conceded_by = Seat(required=True, allow_none=True)


class CalledBySchema(Schema):
    seat = Seat(required=True)
    event = fields.Integer(required=True)


class RulingSchema(Schema):
    id = fields.String(required=True, metadata=described("kind@event: stable within the hand"))
    kind = fields.String(required=True)
    seat = Seat("the offending seat", required=True)
    team = Team(required=True)
    event = fields.Integer(required=True)
    book = fields.Integer(required=True, allow_none=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    detail = fields.String(required=True)
    proof = fields.String(required=True, allow_none=True)
    penalty = fields.String(required=True)
    effect = fields.Dict(required=True, allow_none=True)
    options = fields.List(fields.String(), required=True)
    choice = fields.Dict(required=True, allow_none=True)
    called_by = fields.Nested(CalledBySchema, required=True, allow_none=True)
    settled_at = fields.Integer(required=True, allow_none=True)
    notes = fields.List(fields.String(), required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)
    text = fields.String(
        metadata=described("the ruling in words: who did what, where it stands, its effect, the record")
    )


class RulingListSchema(Schema):
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
