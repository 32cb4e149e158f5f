"""The events' schemas: one per ``type`` (``event_schema``), chosen by the ``type`` member, so that
openapi.yaml can say exactly what each carries, and loaded one or an array at a time
(``EventLoader``, the tournaments' too). A hand's: ``EVENT_SCHEMAS``, and ``RECORDED_SCHEMAS``, which
add a recorded event's ``version`` and ``recorded_at``; ``load_events`` takes one or an array.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Final, NoReturn

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from adjudicator.domain.events import EVENT_TYPES, SHAPES, Derived, EventType, Member
from adjudicator.domain.limits import MAX_HAND_EVENTS
from adjudicator.service.concealment import CONCEALED_MEMBERS
from adjudicator.wire.schemas.common import (
    MAX_BATCH,
    Author,
    Cards,
    Seat,
    Strict,
    WholeNumber,
    described,
    messages,
)


def EventId() -> fields.UUID:
    """An event's optional client-chosen id: the same id posted again is answered as the first time."""
    return fields.UUID(
        metadata=described(
            "a client-chosen id (a UUID): the same event posted again with its id is recorded once, and "
            "answered as the first time; another event under a used id is a 409 idempotency-conflict"
        )
    )


def event_schema(
    kind: str, members: Mapping[str, fields.Field[Any]], suffix: str, base: type[Schema] = Strict
) -> type[Schema]:
    """The schema of one event ``type``: ``type`` itself, then ``members``; named ``KindSuffix``."""
    name = "".join(part.capitalize() for part in kind.split("_"))
    typed: dict[str, fields.Field[Any]] = {
        "type": fields.String(required=True, validate=validate.OneOf([kind])),
        **members,
        "id": EventId(),
    }
    return base.from_dict(typed, name=f"{name}{suffix}")


class EventLoader:
    """Loads one event, or an array of them, each by the schema of its ``type``.

    ``unknown(data)`` raises the ``ValidationError`` for an event whose type has no schema.
    """

    def __init__(self, schemas: Mapping[str, type[Schema]], unknown: Callable[[Mapping[str, Any]], NoReturn]):
        self.schemas = schemas
        self.loaders: dict[str, tuple[type[Schema], Schema]] = {}
        self.unknown = unknown

    def _loader(self, kind: object) -> Schema | None:
        """The schema instance for ``kind``, made once per schema (the mapping may grow later)."""
        schema = self.schemas.get(kind) if isinstance(kind, str) else None
        if schema is None or not isinstance(kind, str):
            return None
        made = self.loaders.get(kind)
        if made is None or made[0] is not schema:
            made = self.loaders[kind] = (schema, schema())
        return made[1]

    def ready(self) -> None:
        """Make every schema known now (a few milliseconds), so that no request pays for one."""
        for kind in self.schemas:
            self._loader(kind)

    def one(self, data: object) -> dict[str, Any]:
        """One event, checked by the schema of its ``type``."""
        if not isinstance(data, Mapping):
            raise ValidationError({"_schema": ["an event is a JSON object with a 'type'"]})
        loader = self._loader(data.get("type"))
        if loader is None:
            self.unknown(data)
        loaded: dict[str, Any] = loader.load(data)
        return loaded

    def __call__(self, data: object) -> tuple[list[dict[str, Any]], bool]:
        """One event or an array of them: (events, whether the body was an array)."""
        if not isinstance(data, list):
            return [self.one(data)], False
        validate.Length(min=1, max=MAX_BATCH, error="send between {min} and {max} events")(data)
        events: list[dict[str, Any]] = []
        errors: dict[int, Any] = {}
        for i, item in enumerate(data):
            try:
                events.append(self.one(item))
            except ValidationError as error:
                errors[i] = messages(error)
        if errors:
            raise ValidationError(errors)
        return events, True


class DealtSchema(Strict):
    """The cards dealt to each seat; a seat left out was dealt none (a misdeal)."""

    north = Cards("the cards dealt to north")
    east = Cards("the cards dealt to east")
    south = Cards("the cards dealt to south")
    west = Cards("the cards dealt to west")


#: The most events a hand holds (``adjudicator.domain.limits``, which says why), hence the highest number
#: an event refers to another by, and the most a record of one hand brings.
MAX_EVENTS: Final = MAX_HAND_EVENTS


class NestedEvent(fields.Dict):
    """An event inside an event (``correct_record``'s ``replace_with``): held to its own type's schema,
    as if it were sent alone, so that no member of it escapes the bounds of the contract."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        load_event(value)
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call]


def _field(member: Member) -> fields.Field[Any]:
    """The marshmallow field of one member, as the domain's shape of the event describes it."""
    options: dict[str, Any] = {"required": True} if member.required else {}
    if member.nullable:
        options["allow_none"] = True
    if member.kind == "seat":
        return Seat(member.doc or "a seat at the table", **options)
    if member.kind == "cards":
        return Cards(member.doc or "cards", **options)
    if member.doc:
        options["metadata"] = described(member.doc)
    match member.kind:
        case "hands":
            return fields.Nested(DealtSchema, **options)
        case "positions":
            number = fields.Integer(
                strict=True,
                validate=validate.Range(min=1, max=54),
                metadata=described("a position in dealing order: from 1 to 54"),
            )
            return fields.List(number, validate=validate.Length(max=54), **options)
        case "one_of":
            return fields.String(validate=validate.OneOf(member.choices), **options)
        case "card":
            return fields.String(validate=validate.Length(min=1, max=8), **options)
        case "number":
            return WholeNumber(validate=validate.Range(min=1, max=member.most or MAX_EVENTS), **options)
        case "count":
            return WholeNumber(validate=validate.Range(min=0, max=member.most or 0), **options)
        case "event":
            return NestedEvent(**options)
        case _:
            return fields.String(validate=validate.Length(min=1, max=member.max_length), **options)


def _event_schema(event_type: EventType, extra: Mapping[str, fields.Field[Any]], suffix: str) -> type[Schema]:
    members = {name: _field(member) for name, member in event_type.members.items()}
    return event_schema(event_type.name, {**members, **extra}, suffix)


#: Each event type's request schema, made from its description (``adjudicator.domain.events.REGISTRY``).
EVENT_SCHEMAS: Final[Mapping[str, type[Schema]]] = Derived(lambda d: _event_schema(d, {}, "Event"))


def _concealed(kind: str) -> dict[str, fields.Field[Any]]:
    """A recorded event's concealed members: null to a reader who may not see them while in play."""
    hidden = CONCEALED_MEMBERS.get(kind, ())
    return {
        name: _field(
            replace(
                member,
                nullable=True,
                doc=f"{member.doc or name}; null while the hand is in play "
                "to a reader who may not see its concealed cards",
            )
        )
        for name, member in SHAPES.get(kind, {}).items()
        if name in hidden
    }


def _recorded_schema(event_type: EventType) -> type[Schema]:
    recorded = {
        **_concealed(event_type.name),
        "version": fields.Integer(
            required=True, metadata=described("the event's number in the hand, from 1")
        ),
        "recorded_at": fields.String(
            required=True, metadata=described("when it was recorded (ISO 8601, UTC)")
        ),
        "author": Author(),
    }
    return _event_schema(event_type, recorded, "Recorded")


RECORDED_SCHEMAS: Final[Mapping[str, type[Schema]]] = Derived(_recorded_schema)


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
    dumpers: Final = Derived(lambda d: RECORDED_SCHEMAS[d.name]())

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return self.dumpers[value["type"]].dump(value)
