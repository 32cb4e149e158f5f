"""Hand records: ``GET /hands/{id}/record`` (JSON, or text with ``Accept: text/plain`` or
``?format=text``) and ``POST /hands/import`` (records as JSON or text, or plain items)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, request
from marshmallow import ValidationError

from adjudicator.domain.handfile import HandFileError, from_text, to_text
from adjudicator.domain.limits import MAX_HAND_EVENTS, MAX_IMPORT_EVENTS
from adjudicator.service import authority, handfiles
from adjudicator.service import hands as use
from adjudicator.wire.schemas.common import MAX_BATCH
from adjudicator.wire.schemas.imports import RECORD, ImportSchema, RecordQuerySchema, load_import
from adjudicator.wire.strict_json import BodyRefused, check
from api.auth import author, credentials, sight, who
from api.auth import tag as seen
from api.declare import EVERYONE, TABLE, ProblemType, route
from api.declare.answers import invalid_query, ref
from api.declare.resources import HAND
from api.problems import Problem, invalid_body
from api.request import answer, body, problem_of, query
from api.routes.hands import hands, listings

blueprint = Blueprint("records", __name__)
IMPORTED, RECORD_QUERY = ImportSchema(), RecordQuerySchema()
TEXT = "text/plain"
TEXT_RECORD = {
    "type": "string",
    "description": "the text form: tag pairs, [Auction], [Play], [Irregularities], [Provenance] "
    "(the documentation's hand records)",
}
# anyOf: a record is an object too, so under oneOf a whole record would match both and be refused
IMPORTED_HAND = {
    "anyOf": [
        ref("HandRecord"),
        {
            "type": "object",
            "description": f"a plain item, as `adjudicator import` takes it: at most {MAX_HAND_EVENTS} "
            f"`events`, and no more than a hand holds ({MAX_HAND_EVENTS}) with those its stored hand has",
        },
    ]
}


def _wants_text() -> bool:
    asked = query(RECORD_QUERY).get("format")
    if asked is not None:
        return bool(asked == "text")
    best = request.accept_mimetypes.best_match(["application/json", TEXT])
    return best == TEXT


def _body() -> Any:
    """The body's hands: a text record read back, or JSON."""
    if request.mimetype != TEXT:
        return body()
    try:
        records = from_text(request.get_data(as_text=True))
    except HandFileError as error:
        hand = f"hand {error.hand + 1}, " if error.hand is not None else ""
        raise Problem(
            422, "invalid-record", "Invalid hand record", f"{hand}{error}", line=error.line, hand=error.hand
        ) from None
    try:
        check(records)  # what a JSON body is held to: no lone surrogate, no deep nesting
    except BodyRefused as refused:
        raise problem_of(refused) from None
    return records


def _checked(data: Any) -> list[dict[str, Any]]:
    try:
        items, _ = load_import(data)
    except ValidationError as error:
        problem = invalid_body(error, isinstance(data, list))
        if "index" in problem.members:
            index = problem.members["index"]
            problem.detail = problem.detail.replace(
                f"event {index} of the array", f"hand {index} of the array"
            )
            problem.members["hand"] = problem.members.pop("index")
        raise problem from None
    writer = who()
    if writer is not None and writer.role != "official":
        own = (writer.tournament, writer.table) if writer.tournament is not None else None
        for item in items:
            if "hand" in item:
                opened = use.opened(hands(), item["hand"])
                table = authority.hand_table(credentials(), opened.opened_by, opened.scope)
            else:
                table = own
            authority.check_hand_events(writer, item["events"], table)
    try:
        handfiles.check_hands(hands(), items, sight())
    except handfiles.ImpossibleHand as impossible:
        illegal = impossible.error
        detail = f"hand {impossible.index + 1} of the body: event {illegal.index}: {impossible.words}"
        detail += (f" [{illegal.field}]" if illegal.field else "") + "; nothing was recorded"
        raise Problem(
            422,
            "illegal-event",
            "Impossible event",
            detail,
            hand=impossible.index,
            event=illegal.index,
            field=illegal.field,
        ) from None
    return items


@route(
    blueprint,
    "POST /hands/import",
    "importHands",
    summary="Record hands from their records (JSON or text): each checked before any is written",
    description=(
        f"All or none, in one commit. At most {MAX_BATCH} hands and {MAX_IMPORT_EVENTS} events in "
        f"all; a hand holds at most {MAX_HAND_EVENTS} events (a real one about 60, calls and "
        "corrections included): more is refused, 422, and nothing is recorded."
    ),
    roles=TABLE,
    body={
        "oneOf": [
            IMPORTED_HAND,
            {"type": "array", "items": IMPORTED_HAND, "minItems": 1, "maxItems": MAX_BATCH},
        ]
    },
    media={TEXT: {"schema": TEXT_RECORD}},
    responses={
        "201": HAND.ok("Import", "the hands recorded, in the order given", etag=False),
        **HAND.body_errors,
        "404": HAND.problem("a plain item names a hand that does not exist: nothing was recorded"),
        "409": HAND.problem("another writer recorded events at the same moment; retry"),
        "412": HAND.problem("a plain item's `version` is not its hand's: nothing was recorded"),
        "415": HAND.problem("the body is neither application/json nor text/plain"),
        "422": HAND.problem(
            "a malformed record (`errors`, `hand`; a text record: `line`) or an impossible event "
            "(`hand`, `event`, `field`): nothing was recorded"
        ),
    },
    problems=[
        ProblemType(
            422,
            "invalid-record",
            "a text hand record that does not read: which `line` (from 1) of which `hand` (from 0)",
        ),
        "invalid-body",
        "illegal-event",
    ],
)
def import_hands() -> Response:
    items = _checked(_body())
    done = handfiles.import_hands(hands(), items, author(), sight=sight())
    listed = [
        {"id": hand_id, "version": version, "events": len(item["events"])}
        for (hand_id, version), item in zip(done, items, strict=True)
    ]
    data = {"hands": listed, "events": sum(len(item["events"]) for item in items)}
    return answer(IMPORTED, data, 201)


@route(
    blueprint,
    "GET /hands/<uuid:hand_id>/record",
    "getHandRecord",
    summary="The hand's record (adjudicator-hand/1): JSON, or text with Accept: text/plain or ?format=text",
    description=(
        "The hand as a record, to print, send or import elsewhere: JSON, or the text form with "
        "`Accept: text/plain` or `?format=text`."
    ),
    roles=EVERYONE,
    anonymous="finished_hand",
    parameters=HAND.reading(),
    query=RecordQuerySchema,
    responses=HAND.read(
        "HandRecord",
        "the record, concealed cards null while the hand is in play to a reader who may not see them",
        {"400": invalid_query("`format` is neither json nor text")},
        also={TEXT: {"schema": TEXT_RECORD}},
    ),
)
def record(hand_id: UUID) -> Response:
    text = _wants_text()
    exported = handfiles.export(hands(), hand_id, sight(), listings())
    if not text:
        return answer(RECORD, exported.record, tag=str(exported.version), headers={"Vary": "Accept"})
    response = Response(to_text(exported.record, exported.commentary), mimetype=TEXT)
    response.set_etag(seen(str(exported.version)))
    response.headers["Vary"] = "Accept"
    response.make_conditional(request)
    return response
