"""A tournament's table cards over REST: ``GET|POST /tournaments/{id}/table-cards`` and
``POST /tournaments/{id}/table-cards/{card_id}/revocation``, officials only.

What the desk's cards page does (``api.console.desk.cards``), for a hall's own app or printer: the
same use cases (``adjudicator.service.cards``), so the same refusals. A card's join address and code
are in the answer that issues it and nowhere else (``Cache-Control: no-store``; the store keeps only
their hashes); the list never carries them. Withdrawing a card signs out every phone it signed in.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from flask import Blueprint, Response

from adjudicator.service.cards import issue_cards, join_url, tournament_cards, wanted, withdraw
from adjudicator.service.credentials import Card
from adjudicator.service.scorekeepers import tournament_name
from adjudicator.wire.schemas.table_cards import (
    IssuedTableCardsSchema,
    TableCardListSchema,
    TableCardSchema,
    TableCardsRequestSchema,
)
from api.auth import cards, credentials, presented, who
from api.declare import OFFICIAL, route
from api.declare.answers import JSON, param, problem, ref
from api.declare.resources import TOURNAMENT
from api.request import answer, body, hall_url
from api.routes.table_tokens import IDEMPOTENCY, NO_STORE
from api.routes.tournaments import tournaments

blueprint = Blueprint("table_cards", __name__)
PREFIX = "/tournaments/<uuid:tournament_id>/table-cards"
REQUEST, ISSUED, ONE, LISTED = (
    TableCardsRequestSchema(),
    IssuedTableCardsSchema(),
    TableCardSchema(),
    TableCardListSchema(),
)
CARD_ID = param(
    "card_id", "path", "the card's id, as GET .../table-cards lists it", {"type": "string", "maxLength": 100}
)
FORBIDDEN = problem("urn:adjudicator:problem:forbidden: only an official handles a tournament's table cards")
INVALID = "urn:adjudicator:problem:invalid-body: `tables` is not a whole number from 1 (`field` names it)"


def shown(card: Card) -> dict[str, Any]:
    """A card as the list shows it: what the store keeps, and how many phones it signed in."""
    kept = ("id", "table", "name", "created_at", "revoked_at")
    return {k: getattr(card, k) for k in kept} | {"phones": len(card.phones)}


@route(
    blueprint,
    f"GET {PREFIX}",
    "listTableCards",
    summary="The tournament's table cards, live or withdrawn; never a card's address or code",
    description=(
        "Every card issued for this tournament's tables, in the order issued, with how many phones "
        "each signed in and when it was withdrawn (null while live): what the desk's cards page "
        "lists. A card's join address and code are never shown again (only their hashes are kept)."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id],
    responses={
        "200": {"description": "the tournament's cards", "content": {JSON: {"schema": ref("TableCardList")}}},
        "403": FORBIDDEN,
        "404": TOURNAMENT.unknown,
    },
)
def list_table_cards(tournament_id: UUID) -> Response:
    tournament_name(tournaments(), tournament_id)
    return answer(LISTED, {"table_cards": [shown(c) for c in tournament_cards(cards(), str(tournament_id))]})


@route(
    blueprint,
    f"POST {PREFIX}",
    "issueTableCards",
    summary="Print the tables' cards: for each table, the address its QR code holds and the code to type",
    description=(
        "A card for each table from 1 to `tables` that has no live card (`Cup, table 3`): each "
        "table's number, the address its QR code holds (opened on a phone, it signs that table in "
        "as its scorekeeper) and the short code to type on the sign-in page instead. The answer "
        "carries them this once, with `Cache-Control: no-store`; sent again under the same `id` by "
        "the same official, it shows the same cards again. The desk prints them from its cards page."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id],
    body=TableCardsRequestSchema,
    responses={
        "201": {
            "description": "the cards issued, with their addresses and codes (shown once)",
            "headers": NO_STORE,
            "content": {JSON: {"schema": ref("IssuedTableCards")}},
        },
        **TOURNAMENT.body_errors,
        "404": TOURNAMENT.unknown,
        "409": problem(f"{IDEMPOTENCY}: `id` issued cards before, for another tournament or official"),
        "422": problem(INVALID),
    },
)
def issue(tournament_id: UUID) -> Response:
    name = tournament_name(tournaments(), tournament_id)
    asked = REQUEST.load(body())
    key = str(asked.get("id") or uuid4())
    tables = wanted(cards(), str(tournament_id), asked["tables"], key)
    issued = issue_cards(cards(), who(), str(tournament_id), name, tables, (key, presented()))
    base = hall_url()
    made = [shown(one.card) | {"join_url": join_url(base, one.link), "code": one.spaced} for one in issued]
    sent = {
        "table_cards": made,
        "sign_in": f"{base}/console/sign-in",
        "desk": f"{base}/console/desk/{tournament_id}/cards",
    }
    response = answer(ISSUED, sent, 201)
    response.headers["Cache-Control"] = "no-store"
    return response


@route(
    blueprint,
    f"POST {PREFIX}/<string:card_id>/revocation",
    "withdrawTableCard",
    summary="Withdraw one of the tournament's table cards: it and every phone it signed in, at once",
    description=(
        "From the next request on, the card signs no phone in, and every phone it signed in is "
        "signed out (and told the card was withdrawn). Withdrawing a withdrawn card again changes "
        "nothing and answers it as it is; a card of another tournament is a 404 here."
    ),
    roles=OFFICIAL,
    parameters=[TOURNAMENT.id, CARD_ID],
    responses={
        "200": {"description": "the card, withdrawn", "content": {JSON: {"schema": ref("TableCard")}}},
        "404": problem(
            "urn:adjudicator:problem:unknown-tournament: no such tournament; "
            "urn:adjudicator:problem:unknown-table-card: no card of this tournament has that id"
        ),
    },
)
def revoke(tournament_id: UUID, card_id: str) -> Response:
    tournament_name(tournaments(), tournament_id)
    return answer(ONE, shown(withdraw(cards(), credentials(), who(), str(tournament_id), card_id)))
