"""Marshmallow schemas for every request and response body: the API's whole idea of shape.

Requests are checked for shape only (types, required members, enumerations, no unknown members);
whether an event could have happened is the domain's question. Events are one schema per ``type``
(``EVENT_SCHEMAS``), chosen by the ``type`` member, so that openapi.yaml can say exactly what each
carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate

from adjudicator.cards import SEATS, TEAMS
from adjudicator.events import EVENT_TYPES, HESITATION_PENALTIES, MISDEAL_REASONS, TECH_INFRACTIONS
from adjudicator.rulebooks import RULESETS

MAX_BATCH: Final = 200
PHASES: Final = ("bidding", "kitty", "exchange", "play", "complete", "void", "closed")
STATUSES: Final = ("detected", "pending", "established", "dismissed")


def _described(text: str, **extra: Any) -> dict[str, Any]:
    return {"description": text, **extra}


def Seat(text: str = "a seat at the table", **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(SEATS), metadata=_described(text), **kwargs)


def Team(text: str = "a partnership", **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(TEAMS), metadata=_described(text), **kwargs)


def Cards(text: str, **kwargs: Any) -> fields.List[Any]:
    card = fields.String(
        validate=validate.Length(min=1, max=8),
        metadata=_described("a card: rank and suit (AS, 10H, 2C) or a joker (BJ, LJ)"),
    )
    return fields.List(card, validate=validate.Length(max=60), metadata=_described(text), **kwargs)


class Strict(Schema):
    """Unknown members are an error: a misspelt field must not be silently dropped."""

    class Meta:
        unknown = RAISE


# ---------------------------------------------------------------------- requests


class PlayersSchema(Strict):
    north = fields.String(validate=validate.Length(min=1, max=100))
    east = fields.String(validate=validate.Length(min=1, max=100))
    south = fields.String(validate=validate.Length(min=1, max=100))
    west = fields.String(validate=validate.Length(min=1, max=100))


class DealtSchema(Strict):
    """The cards dealt to each seat; a seat left out was dealt none (a misdeal)."""

    north = Cards("the cards dealt to north")
    east = Cards("the cards dealt to east")
    south = Cards("the cards dealt to south")
    west = Cards("the cards dealt to west")


class HandRequestSchema(Strict):
    ruleset = fields.String(
        required=True,
        validate=validate.OneOf(list(RULESETS)),
        metadata=_described("the governing rulebook (GET /rulesets)"),
    )
    dealer = Seat("the seat that deals this hand", required=True)
    players = fields.Nested(PlayersSchema, allow_none=True, metadata=_described("the players' names by seat"))
    label = fields.String(
        allow_none=True,
        validate=validate.Length(max=200),
        metadata=_described("a free label: table, round, board"),
    )


def _type(kind: str) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf([kind]))


_EVENT_FIELDS: Final[dict[str, dict[str, Any]]] = {
    "deal": {
        "hands": fields.Nested(
            DealtSchema, required=True, metadata=_described("the cards dealt to each seat")
        ),
        "kitty": Cards("the cards dealt to the kitty"),
        "kitty_positions": fields.List(
            fields.Integer(strict=True, validate=validate.Range(min=1, max=54)),
            allow_none=True,
            validate=validate.Length(max=54),
            metadata=_described("where in the dealing order each kitty card fell (1-54)"),
        ),
    },
    "bid": {
        "seat": Seat("the seat bidding", required=True),
        "bid": fields.String(
            required=True,
            validate=validate.Length(min=1, max=40),
            metadata=_described("as said: 'pass', '4', '5 uptown', '4 downtown', '6 no trump'"),
        ),
    },
    "discard": {
        "seat": Seat("the bidder", required=True),
        "cards": Cards("the cards laid away", required=True),
    },
    "declare": {
        "seat": Seat("the bidder", required=True),
        "trump": fields.String(
            allow_none=True,
            validate=validate.Length(min=1, max=20),
            metadata=_described("the trump suit (spades, hearts, diamonds, clubs)"),
        ),
        "direction": fields.String(
            allow_none=True,
            validate=validate.OneOf(["uptown", "downtown"]),
            metadata=_described("for a no trump bid: which way the cards rank"),
        ),
    },
    "play": {
        "seat": Seat("the seat playing", required=True),
        "card": fields.String(
            required=True, validate=validate.Length(min=1, max=8), metadata=_described("a card")
        ),
    },
    "renege_call": {
        "by": Seat("the seat calling", required=True),
        "against": Seat("the seat accused", required=True),
    },
    "tech_call": {
        "by": Seat("the seat calling", required=True),
        "against": Seat("the seat accused", required=True),
        "infraction": fields.String(
            allow_none=True,
            validate=validate.OneOf(TECH_INFRACTIONS),
            metadata=_described("what the call names; none: whatever the record shows"),
        ),
    },
    "inspect": {
        "seat": Seat("the seat whose hand the official inspected", required=True),
        "cards": Cards("every card the seat held", required=True),
    },
    "expose": {
        "seat": Seat("the seat that exposed", required=True),
        "cards": Cards("the cards exposed", required=True),
    },
    "misdeal": {
        "reason": fields.String(required=True, validate=validate.OneOf(MISDEAL_REASONS)),
        "by": Seat("the seat that called it", allow_none=True),
    },
    "choice": {
        "ruling": fields.String(
            required=True,
            validate=validate.Length(min=1, max=100),
            metadata=_described("the id of the ruling that offers the choice (e.g. bid_out_of_turn@3)"),
        ),
        "option": fields.String(
            required=True, validate=validate.Length(min=1, max=100), metadata=_described("one of its options")
        ),
        "by": fields.String(
            required=True,
            validate=validate.OneOf([*SEATS, "official"]),
            metadata=_described("who chose: a seat, or the official"),
        ),
    },
    "concede": {"seat": Seat("the seat conceding", required=True)},
    "close": {},
    "exchange": {
        "seat": Seat("the bidder (Bid Euchre)", required=True),
        "discards": Cards("the cards the bidder passes to the partner", required=True),
        "receives": Cards("the cards the bidder takes from the partner", required=True),
    },
    "correct": {
        "seat": Seat("the seat correcting its renege before the trick is gathered", required=True),
        "card": fields.String(
            required=True,
            validate=validate.Length(min=1, max=8),
            metadata=_described("the card played instead"),
        ),
    },
    "hesitation": {
        "seat": Seat("the seat that hesitated or delayed the game", required=True),
        "penalty": fields.String(required=True, validate=validate.OneOf(HESITATION_PENALTIES)),
    },
}


def _schema_name(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_"))


class Open(Schema):
    """An event type this API has no schema for yet: its members go to the domain unchecked."""

    class Meta:
        unknown = INCLUDE


def _event_schema(kind: str, extra: Mapping[str, fields.Field[Any]], suffix: str) -> type[Schema]:
    base = Strict if kind in _EVENT_FIELDS else Open
    members: dict[str, fields.Field[Any]] = {"type": _type(kind), **_EVENT_FIELDS.get(kind, {}), **extra}
    return base.from_dict(members, name=f"{_schema_name(kind)}{suffix}")


EVENT_SCHEMAS: Final[dict[str, type[Schema]]] = {
    kind: _event_schema(kind, {}, "Event") for kind in EVENT_TYPES
}
RECORDED_SCHEMAS: Final[dict[str, type[Schema]]] = {
    kind: _event_schema(
        kind,
        {
            "version": fields.Integer(
                required=True, metadata=_described("the event's number in the hand, from 1")
            ),
            "recorded_at": fields.String(
                required=True, metadata=_described("when it was recorded (ISO 8601, UTC)")
            ),
        },
        "Recorded",
    )
    for kind in EVENT_TYPES
}


class EventTypeSchema(Schema):
    """Reads only ``type``, to choose the event's own schema."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=validate.OneOf(EVENT_TYPES))


