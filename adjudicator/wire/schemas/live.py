"""``GET /live/stream``'s query: follow one hand, or one tournament, or everything the reader may read."""

from __future__ import annotations

from marshmallow import fields

from adjudicator.wire.schemas.common import Strict, described


class LiveQuerySchema(Strict):
    """At most one of them: a page follows what it shows."""

    hand = fields.UUID(metadata=described("only this hand's moves (the replay of a hand being recorded)"))
    tournament = fields.UUID(metadata=described("only this tournament's moves (its pages, its board)"))
