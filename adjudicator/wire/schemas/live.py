"""``GET /live/stream``: its query (one hand, or one tournament, or everything the reader may read) and
the ``data`` of each of its events."""

from __future__ import annotations

from marshmallow import Schema, fields

from adjudicator.wire.schemas.common import Strict, described


class LiveQuerySchema(Strict):
    """At most one of them: a page follows what it shows."""

    hand = fields.UUID(metadata=described("only this hand's moves (the replay of a hand being recorded)"))
    tournament = fields.UUID(metadata=described("only this tournament's moves (its pages, its board)"))


class MovedSchema(Schema):
    """What moved since the last event: ids only, never what changed."""

    position = fields.Integer(required=True, metadata=described("the read models' position (the event's id)"))
    hands = fields.List(
        fields.UUID(), required=True, metadata=described("the hands that moved, as the reader may read them")
    )
    tournaments = fields.List(fields.UUID(), required=True, metadata=described("the tournaments that moved"))
    claims = fields.Boolean(
        required=True, metadata=described("whether a call's claim moved (a credential's)")
    )
    whole = fields.Boolean(
        required=True, metadata=described("too much moved to say: fetch everything followed again")
    )
