"""``/tournaments/{id}/table-tokens``: a table's scorekeeper credential, issued, listed and revoked.

A credential is shown by what the store keeps of it (``Credential.to_dict``): never its hash, and its
token only in the answer that issues it (``IssuedTableTokenSchema``), once.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.domain.limits import MAX_TABLE
from adjudicator.wire.schemas.common import OnceKey, Strict, WholeNumber, described


class TableTokenRequestSchema(Strict):
    """The table a new scorekeeper's credential is for."""

    table = WholeNumber(
        required=True,
        validate=validate.Range(min=1, max=MAX_TABLE),
        metadata=described(f"the table's number, from 1 to {MAX_TABLE}"),
    )
    id = OnceKey("naming this issue (sent again by the same official, the same credential and token)")


class TableTokenSchema(Schema):
    """One of the tournament's table credentials, live or revoked."""

    id = fields.String(required=True, metadata=described("the credential's id (revoke it by this)"))
    name = fields.String(
        required=True,
        metadata=described(
            "the credential's name: the tournament's and the table's, `(2)` when issued again"
        ),
    )
    role = fields.String(
        required=True, validate=validate.OneOf(["scorekeeper"]), metadata=described("always `scorekeeper`")
    )
    tournament = fields.String(required=True, metadata=described("the tournament it writes in"))
    table = fields.Integer(required=True, metadata=described("the only table it writes at"))
    created_at = fields.String(required=True, metadata=described("when it was issued (ISO 8601, UTC)"))
    revoked_at = fields.String(
        required=True,
        allow_none=True,
        metadata=described("when it was revoked (ISO 8601, UTC); null while it is live"),
    )


class TableTokenListSchema(Schema):
    table_tokens = fields.List(
        fields.Nested(TableTokenSchema),
        required=True,
        metadata=described("the tournament's table credentials, live or revoked, in the order issued"),
    )


class IssuedTableTokenSchema(Schema):
    """A new table credential and its token: the only answer that ever carries the token."""

    credential = fields.Nested(
        TableTokenSchema, required=True, metadata=described("the credential issued, as the list shows it")
    )
    token = fields.String(
        required=True,
        metadata=described(
            "the bearer token, shown this once (only its hash is kept): the table's phone signs in with it"
        ),
    )