_TYPE_LOADER: Final = EventTypeSchema()
_EVENT_LOADERS: Final = {kind: schema() for kind, schema in EVENT_SCHEMAS.items()}


def messages(error: ValidationError) -> Any:
    """marshmallow's error messages, nested by member (and array position)."""
    return error.normalized_messages()  # type: ignore[no-untyped-call]


def load_event(data: object) -> dict[str, Any]:
    """One event, checked by the schema of its ``type``."""
    if not isinstance(data, Mapping):
        raise ValidationError({"_schema": ["an event is a JSON object with a 'type'"]})
    kind = data.get("type")
    loader = _EVENT_LOADERS.get(kind) if isinstance(kind, str) else None
    if loader is None:  # not a known type: the type's own schema says why
        _TYPE_LOADER.load(data)
        raise ValidationError({"type": ["unknown event type"]})
    loaded: dict[str, Any] = loader.load(data)
    return loaded


def load_events(data: object) -> tuple[list[dict[str, Any]], bool]:
    """One event or an array of them: (events, whether the body was an array)."""
    if not isinstance(data, list):
        return [load_event(data)], False
    validate.Length(min=1, max=MAX_BATCH, error="send between {min} and {max} events")(data)
    events: list[dict[str, Any]] = []
    errors: dict[int, Any] = {}
    for i, item in enumerate(data):
        try:
            events.append(load_event(item))
        except ValidationError as error:
            errors[i] = messages(error)
    if errors:
        raise ValidationError(errors)
    return events, True


