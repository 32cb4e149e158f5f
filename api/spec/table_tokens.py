"""The components of the tables' credentials in openapi.yaml: the table tokens' and the table cards'
(their paths: ``api.routes.table_tokens``, ``api.routes.table_cards``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import table_cards as cards
from adjudicator.wire.schemas import table_tokens as schemas
from api.spec.common import add_schemas


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "TableTokenRequest TableToken TableTokenList IssuedTableToken")
    add_schemas(spec, cards, "TableCardsRequest TableCard TableCardList IssuedTableCard IssuedTableCards")
