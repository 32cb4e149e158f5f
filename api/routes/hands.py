"""The hands' routes: /rulesets, /hands and /hands/{hand_id}/…, each calling one use case."""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app

from adjudicator.domain import words as say
from adjudicator.service import authority
from adjudicator.service import hands as use
from adjudicator.service.answered import Answered
from adjudicator.service.hand_list import HandQuery
from adjudicator.service.ports import Hands, Listings
from adjudicator.wire.schemas.hand_events import load_events
from adjudicator.wire.schemas.hand_list import EventPageQuerySchema, HandListQuerySchema, HandListSchema
from adjudicator.wire.schemas.hands import (
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
from api.auth import author, credentials, sight, who
from api.declare import EVERYONE, TABLE, Routes, route
from api.declare.answers import JSON, invalid_query
from api.declare.resources import (
    EVENT_PAGE_ERROR,
    HAND_APPENDED,
    NO_READ_MODELS,
    READ_MODELS_OFF,
    created,
    one_or_many,
)
from api.declare.resources import HAND as HANDS
from api.request import answer, answer_dumped, body, dumped, if_match, load, query, versioned

blueprint = Blueprint("hands", __name__)
HAND_ROUTES = Routes(blueprint, HANDS, "/hands/<uuid:hand_id>")
# Schemas hold no per-request state: one instance each, made once.
APPENDED, EVENT_LIST, HAND_REQUEST, HAND = (
    AppendedSchema(),
    EventListSchema(),
    HandRequestSchema(),
    HandSchema(),
)
RULESET_LIST, RULING_LIST, SCORE = RulesetSchema(many=True), RulingListSchema(), ScoreSchema()
#: A hand's rulings in words, as JSON, by hand, version and sight: the same for every reader of it.
RULINGS_SAID: Answered[str] = Answered()
STATE_QUERY, STATE = StateQuerySchema(), StateSchema()
HAND_LIST_QUERY, HAND_LIST, EVENT_PAGE = HandListQuerySchema(), HandListSchema(), EventPageQuerySchema()


def hands() -> Hands:
    """The app's hand store (every route and page that reads or writes a hand reaches it here)."""
    store: Hands = current_app.extensions["adjudicator.adapters.hand_store"]
    return store


def listings() -> Listings | None:
    """The read models' lists (None: this service keeps no read models)."""
    read_models = current_app.extensions.get("adjudicator.read_models")
    return None if read_models is None else read_models.queries()


@route(
    blueprint,
    "GET /rulesets",
    "listRulesets",
    summary="The rulebooks a hand can be played under",
    description=(
        "The five rulebooks (four of Bid Whist, one of Bid Euchre) a hand or tournament names by "
        "`id`, with the document each cites. Public."
    ),
    roles=EVERYONE,
    anonymous="public",
    parameters=[HANDS.if_none_match],
    responses={
        "200": HANDS.ok(RulesetSchema(many=True), "every ruleset"),
        "304": {"description": "unchanged", "headers": HANDS.etag},
    },
)
def rulesets() -> Response:
    data = use.rulesets()
    return answer(RULESET_LIST, data, tag=hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16])


@route(
    blueprint,
    "GET /hands",
    "listHands",
    summary="Every hand, filtered, sorted and a page at a time (from the read models)",
    description=(
        "Served from the read models, which lag the recorded events by up to about half a "
        "second: `position` (and the `X-Read-Model-Position` header) is the last notification "
        "of the event log they hold. Pages are keyset pages on (the sort key, the hand's id): "
        "follow `next` as `cursor`, with the same filters and sort, to the page where it is "
        "null; sorted by `opened_at`, hands opened meanwhile come after, none twice or missed. "
        "A hand shows where a tournament's sheet links it (`tournament`, `match`, `table`); "
        "without a credential, only finished hands are listed; a private tournament's hands only to "
        "the officials and its own credentials (and the hall's: those of no tournament)."
    ),
    roles=EVERYONE,
    anonymous="finished_hands",
    query=HandListQuerySchema,
    responses={
        "200": {
            "description": "one page of hands",
            "headers": {
                "X-Read-Model-Position": {
                    "description": "the read models' position, as `position`",
                    "required": True,
                    "schema": {"type": "string"},
                }
            },
            "content": {JSON: {"schema": HandListSchema}},
        },
        "400": invalid_query("a filter, the sort, the limit or the cursor is not one the list takes"),
        "503": READ_MODELS_OFF,
    },
    problems=[NO_READ_MODELS, "invalid-query"],
)
def list_hands() -> Response:
    """A page of the hands, from the read models (one connection for this request)."""
    page = listed(query(HAND_LIST_QUERY))
    return answer(HAND_LIST, page, headers={"X-Read-Model-Position": str(page["position"])})


def listed(loaded: dict[str, Any]) -> dict[str, Any]:
    """The page of hands a loaded ``HandListQuerySchema`` asks for, as this request's reader lists them
    (the console's list reads through here too)."""
    reader = who()
    role = reader.role if reader is not None else None
    return use.list_hands(listings(), HandQuery(**loaded), role, sight().known.kept(credentials().all))