class StateQuerySchema(Strict):
    """The query of GET /hands/{id}/state: ``at`` and nothing else."""

    at = fields.Integer(
        validate=validate.Range(min=0),
        metadata=_described("the event after which to show the table; 0: before any event"),
    )


# ---------------------------------------------------------------------- responses


class RulesetSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    document = fields.String(required=True, metadata=_described("the rulebook rulings cite"))


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
        metadata=_described("which way the cards rank (Bid Whist); null in Bid Euchre"),
    )


class ScoreSchema(Schema):
    final = fields.Boolean(required=True, metadata=_described("whether anything can still change it"))
    void = fields.Boolean(required=True, metadata=_described("the hand is void and dealt again"))
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    books = fields.Nested(TeamCountsSchema, required=True)
    made = fields.Boolean(required=True, allow_none=True)
    winner = Team("the team that won the hand", required=True, allow_none=True)
    points = fields.Nested(TeamCountsSchema, required=True)
    hand_wins = fields.Nested(TeamCountsSchema, required=True)
    boston = Team("the team that took all 13 books", required=True, allow_none=True)
    decided_by = fields.String(
        required=True, allow_none=True, metadata=_described("the ruling that decided the hand")
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
    opened_at = fields.String(required=True, metadata=_described("ISO 8601, UTC"))
    version = fields.Integer(required=True, metadata=_described("the number of events recorded"))
    status = fields.String(required=True, validate=validate.OneOf(PHASES))
    turn = fields.Nested(TurnSchema, required=True, allow_none=True)
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    score = fields.Nested(ScoreSchema, required=True)
    rulings = fields.Nested(RulingCountsSchema, required=True)


class AppendedSchema(Schema):
    version = fields.Integer(required=True, metadata=_described("the hand's version now"))


class RecordedEvent(fields.Field[Any]):
    """A recorded event, dumped (and documented, as ``oneOf``) by the schema of its ``type``."""

    schemas = RECORDED_SCHEMAS
    dumpers: Final = {kind: schema() for kind, schema in RECORDED_SCHEMAS.items()}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return self.dumpers[value["type"]].dump(value)


class EventListSchema(Schema):
    events = fields.List(RecordedEvent(), required=True)


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
    counted = fields.Boolean(required=True, metadata=_described("false: void (out of turn)"))
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
    game = fields.String(required=True, metadata=_described("Bid Whist or Bid Euchre"))
    dealer = Seat(required=True)
    version = fields.Integer(required=True, metadata=_described("the events this state includes"))
    phase = fields.String(required=True, validate=validate.OneOf(PHASES))
    deal_known = fields.Boolean(required=True)
    hands = fields.Nested(HoldingsSchema, required=True)
    kitty = fields.List(fields.String(), required=True, allow_none=True)
    discard = fields.List(fields.String(), required=True, allow_none=True)
    exchange = fields.Nested(
        ExchangedSchema,
        required=True,
        allow_none=True,
        metadata=_described("Bid Euchre: the cards the bidder and partner passed"),
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


class CitationSchema(Schema):
    document = fields.String(required=True)
    section = fields.String(required=True)


class CalledBySchema(Schema):
    seat = Seat(required=True)
    event = fields.Integer(required=True)


class RulingSchema(Schema):
    id = fields.String(required=True, metadata=_described("kind@event: stable within the hand"))
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


class RulingListSchema(Schema):
    rulings = fields.List(fields.Nested(RulingSchema), required=True)


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the members this API adds."""

    type = fields.String(required=True, metadata=_described("a URI naming the kind of problem"))
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String(metadata=_described("the request path"))
    field = fields.String(
        allow_none=True, metadata=_described("the offending member, as a path inside the event")
    )
    index = fields.Integer(
        allow_none=True, metadata=_described("for an array: the offending event's position in it, from 0")
    )
    event = fields.Integer(
        allow_none=True, metadata=_described("the number the offending event would have had in the hand")
    )
    pointer = fields.String(metadata=_described("JSON pointer to the offending member of the body"))
    errors = fields.Dict(metadata=_described("every shape error, by member (and array position)"))
    version = fields.Integer(metadata=_described("the hand's current version"))
