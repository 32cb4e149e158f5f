"""The hands' routes: /rulesets, /hands and /hands/{hand_id}/…, each calling one use case."""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID

from flask import Blueprint, Response

from adjudicator import words as say
from adjudicator.adapters.readmodels.listing import HandQuery
from adjudicator.service import authority
from adjudicator.service import hands as use
from api.auth import author, credentials, operation, sight, who
from api.routes.common import answer, body, hands, if_match, listings, load, query, versioned
from api.schemas.hand_events import load_events
from api.schemas.hand_list import EventPageQuerySchema, HandListQuerySchema, HandListSchema
from api.schemas.hands import (
    AppendedSchema,
    EventListSchema,
    HandRequestSchema,
    HandSchema,
    RulesetSchema,
    RulingListSchema,
    ScoreSchema,
    StateQuerySchema,
    StateSchema,
)

blueprint = Blueprint("hands", __name__)
# Schemas hold no per-request state: one instance each, made once.
APPENDED, EVENT_LIST, HAND_REQUEST, HAND = (
    AppendedSchema(),
    EventListSchema(),
    HandRequestSchema(),
    HandSchema(),
)
RULESET_LIST, RULING_LIST, SCORE = RulesetSchema(many=True), RulingListSchema(), ScoreSchema()
STATE_QUERY, STATE = StateQuerySchema(), StateSchema()
HAND_LIST_QUERY, HAND_LIST, EVENT_PAGE = HandListQuerySchema(), HandListSchema(), EventPageQuerySchema()


@blueprint.get("/rulesets")
@operation("listRulesets")
def rulesets() -> Response:
    data = use.rulesets()
    return answer(RULESET_LIST, data, tag=hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16])


@blueprint.get("/hands")
@operation("listHands")
def list_hands() -> Response:
    """A page of the hands, from the read models (one connection for this request)."""
    page = listed(query(HAND_LIST_QUERY))
    return answer(HAND_LIST, page, headers={"X-Read-Model-Position": str(page["position"])})


def listed(loaded: dict[str, Any]) -> dict[str, Any]:
    """The page of hands a loaded ``HandListQuerySchema`` asks for, as this request's reader lists them
    (the console's list reads through here too)."""
    reader = who()
    return use.list_hands(listings(), HandQuery(**loaded), reader.role if reader is not None else None)


@blueprint.post("/hands")
@operation("openHand")
def open_hand() -> Response:
    data = HAND_REQUEST.load(body())
    hand = use.open_hand(
        hands(),
        data["ruleset"],
        data["dealer"],
        data.get("players"),
        data.get("label"),
        author(),
        authority.scope_of(who()),
    )
    return answer(HAND, hand, 201, str(hand["version"]), {"Location": f"/hands/{hand['id']}"})


@blueprint.get("/hands/<uuid:hand_id>")
@operation("getHand")
def hand(hand_id: UUID) -> Response:
    return versioned(HAND, use.hand(hands(), hand_id, sight()))


@blueprint.post("/hands/<uuid:hand_id>/events")
@operation("appendEvents")
def append(hand_id: UUID) -> Response:
    events, _ = load(load_events, lambda: use.version(hands(), hand_id))
    permit = authority.hand_writer(who(), credentials())
    version = use.append_events(hands(), hand_id, events, if_match(), author(), sight(), permit)
    return answer(APPENDED, {"version": version}, 201, str(version))


@blueprint.get("/hands/<uuid:hand_id>/events")
@operation("getEventList")
def events(hand_id: UUID) -> Response:
    paging = query(EVENT_PAGE)
    return versioned(
        EVENT_LIST, use.events(hands(), hand_id, sight(), paging.get("after"), paging.get("limit"))
    )


@blueprint.get("/hands/<uuid:hand_id>/state")
@operation("getState")
def state(hand_id: UUID) -> Response:
    return versioned(STATE, use.state(hands(), hand_id, query(STATE_QUERY).get("at"), sight()))


@blueprint.get("/hands/<uuid:hand_id>/rulings")
@operation("getRulingList")
def rulings(hand_id: UUID) -> Response:
    version, data = use.rulings(hands(), hand_id, sight())
    score = use.score(hands(), hand_id, sight())[1]
    said = [{**ruling, "text": say.ruling_in_full(ruling, score)} for ruling in data]
    return answer(RULING_LIST, {"rulings": said}, tag=str(version))


@blueprint.get("/hands/<uuid:hand_id>/score")
@operation("getScore")
def score(hand_id: UUID) -> Response:
    version, data = use.score(hands(), hand_id, sight())
    rulings = use.rulings(hands(), hand_id, sight())[1]
    return answer(SCORE, {**data, "text": say.score(data, rulings)}, tag=str(version))
