"""``GET /hands`` (its query and its page) and the paging query of ``GET …/events``."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.domain.limits import MAX_POSITION, MAX_TABLE
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.hand_list import DEFAULT_LIMIT, HAS_RULINGS, MAX_LIMIT, SORTS
from adjudicator.wire.schemas.common import Seat, Strict, described
from adjudicator.wire.schemas.hands import (
    PHASES,
    ContractSchema,
    PlayersSchema,
    RulingCountsSchema,
    ScoreSchema,
)

#: The most events one page of ``GET …/events`` holds.
MAX_EVENTS_PAGE = 1000


class HandListQuerySchema(Strict):
    """The query of GET /hands: filters, a sort, a page's size and its cursor."""

    ruleset = fields.String(
        validate=validate.OneOf(list(RULESETS)), metadata=described("only this rulebook's")
    )
    status = fields.String(
        validate=validate.OneOf(PHASES), metadata=described("only hands where this stands")
    )
    q = fields.String(
        validate=validate.Length(min=1, max=100),
        metadata=described(
            "only hands whose label, a player's name or the name of the tournament that links them "
            "contains these words (any case)"
        ),
    )
    tournament = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata=described(
            "only the hands a tournament's sheets link: its id, or its name (any case; every "
            "tournament of that name)"
        ),
    )
    table = fields.Integer(
        validate=validate.Range(min=1, max=MAX_TABLE),
        metadata=described("only the hands a sheet of this table links (with `tournament`: of that one)"),
    )
    has_rulings = fields.String(
        validate=validate.OneOf(HAS_RULINGS),
        metadata=described("only hands with at least one ruling of this status"),
    )
    sort = fields.String(
        load_default="opened_at",
        validate=validate.OneOf(list(SORTS)),
        metadata=described("the order: `-` for descending; ties in the hands' ids", default="opened_at"),
    )
    limit = fields.Integer(
        load_default=DEFAULT_LIMIT,
        validate=validate.Range(min=1, max=MAX_LIMIT),
        metadata=described("the most hands on the page", default=DEFAULT_LIMIT),
    )
    cursor = fields.String(
        validate=validate.Length(min=1, max=500),
        metadata=described("the `next` of the previous page, with the same filters and sort (opaque)"),
    )


class HandListItemSchema(Schema):
    id = fields.UUID(required=True)
    ruleset = fields.String(required=True)
    dealer = Seat("the dealer", required=True)
    players = fields.Nested(PlayersSchema, required=True, allow_none=True)
    label = fields.String(required=True, allow_none=True)
    opened_at = fields.String(required=True, allow_none=True, metadata=described("ISO 8601, UTC"))
    version = fields.Integer(required=True, metadata=described("the number of events projected"))
    status = fields.String(required=True, validate=validate.OneOf(PHASES))
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    score = fields.Nested(ScoreSchema, required=True)
    rulings = fields.Nested(
        RulingCountsSchema,
        required=True,
        metadata=described("`detected` counts, while the hand is in play, for an official only"),
    )
    tournament = fields.UUID(metadata=described("the tournament whose sheet links the hand (absent: none)"))
    tournament_name = fields.String(allow_none=True, metadata=described("that tournament's name"))
    match = fields.String(metadata=described("the match whose sheet links it"))
    table = fields.Integer(allow_none=True, metadata=described("that match's table (null in a playoff)"))


class HandListSchema(Schema):
    hands = fields.List(fields.Nested(HandListItemSchema), required=True)
    next = fields.String(
        required=True, allow_none=True, metadata=described("the cursor of the next page; null on the last")
    )
    position = fields.Integer(
        required=True,
        metadata=described(
            "the last notification of the event log the read models hold: they lag appends by up to "
            "about half a second"
        ),
    )


class EventPageQuerySchema(Strict):
    """The optional paging of GET …/events: without either, every event."""

    after = fields.Integer(
        validate=validate.Range(min=0, max=MAX_POSITION),
        metadata=described(f"only the events after this version (0: all; at most {MAX_POSITION})"),
    )
    limit = fields.Integer(
        validate=validate.Range(min=1, max=MAX_EVENTS_PAGE), metadata=described("the most events on the page")
    )
