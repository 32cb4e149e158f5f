"""The body of ``POST /hands/import`` and of an ``adjudicator import`` file: hand records
(``adjudicator-hand/1``, ``adjudicator.domain.handfile``) or the plain items the CLI always took, one or an
array, checked as ``POST /hands`` and ``…/events`` check them, every hand before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from adjudicator.domain.handfile import FORMAT, HandFileError, is_record
from adjudicator.domain.handfile.imports import import_item
from adjudicator.domain.limits import MAX_HAND_EVENTS, MAX_IMPORT_EVENTS, MAX_TABLE
from adjudicator.pacing import pace
from adjudicator.wire.schemas.common import MAX_BATCH, AuthorSchema, Strict, WholeNumber, described, messages
from adjudicator.wire.schemas.hand_events import MAX_EVENTS, load_event
from adjudicator.wire.schemas.hands import HandRequestSchema

#: An id or a name a record carries; when something was done (ISO 8601).
NAME: Final = validate.Length(min=1, max=200)
STAMP: Final = validate.Length(max=100)


class LinkSchema(Strict):
    """Where the hand was played: the tournament, its match and table."""

    id = fields.String(required=True, validate=NAME, metadata=described("the tournament's id"))
    match = fields.String(allow_none=True, validate=NAME, metadata=described("the match's name"))
    table = WholeNumber(
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_TABLE),
        metadata=described(f"the table number: from 1 to {MAX_TABLE}"),
    )


class ImportedSchema(Schema):
    """Who imported the hand where it was exported, when, and from which hand."""

    by = fields.Nested(AuthorSchema, allow_none=True)
    at = fields.String(allow_none=True, validate=STAMP, metadata=described("ISO 8601, UTC"))
    origin = fields.String(
        data_key="from",
        attribute="from",
        allow_none=True,
        validate=NAME,
        metadata=described("the hand's id there"),
    )


#: The members a record shares with ``POST /hands``.
_HAND: Final = HandRequestSchema._declared_fields

HandRecordSchema: Final = Strict.from_dict(
    {
        "format": fields.String(
            required=True, validate=validate.OneOf([FORMAT]), metadata=described("the record's version")
        ),
        "id": fields.String(
            allow_none=True, validate=NAME, metadata=described("the hand's id where it was exported")
        ),
        **{name: _HAND[name] for name in ("ruleset", "dealer", "players", "label")},
        "opened_at": fields.String(
            allow_none=True, validate=STAMP, metadata=described("when it was opened (ISO 8601, UTC)")
        ),
        "opened_by": fields.Nested(AuthorSchema, allow_none=True, metadata=described("who opened it")),
        "tournament": fields.Nested(LinkSchema, allow_none=True, metadata=described("the sheet linking it")),
        "imported": fields.Nested(ImportedSchema, allow_none=True),
        "events": fields.List(
            fields.Dict(),
            required=True,
            validate=validate.Length(max=MAX_EVENTS),
            metadata=described(
                "each event (an Event) followed by its provenance: `author` ({name, role} or null) "
                "and `recorded_at`; a `version` member (as GET …/events lists it) is ignored"
            ),
        ),
    },
    name="HandRecordSchema",
)


class NewHand(HandRequestSchema):
    events = fields.Raw(load_default=list)
    provenance = fields.Raw(allow_none=True, load_default=None)


class MoreEvents(Strict):
    hand = fields.UUID(required=True)
    version = WholeNumber(
        validate=validate.Range(min=0, max=MAX_HAND_EVENTS),
        metadata=described(f"the version the hand must be at: from 0 to {MAX_HAND_EVENTS}"),
    )
    events = fields.Raw(required=True)


RECORD: Final = HandRecordSchema()
NEW_HAND, MORE_EVENTS = NewHand(), MoreEvents()


def _events(data: object) -> list[dict[str, Any]]:
    if not isinstance(data, list) or len(data) > MAX_EVENTS:
        raise ValidationError([f"an array of at most {MAX_EVENTS} events"])
    events: list[dict[str, Any]] = []
    errors: dict[int, Any] = {}
    for i, item in enumerate(data):
        pace()
        try:
            events.append(load_event(item))
        except ValidationError as error:
            errors[i] = messages(error)
    if errors:
        raise ValidationError(errors)
    return events


class ProvenanceSchema(Schema):
    """What an event of a record, or of ``GET …/events``, says of who recorded it and when."""

    class Meta:
        unknown = EXCLUDE

    author = fields.Nested(AuthorSchema, allow_none=True)
    recorded_at = fields.String(allow_none=True, validate=validate.Length(max=100))


PROVENANCE: Final = ProvenanceSchema()


def _provenance(events: object) -> None:
    """Each event's ``author`` and ``recorded_at``, where it has them, checked."""
    if not isinstance(events, list):
        return
    errors = {}
    for i, event in enumerate(events):
        if isinstance(event, Mapping) and ("author" in event or "recorded_at" in event):
            errors[i] = PROVENANCE.validate(event)
    if any(errors.values()):
        raise ValidationError({"events": {i: found for i, found in errors.items() if found}})