@route(
    blueprint,
    "POST /hands",
    "openHand",
    summary="Open a hand",
    description=(
        "Opens a hand under a rulebook with its dealer: version 0, no event yet. The answer's "
        "`Location` is the hand's address; record its events with `appendEvents`."
    ),
    roles=TABLE,
    body=HandRequestSchema,
    responses={
        "201": created(
            HANDS,
            HandSchema,
            "the hand, at version 0",
            {
                "GetHand": {"operationId": "getHand", "parameters": {"hand_id": "$response.body#/id"}},
                "AppendEvents": {
                    "operationId": "appendEvents",
                    "parameters": {"hand_id": "$response.body#/id"},
                },
            },
        ),
        **HANDS.body_errors,
        "409": HANDS.problem("`id` was used before for another hand: nothing was opened"),
        "422": HANDS.problem("the body is not a hand: `errors` names each member"),
    },
)
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
        None if data.get("id") is None else str(data["id"]),
    )
    return answer(HAND, hand, 201, str(hand["version"]), {"Location": f"/hands/{hand['id']}"})


@HAND_ROUTES.read(
    "",
    "getHand",
    "A hand: where it stands, its contract, its score and how many rulings",
    HandSchema,
    anonymous="finished_hand",
    described="the hand now",
    description=(
        "Where the hand stands: status, whose turn and what to do, the contract, the score so far"
        " and its rulings counted by status. The `ETag` is its version."
    ),
)
def hand(hand_id: UUID) -> Response:
    return versioned(HAND, use.hand(hands(), hand_id, sight()))


@HAND_ROUTES.record(
    "/events",
    "appendEvents",
    "Record one event, or an array of them (all or none)",
    one_or_many("Event"),
    roles=TABLE,
    responses=HAND_APPENDED,
    description=(
        "Records one event or an array, all or none, after the hand's last: a fact (a renege, a "
        "bid out of turn) is recorded and ruled on; an impossible event is refused with 422 and "
        "nothing is written. Send the `ETag` you read as `If-Match` to record only if nothing was"
        " recorded meanwhile (else 412); give each event an `id` to make a retry safe."
    ),
)
def append(hand_id: UUID) -> Response:
    events, _ = load(load_events, lambda: use.version(hands(), hand_id))
    permit = authority.hand_writer(who(), credentials(), sight().known, hand_id)
    version = use.append_events(hands(), hand_id, events, if_match(), author(), sight(), permit)
    return answer(APPENDED, {"version": version}, 201, str(version))


@HAND_ROUTES.read(
    "/events",
    "getEventList",
    "Every event recorded, in order (a page of them with `after` or `limit`)",
    EventListSchema,
    anonymous="finished_hand",
    query=EventPageQuerySchema,
    answers=EVENT_PAGE_ERROR,
    described="the hand's event log",
    description=(
        "The events as recorded, each with its version, author and time; while a hand is in play,"
        " a reader who may not see concealed cards gets them as null."
    ),
)
def events(hand_id: UUID) -> Response:
    paging = query(EVENT_PAGE)
    return versioned(
        EVENT_LIST, use.events(hands(), hand_id, sight(), paging.get("after"), paging.get("limit"))
    )


@HAND_ROUTES.read(
    "/state",
    "getState",
    "The table replayed to one moment",
    StateSchema,
    anonymous="finished_hand",
    query=StateQuerySchema,
    answers={"400": HANDS.problem("`at` is not a whole number from 0")},
    described="the replayed table",
    description=(
        "The table replayed to just after event `at` (default: the latest): hands, kitty, bids, "
        "contract, books, whose turn, restrictions."
    ),
)
def state(hand_id: UUID) -> Response:
    return versioned(STATE, use.state(hands(), hand_id, query(STATE_QUERY).get("at"), sight()))


@HAND_ROUTES.read(
    "/rulings",
    "getRulingList",
    "Every ruling on the hand so far, with citations",
    RulingListSchema,
    anonymous="finished_hand",
    described="the rulings",
    description=(
        "Every ruling so far: its kind, status, offender, proof, penalty, effect on the score, "
        "options and choice, and the rulebook sections it cites."
    ),
)
def rulings(hand_id: UUID) -> Response:
    reader = sight()
    version, data, score, at = use.rulings_and_score(hands(), hand_id, reader)
    key = (hand_id, version, reader.narrowest)  # the sight this reader was given of the hand

    def text() -> str:
        found = RULINGS_SAID.get(key)
        if found is None:
            said = [{**ruling, "text": say.ruling_in_full(ruling, score, at)} for ruling in data]
            found = dumped(RULING_LIST, {"rulings": said})
            RULINGS_SAID.keep(key, found)
        return found

    return answer_dumped(text, tag=str(version))


@HAND_ROUTES.read(
    "/score",
    "getScore",
    "The hand's score as recorded so far",
    ScoreSchema,
    anonymous="finished_hand",
    described="the score",
    description=(
        "The score as the record stands: books, whether the contract was made, the points and, "
        "once decided, the winner."
    ),
)
def score(hand_id: UUID) -> Response:
    version, rulings, data, _ = use.rulings_and_score(hands(), hand_id, sight())
    return answer(SCORE, {**data, "text": say.score(data, rulings)}, tag=str(version))
