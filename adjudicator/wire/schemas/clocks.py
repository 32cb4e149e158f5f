"""The delay clock's requests and answers: a side of a match put on the clock, the clock stopped or
charged, and the clocks running (``adjudicator.service.delay_clocks``)."""

from __future__ import annotations

from marshmallow import Schema, fields

from adjudicator.wire.schemas.common import CitationSchema, Strict, described
from adjudicator.wire.schemas.tournament_fields import NAME


class ClockStartSchema(Strict):
    team = fields.String(validate=NAME, metadata=described("the team not ready (Bid Whist)"))
    player = fields.String(validate=NAME, metadata=described("a player of the side not ready"))
    since = fields.String(
        validate=NAME,
        metadata=described(
            "when the waiting team called for the clock, if before now (a date and time with its offset)",
            example="2026-06-01T14:05:00-04:00",
        ),
    )
    by = fields.String(validate=NAME, metadata=described("the official who started the clock"))


class ClockStopSchema(Strict):
    """No member: the minutes are the log's, from when the clock was started."""


class ClockSchema(Schema):
    """A clock running now, as the desk, the table and the board show it."""

    match = fields.String(required=True)
    table = fields.Integer(required=True, allow_none=True, metadata=described("the table it runs at"))
    team = fields.String(required=True, metadata=described("the side on the clock: north_south or east_west"))
    waiting = fields.String(required=True, metadata=described("the side waiting"))
    late_side = fields.Raw(required=True, metadata=described("the team on the clock (or its two players)"))
    waiting_side = fields.Raw(required=True, metadata=described("the team waiting (or its two players)"))
    event = fields.Integer(required=True, metadata=described("the version of its clock_started"))
    started_at = fields.String(required=True, metadata=described("when it was started (ISO 8601)"))
    read_at = fields.String(
        required=True,
        metadata=described("the service's time when it read the clock (ISO 8601): `minutes` is up to then"),
    )
    prior_minutes = fields.Integer(
        required=True, metadata=described("minutes already charged to the side in this match (Cardtel)")
    )
    minutes = fields.Integer(required=True, metadata=described("whole minutes on the clock now"))
    said = fields.String(required=True, metadata=described("the clock in words, now"))
    readings = fields.List(
        fields.String(),
        required=True,
        metadata=described("its words at each whole minute from 0, {m} standing for the minutes"),
    )
    first_step = fields.Integer(required=True, metadata=described("the minute it first costs anything"))
    charges_as_it_runs = fields.Boolean(
        required=True, metadata=described("whether it may be charged while it runs (Cardtel's chart)")
    )
    citations = fields.List(
        fields.Nested(CitationSchema), required=True, metadata=described("the rulebook's delay rule")
    )


class ClocksSchema(Schema):
    version = fields.Integer(required=True, metadata=described("the tournament's number of events"))
    clocks = fields.List(fields.Nested(ClockSchema), required=True, metadata=described("each clock running"))
