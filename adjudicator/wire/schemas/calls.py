"""``GET /calls`` (its query and its list), ``POST /calls/{call_id}/claim``, and the stream's items."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from marshmallow import Schema, fields, validate

from adjudicator.domain.officials_queue import CLAIM_EVENTS, STATUSES, QueuedCall
from adjudicator.pacing import pace
from adjudicator.service.calls import DEFAULT_PAGE, MAX_PAGE
from adjudicator.wire.schemas.common import Strict, described
from adjudicator.wire.schemas.tournament_fields import NAME, TEXT


class CallListQuerySchema(Strict):
    """The filters of GET /calls and GET /calls/stream."""

    tournament = fields.UUID(metadata=described("only the calls of this tournament's tables and sheets"))
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        metadata=described("only calls that stand so: open (nobody has it), claimed, or ruled"),
    )


class CallPageQuerySchema(CallListQuerySchema):
    """GET /calls's filters, a page's size and where it starts."""

    limit = fields.Integer(
        load_default=DEFAULT_PAGE,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata=described("the most calls on the page", default=DEFAULT_PAGE),
    )
    cursor = fields.String(
        validate=validate.Length(min=1, max=500),
        metadata=described("the `next` of the previous page, with the same filters (opaque)"),
    )


class ClaimFactSchema(Schema):
    """One fact of a call's claims: claimed, released ("I can't go") or handed over."""

    type = fields.String(
        required=True,
        validate=validate.OneOf(CLAIM_EVENTS),
        metadata=described("call_claimed, call_released or call_handed_over"),
    )
    call = fields.String(required=True, metadata=described("the call's id"))
    by = fields.String(required=True, metadata=described("the official who claimed, released or handed it"))
    to = fields.String(metadata=described("the official it was handed to"))
    reason = fields.String(metadata=described("why it was released, if said"))
    at = fields.String(required=True, metadata=described("when it was recorded"))


class ReleaseSchema(Strict):
    """POST /calls/{call_id}/release: optionally, why."""

    reason = fields.String(validate=TEXT, metadata=described("why the official cannot go, if said"))


class HandoverSchema(Strict):
    """POST /calls/{call_id}/handover: the official who takes the call."""

    to = fields.String(
        required=True, validate=NAME, metadata=described("a live official's credential: its name or id")
    )


class CallSchema(Schema):
    """One call for an official: where, about what, and when it was made, claimed and ruled."""

    id = fields.String(required=True, metadata=described("<hand id>@<event>, or <tournament id>@<dispute>"))
    status = fields.String(
        required=True, validate=validate.OneOf(STATUSES), metadata=described("where it stands")
    )
    kind = fields.String(
        required=True,
        metadata=described("the infraction called, a score or sheet dispute, or a record conflict"),
    )
    ruleset = fields.String(required=True, metadata=described("the governing rulebook"))
    hand = fields.String(allow_none=True, metadata=described("the hand it was called in (null: a sheet's)"))
    event = fields.Integer(allow_none=True, metadata=described("the event that made the call"))
    seat = fields.String(allow_none=True, metadata=described("the seat that called"))
    against = fields.String(allow_none=True, metadata=described("the seat or team called against"))
    tournament = fields.String(
        allow_none=True, metadata=described("the tournament, if the hand is on a sheet")
    )
    match = fields.String(allow_none=True, metadata=described("the match, if on a sheet"))
    table = fields.Integer(allow_none=True, metadata=described("the table number, if known"))
    label = fields.String(allow_none=True, metadata=described("the hand's label"))
    detail = fields.String(required=True, metadata=described("what was called, as the reader may see it"))
    citations = fields.List(fields.String(), required=True, metadata=described("rulebook sections"))
    rulings = fields.List(fields.String(), required=True, metadata=described("the rulings it waits on"))
    made_at = fields.String(required=True, metadata=described("when the call was recorded"))
    claimed_by = fields.String(allow_none=True, metadata=described("the official who has it"))
    claimed_at = fields.String(allow_none=True, metadata=described("when it was claimed"))
    ruled_at = fields.String(allow_none=True, metadata=described("when the ruling was recorded"))
    ruled_event = fields.Integer(allow_none=True, metadata=described("the event that ruled it"))
    claims = fields.List(
        fields.Nested(ClaimFactSchema),
        required=True,
        metadata=described("every claim, release and handover, oldest first (facts, never edited)"),
    )


#: What ``CallSchema`` keeps of each of a call's claims' facts.
CLAIM_FACT_KEYS: Final = tuple(ClaimFactSchema().fields)


def dumped(calls: Iterable[QueuedCall]) -> list[dict[str, Any]]:
    """The calls as ``CallSchema`` dumps them, without running it a field at a time: a call's
    ``to_dict`` is already its wire shape, but for the facts of its claims, which keep only their
    schema's keys. Through the schema, a page of 50 calls was a quarter of ``GET /calls``'s time
    beside a hall's tables; a call at a time, paced within ``paced()`` (``adjudicator.pacing``)."""
    found = []
    for call in calls:
        pace()
        data = call.to_dict()
        if call.claims:
            data["claims"] = [{k: fact[k] for k in CLAIM_FACT_KEYS if k in fact} for fact in call.claims]
        found.append(data)
    return found


class CallListSchema(Schema):
    """The queue, oldest call first."""

    calls = fields.List(fields.Nested(CallSchema), required=True, metadata=described("the calls"))


class CallPageSchema(CallListSchema):
    """A page of the queue, oldest call first, and the cursor of the next."""

    next = fields.String(
        required=True,
        allow_none=True,
        metadata=described(
            "the cursor of the next page (`cursor`), null on the last; the `Link` header's next"
        ),
    )