def load_hand(item: object) -> dict[str, Any]:
    """One hand of the body, checked: what ``adjudicator.service.hand_imports.record_hand`` takes."""
    if not isinstance(item, Mapping):
        raise ValidationError(["a hand is a JSON object"])
    _provenance(item.get("events"))
    if is_record(item):
        RECORD.load(item)
    elif "provenance" in item:
        raise ValidationError({"provenance": ["Unknown field."]})
    try:
        plain = import_item(item)
    except HandFileError as error:
        raise ValidationError([error.message]) from None
    if not isinstance(plain, Mapping):
        raise ValidationError(["a hand is a JSON object"])
    loaded: dict[str, Any] = (MORE_EVENTS if "hand" in item else NEW_HAND).load(plain)
    try:
        loaded["events"] = _events(loaded["events"])
    except ValidationError as error:
        raise ValidationError({"events": messages(error)}) from None
    return loaded


def load_import(data: object) -> tuple[list[dict[str, Any]], bool]:
    """Every hand of the body: (the hands, whether it was an array); a ``ValidationError`` nested by
    hand (for an array) and member says what is wrong where."""
    if not isinstance(data, list):
        return [load_hand(data)], False
    validate.Length(min=1, max=MAX_BATCH, error="send between {min} and {max} hands")(data)
    hands: list[dict[str, Any]] = []
    errors: dict[int, Any] = {}
    for i, item in enumerate(data):
        try:
            hands.append(load_hand(item))
        except ValidationError as error:
            errors[i] = messages(error)
    if errors:
        raise ValidationError(errors)
    brought = sum(len(hand["events"]) for hand in hands)
    if brought > MAX_IMPORT_EVENTS:
        raise ValidationError([f"an import brings at most {MAX_IMPORT_EVENTS} events in all, not {brought}"])
    return hands, True


class ImportedHandSchema(Schema):
    """One hand recorded by an import."""

    id = fields.UUID(required=True, metadata=described("the hand's id here"))
    version = fields.Integer(required=True, metadata=described("its version now"))
    events = fields.Integer(required=True, metadata=described("how many events the file brought"))


class ImportSchema(Schema):
    hands = fields.List(fields.Nested(ImportedHandSchema), required=True)
    events = fields.Integer(required=True, metadata=described("the events recorded, every hand's"))


class RecordQuerySchema(Strict):
    """The query of GET /hands/{id}/record: ``format`` and nothing else."""

    format = fields.String(
        validate=validate.OneOf(["json", "text"]),
        metadata=described(
            "json (the default) or text; else the Accept header decides. Deprecated: a generated "
            "client reads this operation's answer as JSON; GET …/record.txt answers the text form",
            deprecated=True,
        ),
    )
