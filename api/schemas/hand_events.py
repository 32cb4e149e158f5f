"""The hand events' schemas: one per ``type`` (``EVENT_SCHEMAS``), chosen by the ``type`` member, so
that openapi.yaml can say exactly what each carries; ``RECORDED_SCHEMAS`` add a recorded event's
``version`` and ``recorded_at``. ``load_events`` takes one event or an array of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NoReturn

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from adjudicator.cards import SEATS
from adjudicator.events import EVENT_TYPES, HESITATION_PENALTIES, MISDEAL_REASONS, TECH_INFRACTIONS
from api.schemas.common import Cards, EventLoader, Open, Seat, Strict, described, event_schema


class DealtSchema(Strict):
    """The cards dealt to each seat; a seat left out was dealt none (a misdeal)."""

    north = Cards("the cards dealt to north")
    east = Cards("the cards dealt to east")
    south = Cards("the cards dealt to south")
    west = Cards("the cards dealt to west")


_EVENT_FIELDS: Final[dict[str, dict[str, Any]]] = {
    "deal": {
        "hands": fields.Nested(
            DealtSchema, required=True, metadata=described("the cards dealt to each seat")
        ),
        "kitty": Cards("the cards dealt to the kitty"),
        "kitty_positions": fields.List(
            fields.Integer(strict=True, validate=validate.Range(min=1, max=54)),
            allow_none=True,
            validate=validate.Length(max=54),
            metadata=described("where in the dealing order each kitty card fell (1-54)"),
        ),
    },
    "bid": {
        "seat": Seat("the seat bidding", required=True),
        "bid": fields.String(
            required=True,
            validate=validate.Length(min=1, max=40),
            metadata=described("as said: 'pass', '4', '5 uptown', '4 downtown', '6 no trump'"),
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
            metadata=described("the trump suit (spades, hearts, diamonds, clubs)"),
        ),
        "direction": fields.String(
            allow_none=True,
            validate=validate.OneOf(["uptown", "downtown"]),
            metadata=described("for a no trump bid: which way the cards rank"),
        ),
    },
    "play": {
        "seat": Seat("the seat playing", required=True),
        "card": fields.String(
            required=True, validate=validate.Length(min=1, max=8), metadata=described("a card")
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
            metadata=described("what the call names; none: whatever the record shows"),
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
            metadata=described("the id of the ruling that offers the choice (e.g. bid_out_of_turn@3)"),
        ),
        "option": fields.String(
            required=True, validate=validate.Length(min=1, max=100), metadata=described("one of its options")
        ),
        "by": fields.String(
            required=True,
            validate=validate.OneOf([*SEATS, "official"]),
            metadata=described("who chose: a seat, or the official"),
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
            metadata=described("the card played instead"),
        ),
    },
    "hesitation": {
        "seat": Seat("the seat that hesitated or delayed the game", required=True),
        "penalty": fields.String(required=True, validate=validate.OneOf(HESITATION_PENALTIES)),
    },
}


def _event_schema(kind: str, extra: Mapping[str, fields.Field[Any]], suffix: str) -> type[Schema]:
    base = Strict if kind in _EVENT_FIELDS else Open
    return event_schema(kind, {**_EVENT_FIELDS.get(kind, {}), **extra}, suffix, base)


EVENT_SCHEMAS: Final[dict[str, type[Schema]]] = {
    kind: _event_schema(kind, {}, "Event") for kind in EVENT_TYPES
}
RECORDED_SCHEMAS: Final[dict[str, type[Schema]]] = {
    kind: _event_schema(
        kind,
        {
            "version": fields.Integer(
                required=True, metadata=described("the event's number in the hand, from 1")
            ),
            "recorded_at": fields.String(
                required=True, metadata=described("when it was recorded (ISO 8601, UTC)")
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


def _unknown(data: Mapping[str, Any]) -> NoReturn:
    _TYPE_LOADER.load(data)  # not a known type: the type's own schema says why
    raise ValidationError({"type": ["unknown event type"]})


#: One hand event, or an array of them: ``load_events(body) -> (events, whether an array)``.
load_events: Final = EventLoader(EVENT_SCHEMAS, _unknown)
load_event: Final = load_events.one


class RecordedEvent(fields.Field[Any]):
    """A recorded event, dumped (and documented, as ``oneOf``) by the schema of its ``type``."""

    schemas = RECORDED_SCHEMAS
    dumpers: Final = {kind: schema() for kind, schema in RECORDED_SCHEMAS.items()}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return self.dumpers[value["type"]].dump(value)
