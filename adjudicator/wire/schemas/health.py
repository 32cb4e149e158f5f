"""What the health probes answer: ``GET /healthz`` (the process lives) and ``GET /readyz`` (it can serve)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.wire.schemas.common import described

STATUSES = ("ok", "ready", "not ready")


class HealthSchema(Schema):
    status = fields.String(
        required=True, validate=validate.OneOf(STATUSES[:1]), metadata=described("always `ok`")
    )


class ReadinessSchema(Schema):
    status = fields.String(
        required=True,
        validate=validate.OneOf(STATUSES[1:]),
        metadata=described("`ready` when the event store and the read models answer"),
    )
    store = fields.String(
        required=True, metadata=described("the event store's kind: `sqlite` or `postgres` (`popo`: memory)")
    )
    last_event = fields.Integer(
        required=True,
        allow_none=True,
        metadata=described("the id of the log's latest event (0: none yet; null: the store did not answer)"),
    )
    read_models = fields.Integer(
        required=True,
        allow_none=True,
        metadata=described(
            "the id of the latest event the read models have projected (null: this process keeps "
            "none, or they did not answer)"
        ),
    )
    lag = fields.Integer(
        required=True,
        allow_none=True,
        metadata=described(
            "how many events of the log the read models have not projected yet: a moment's worth "
            "after a burst of appends, then 0 (null: no read models)"
        ),
    )
