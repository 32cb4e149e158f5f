"""The officials' queue: ``GET /calls``, ``POST /calls/{call_id}/claim|release|handover`` and
``GET /calls/stream``.

The stream's answer here is one server-sent event, the queue as it stands, with ``retry``: under
granian the front (``api.stream``) keeps the connection open and sends each change as it comes,
rendering it through this same route once for all the followers of one sight class (which the
answer says to the front: ``api.auth.sight_class``) without holding a request thread while it
waits; behind any other server the client's ``EventSource`` reconnects.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, request, url_for
from marshmallow import ValidationError

from adjudicator.domain.officials_queue import QueuedCall, Status
from adjudicator.pacing import paced
from adjudicator.service import calls as use
from adjudicator.service.calls import DEFAULT_PAGE, MAX_PAGE, Calls
from adjudicator.service.errors import ReadModelsOff
from adjudicator.wire.schemas.calls import (
    CallListQuerySchema,
    CallPageQuerySchema,
    CallSchema,
    HandoverSchema,
    ReleaseSchema,
    dumped,
)
from api.auth import author, credentials, sight, sight_class, who
from api.declare import EVERYONE, OFFICIAL, route
from api.declare.answers import EVENT_STREAM, JSON, event_stream, invalid_query, param, problem, ref
from api.problems import invalid_body
from api.request import answer, body, query

blueprint = Blueprint("calls", __name__)
ONE, QUERY, PAGE_QUERY = CallSchema(), CallListQuerySchema(), CallPageQuerySchema()
RELEASE, HANDOVER = ReleaseSchema(), HandoverSchema()
#: A page of the queue works this long between rests of this long (``adjudicator.pacing``), in
#: seconds: slices shorter than an import's, since a table's append that waits for the interpreter
#: lock waits for the rest of a slice.
QUEUE_PACE = (0.0005, 0.002)
#: How soon a client that lost the stream (or one behind a server that ends it) comes back, in ms.
RETRY_MS = 1000
LAG = (
    "Derived from the recorded events (the read models, which lag them by about half a second): a call "
    "is open from the event that made it until the event that rules it (the finding, the choice, the "
    "proof, the dispute's ruling); a claim is an official's own recorded fact. Each call's words go "
    "through the reader's sight: another table's scorekeeper does not read the cards of a hand in play."
)
#: How a stream is followed, said in both streams' descriptions.
FOLLOWING = (
    "A client that asks for the stream (`Accept: text/event-stream`, as an EventSource does) is kept "
    "on it under `adjudicator serve`, without holding a request thread; any other request (a "
    "generated client's plain call) is answered the first event and done, as behind another server, "
    "and `retry` brings a follower back. Read the answer line by line: events apart by a blank line, "
    "each of lines `retry:`, `id:`, `event:`, `data:` (`itemSchema`: each event's shape); a line "
    "starting `:` keeps the connection alive."
)
OFF = problem("the service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
BAD_FILTER = invalid_query("a filter is not one the queue takes")


def queue() -> Calls:
    found: Calls | None = current_app.extensions.get("adjudicator.calls")
    if found is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return found


def _filters(asked: dict[str, Any]) -> tuple[str | None, list[Status]]:
    tournament = str(asked["tournament"]) if "tournament" in asked else None
    return tournament, [asked["status"]] if "status" in asked else []


def _listed() -> list[QueuedCall]:
    return queue().listed(sight(), *_filters(query(QUERY)))


@route(
    blueprint,
    "GET /calls",
    "listCalls",
    summary="The calls waiting for an official, claimed, or ruled (oldest first), a page at a time",
    description=(
        f"At most `limit` calls a page ({DEFAULT_PAGE} unless asked, at most {MAX_PAGE}). Pages are "
        "keyset pages on (when the call was made, its id): follow `next` as `cursor` (or the `Link` "
        'header\'s `rel="next"`), with the same filters, to the page where it is null; a call made '
        "meanwhile comes after, none twice or missed. " + LAG
    ),
    roles=EVERYONE,
    query=CallPageQuerySchema,
    responses={
        "200": {
            "description": "one page of the calls",
            "headers": {
                "Link": {
                    "description": 'the next page, `<…>; rel="next"` (absent on the last)',
                    "schema": {"type": "string"},
                }
            },
            "content": {JSON: {"schema": ref("CallPage")}},
        },
        "400": invalid_query("a filter, the limit or the cursor is not one the queue takes"),
        "503": OFF,
    },
    problems=["invalid-query"],
)
def list_calls() -> Response:
    asked = query(PAGE_QUERY)
    tournament, status = _filters(asked)
    after = use.decode_cursor(tournament, status, asked["cursor"]) if "cursor" in asked else None
    with paced(*QUEUE_PACE):  # read, seen and dumped a call at a time: the tables go first meanwhile
        page = queue().page(sight(), tournament, status, after, asked["limit"])
        following = None if page.next is None else use.encode_cursor(tournament, status, page.next)
        data = {"calls": dumped(page.calls), "next": following}  # CallPageSchema's shape (``dumped``)
    response = Response(json.dumps(data, separators=(",", ":")), mimetype=JSON)
    response.headers["Cache-Control"] = "no-store"
    if following is not None:
        asked_for: dict[str, Any] = {**request.args, "cursor": following}
        response.headers["Link"] = f'<{url_for("calls.list_calls", **asked_for)}>; rel="next"'
    return response


@route(
    blueprint,
    "POST /calls/<string:call_id>/claim",
    "claimCall",
    summary="Claim a call: this official is on the way to its table",
    description=(
        "Recorded as an event (the call's claim log), never an edit; claiming again a call one "
        "already holds records nothing. The ruling itself (a finding, a choice, a dispute's ruling) "
        "is what closes the call."
    ),
    roles=OFFICIAL,
    parameters=[param("call_id", "path", "the call's id, as GET /calls lists it", {"type": "string"})],
    responses={
        "200": {"description": "the call, claimed", "content": {JSON: {"schema": ref("Call")}}},
        "404": problem("urn:adjudicator:problem:unknown-call: no such call"),
        "409": problem("urn:adjudicator:problem:call-claimed: another official holds it, or it was ruled"),
        "503": OFF,
    },
    problems=["unknown-call", "call-claimed"],
)
def claim_call(call_id: str) -> Response:
    credential = who()
    assert credential is not None  # claimCall is an official's: authority refused anyone else
    claimed = queue().claim(call_id, credential.name, author())
    return answer(ONE, claimed.to_dict())


CALL_ID = param("call_id", "path", "the call's id, as GET /calls lists it", {"type": "string"})
#: What a body that does not read is answered.
BODY_ERRORS = {
    "400": problem("the body is not JSON"),
    "413": problem("the body is larger than 1 MiB"),
    "415": problem("the body is not application/json"),
}
NOT_HELD = problem(
    "urn:adjudicator:problem:call-not-held: the caller does not hold the call, or it was ruled"
)


def _holder() -> str:
    credential = who()
    assert credential is not None  # an official's operation: authority refused anyone else
    return credential.name


@route(
    blueprint,
    "POST /calls/<string:call_id>/release",
    "releaseCall",
    summary='Let a claimed call go ("I can\'t go"): it is open again for any official',
    description=(
        "Recorded as an event after the claim (the call's claim log), never an edit of it: the queue "
        "shows the call open again, and its `claims` keep the claim and the release. Only the "
        "official who holds the call releases it."
    ),
    roles=OFFICIAL,
    parameters=[CALL_ID],
    body=ReleaseSchema,
    responses={
        "200": {"description": "the call, open again", "content": {JSON: {"schema": ref("Call")}}},
        **BODY_ERRORS,
        "404": problem("urn:adjudicator:problem:unknown-call: no such call"),
        "409": NOT_HELD,
        "422": problem("urn:adjudicator:problem:invalid-body: the body has the wrong shape"),
        "503": OFF,
    },
    problems=["unknown-call", "call-not-held", "invalid-body"],
)
def release_call(call_id: str) -> Response:
    data = _loaded(RELEASE)
    released = queue().release(call_id, _holder(), data.get("reason"), author())
    return answer(ONE, released.to_dict())


@route(
    blueprint,
    "POST /calls/<string:call_id>/handover",
    "handOverCall",
    summary="Hand a claimed call to another official",
    description=(
        "Recorded as an event after the claim (the call's claim log), never an edit of it: the queue "
        "shows the call held by the official it was handed to (`to`: a live official's credential, "
        "by name or id), and its `claims` keep who had it before. Only the official who holds the "
        "call hands it over."
    ),
    roles=OFFICIAL,
    parameters=[CALL_ID],
    body=HandoverSchema,
    responses={
        "200": {
            "description": "the call, held by the other official",
            "content": {JSON: {"schema": ref("Call")}},
        },
        "404": problem("urn:adjudicator:problem:unknown-call: no such call"),
        "409": NOT_HELD,
        **BODY_ERRORS,
        "422": problem(
            "urn:adjudicator:problem:not-an-official: `to` is no live official's credential; "
            "urn:adjudicator:problem:invalid-body: the body has the wrong shape"
        ),
        "503": OFF,
    },
    problems=["unknown-call", "call-not-held", "not-an-official", "invalid-body"],
)
def hand_over_call(call_id: str) -> Response:
    data = _loaded(HANDOVER)
    handed = use.hand_over(queue(), credentials(), call_id, _holder(), data["to"], author())
    return answer(ONE, handed.to_dict())


def _loaded(schema: ReleaseSchema | HandoverSchema) -> dict[str, Any]:
    """The body through ``schema``: 422 (``invalid-body``) unless it fits."""
    data = body()
    try:
        loaded: dict[str, Any] = schema.load(data)
    except ValidationError as error:
        raise invalid_body(error, isinstance(data, list)) from None
    return loaded


@route(
    blueprint,
    "GET /calls/stream",
    "followCalls",
    summary="Follow the queue live (server-sent events)",
    description=(
        "A `text/event-stream`: an event `calls` whose `data` is the queue (as GET /calls answers it, "
        "with the same filters) and whose `id` is the read models' position, sent at once and again "
        "whenever the queue changes (checked four times a second). " + FOLLOWING + " " + LAG
    ),
    roles=EVERYONE,
    query=CallListQuerySchema,
    responses={
        "200": event_stream(
            "the stream of the queue's states", "calls", "CallList", "the queue (GET /calls's answer)"
        ),
        "400": BAD_FILTER,
        "503": OFF,
    },
    problems=["invalid-query"],
)
def follow_calls() -> Response:
    position = queue().position()
    with paced(*QUEUE_PACE):  # the whole queue, once per sight class: the tables go first meanwhile
        data = json.dumps({"calls": dumped(_listed())}, separators=(",", ":"))  # CallListSchema's
    text = f"retry: {RETRY_MS}\nid: {position}\nevent: calls\ndata: {data}\n\n"
    response = Response(text, mimetype=EVENT_STREAM)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return sight_class(response)
