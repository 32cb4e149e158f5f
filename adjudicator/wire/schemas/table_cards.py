"""``/tournaments/{id}/table-cards``: the printed cards that sign each table's phone in, issued,
listed and withdrawn. A card is shown by what the store keeps of it; its join address and code only
in the answer that issues it (``IssuedTableCardsSchema``), once: neither is kept."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from adjudicator.domain.limits import MAX_TABLE
from adjudicator.wire.schemas.common import OnceKey, Strict, WholeNumber, described


class TableCardsRequestSchema(Strict):
    """How many tables to make cards for."""

    tables = WholeNumber(
        required=True,
        validate=validate.Range(min=1, max=MAX_TABLE),
        metadata=described(
            f"a card for each table from 1 to this, from 1 to {MAX_TABLE}, that has no live one"
        ),
    )
    id = OnceKey("naming this issue (sent again by the same official, the same cards and codes)")


class TableCardSchema(Schema):
    """One of the tournament's table cards, live or withdrawn: never its join address or code."""

    id = fields.String(required=True, metadata=described("the card's id (withdraw it by this)"))
    table = fields.Integer(required=True, metadata=described("the table whose phone it signs in"))
    name = fields.String(required=True, metadata=described("the tournament's name and the table's"))
    created_at = fields.String(required=True, metadata=described("when it was issued (ISO 8601, UTC)"))
    revoked_at = fields.String(
        required=True,
        allow_none=True,
        metadata=described("when it was withdrawn (ISO 8601, UTC); null while it is live"),
    )
    phones = fields.Integer(required=True, metadata=described("how many phones it has signed in"))


class TableCardListSchema(Schema):
    table_cards = fields.List(
        fields.Nested(TableCardSchema),
        required=True,
        metadata=described("the tournament's table cards, live or withdrawn, in the order issued"),
    )


class IssuedTableCardSchema(TableCardSchema):
    """A card as printed: the card, the address its QR code holds and the code to type instead."""

    join_url = fields.String(
        required=True,
        metadata=described("the address the card's QR code holds: opened on a phone, it signs in this table"),
    )
    code = fields.String(
        required=True,
        metadata=described("the code to type on the sign-in page instead, as printed (two groups of four)"),
    )


class IssuedTableCardsSchema(Schema):
    """The cards issued, with their secrets: the only answer that ever carries them."""

    table_cards = fields.List(
        fields.Nested(IssuedTableCardSchema),
        required=True,
        metadata=described("a card for each table asked for that had no live one, in table order"),
    )
    sign_in = fields.String(required=True, metadata=described("the sign-in page where a code is typed"))
    desk = fields.String(
        required=True,
        metadata=described("the desk's page of the cards, where an official prints cards and withdraws them"),
    )
