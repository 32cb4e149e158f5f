"""What the hands' and the tournaments' schemas share: field helpers, ``Strict``, authors, problems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate

from adjudicator.domain.cards import SEATS, TEAMS
from adjudicator.service.credentials import ROLES

#: RFC 9110's ``If-Match`` and ``If-None-Match``: ``*`` or a list of entity tags (``"8"``, ``W/"8"``).
ENTITY_TAGS: Final = r'^[ \t]*(?:\*|(?:W/)?"[!#-~]*"(?:[ \t]*,[ \t]*(?:W/)?"[!#-~]*")*)[ \t]*$'
#: The most events one request may record.
MAX_BATCH: Final = 200


def described(text: str, **extra: Any) -> dict[str, Any]:
    """Field metadata: its description (and any other OpenAPI keywords)."""
    return {"description": text, **extra}


def OnceKey(what: str) -> fields.UUID:
    """A write's once-only key (a UUID the client chooses), so that the request sent again (a retry,
    a reload, a double tap) is answered as the first time and records nothing more."""
    return fields.UUID(
        metadata=described(
            f"a client-chosen UUID, {what}: the same request sent again with it records nothing more "
            "and is answered as the first time; another request under it is a 409 idempotency-conflict"
        )
    )


def Seat(text: str = "a seat at the table", **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(SEATS), metadata=described(text), **kwargs)


def Team(text: str = "a partnership", **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(TEAMS), metadata=described(text), **kwargs)


def Cards(text: str, **kwargs: Any) -> fields.List[Any]:
    card = fields.String(
        validate=validate.Length(min=1, max=8),
        metadata=described("a card: rank and suit (AS, 10H, 2C) or a joker (BJ, LJ)"),
    )
    return fields.List(card, validate=validate.Length(max=60), metadata=described(text), **kwargs)


class WholeNumber(fields.Integer):
    """A JSON integer: not a boolean, not a float, not a string of digits."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class TrueOrFalse(fields.Boolean):
    """A JSON boolean, and nothing that merely looks like one."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class Strict(Schema):
    """Unknown members are an error: a misspelt field must not be silently dropped."""

    class Meta:
        unknown = RAISE


class Open(Schema):
    """An event type this API has no schema for yet: its members go to the domain unchecked."""

    class Meta:
        unknown = INCLUDE


def messages(error: ValidationError) -> Any:
    """marshmallow's error messages, nested by member (and array position)."""
    return error.normalized_messages()  # type: ignore[no-untyped-call]


class AuthorSchema(Schema):
    """Who recorded an event: the name and role of the credential that wrote it."""

    name = fields.String(required=True, metadata=described("the credential's name"))
    role = fields.String(required=True, validate=validate.OneOf(ROLES))


def Author(**kwargs: Any) -> fields.Nested:
    return fields.Nested(
        AuthorSchema,
        required=True,
        allow_none=True,
        metadata=described("who recorded it; null for an event recorded before events had authors"),
        **kwargs,
    )


class CitationSchema(Schema):
    document = fields.String(required=True)
    section = fields.String(required=True)


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the members this API adds."""

    type = fields.String(required=True, metadata=described("a URI naming the kind of problem"))
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String(metadata=described("the request path"))
    field = fields.String(
        allow_none=True, metadata=described("the offending member, as a path inside the event")
    )
    index = fields.Integer(
        allow_none=True, metadata=described("for an array: the offending event's position in it, from 0")
    )
    event = fields.Integer(
        allow_none=True, metadata=described("the number the offending event would have had in the hand")
    )
    pointer = fields.String(metadata=described("JSON pointer to the offending member of the body"))
    said = fields.String(
        metadata=described(
            "illegal-event: why, said for a person at the table: cards by name, seats and sides in words"
        )
    )
    errors = fields.Dict(metadata=described("every shape error, by member (and array position)"))
    version = fields.Integer(metadata=described("the hand's current version"))
    record = fields.Integer(
        allow_none=True,
        metadata=described("integrity-error, day-refused: the stored record that fails, from 1"),
    )
    problem = fields.String(
        metadata=described(
            "integrity-error, day-refused: what is wrong with it (edited, missing, out of order, ...)"
        )
    )
    stream = fields.String(
        allow_none=True,
        metadata=described("day-refused, day-conflict: the stream (a tournament's or hand's id) that fails"),
    )
    id = fields.String(metadata=described("idempotency-conflict: the event id already used"))
    matches = fields.List(
        fields.Dict(), metadata=described("possible-match: the recorded players the name may be")
    )
    hand = fields.Integer(
        allow_none=True, metadata=described("an import: the offending hand's position in the body, from 0")
    )
    line = fields.Integer(
        allow_none=True,
        metadata=described("a text hand record, a carried day's file: the offending line, from 1"),
    )
    needs = fields.List(
        fields.String(validate=validate.OneOf(ROLES)),
        metadata=described("403: the roles that may do what was refused"),
    )
