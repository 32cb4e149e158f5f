"""Hand records: ``GET /hands/{id}/record`` (JSON, or text with ``Accept: text/plain`` or
``?format=text``), ``GET /hands/{id}/record.txt`` (the text form alone), ``POST /hands/import``
(records as JSON or text, or plain items) and ``POST /hands/import/file`` (a file of text records).

The text form has operations of its own because a client generated from the contract reads one
media type an answer and sends one a body, and may know no ``text/plain`` body: ``record.txt``
answers only text, and ``import/file`` takes the text records as a file upload
(``multipart/form-data``, as ``curl -F``, a browser's form and a generated client send it).
"""

from __future__ import annotations

from typing import Any, Final
from uuid import UUID

from flask import Blueprint, Response, request
from marshmallow import ValidationError

from adjudicator.domain.handfile import HandFileError, from_text, to_text
from adjudicator.domain.limits import MAX_HAND_EVENTS, MAX_IMPORT_EVENTS
from adjudicator.pacing import paced
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
FORM = "multipart/form-data"
#: The part of a multipart import that holds the text records.
PART = "records"
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


def _uploaded() -> str:
    """The text of a file import's ``records`` part (a file, or a plain field): 415 unless the body
    is a form, 422 without the part or when it is not UTF-8."""
    if request.mimetype != FORM:
        raise Problem(
            415,
            "about:blank",
            "Unsupported Media Type",
            f"the body's Content-Type is {request.mimetype or 'none'}: send the file as "
            f"{FORM}, in a part named {PART!r}; nothing was recorded",
        )
    upload = request.files.get(PART)
    if upload is None and PART not in request.form:
        detail = f"the records go in a part named {PART!r}; nothing was recorded"
        raise Problem(422, "invalid-body", "Invalid body", detail, field=PART)
    raw = upload.read() if upload is not None else request.form[PART].encode()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        detail = f"the records are not UTF-8 text (byte {error.start}); nothing was recorded"
        raise Problem(422, "invalid-record", "Invalid hand record", detail, line=None, hand=None) from None


def _read(text: str) -> Any:
    """Text records read back into the hands a JSON body would have sent."""
    try:
        records = from_text(text)
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


def _body() -> Any:
    """The body's hands: a text record read back, or JSON."""
    return _read(request.get_data(as_text=True)) if request.mimetype == TEXT else body()


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


def _import_answers(unsupported: str) -> dict[str, Any]:
    """What an import answers (``unsupported``: when it is a 415)."""
    return {
        "201": HAND.ok("Import", "the hands recorded, in the order given", etag=False),
        **HAND.body_errors,
        "404": HAND.problem("a plain item names a hand that does not exist: nothing was recorded"),
        "409": HAND.problem("another writer recorded events at the same moment; retry"),
        "412": HAND.problem("a plain item's `version` is not its hand's: nothing was recorded"),
        "415": HAND.problem(unsupported),
        "422": HAND.problem(
            "a malformed record (`errors`, `hand`; a text record: `line`) or an impossible event "
            "(`hand`, `event`, `field`): nothing was recorded"
        ),
    }


IMPORT_PROBLEMS: Final[list[str | ProblemType]] = [
    ProblemType(
        422,
        "invalid-record",
        "a text hand record that does not read: which `line` (from 1) of which `hand` (from 0)",
    ),
    "invalid-body",
    "illegal-event",
]


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
    responses=_import_answers("the body is neither application/json nor text/plain"),
    problems=IMPORT_PROBLEMS,
)
def import_hands() -> Response:
    return _imported(_body())


@route(
    blueprint,
    "POST /hands/import/file",
    "importHandFile",
    summary="Record hands from a file of text records, uploaded as a form: each checked first",
    description=(
        "The same import as POST /hands/import, of a file in the text form sent as a file upload "
        f"(`multipart/form-data`, the part `{PART}`): what `curl -F {PART}=@session.txt`, a "
        "browser's form and a client generated from this document send. All or none, in one commit."
    ),
    roles=TABLE,
    media={
        FORM: {
            "schema": {
                "type": "object",
                "description": "the form: one part, the file",
                "properties": {
                    PART: {
                        "type": "string",
                        "format": "binary",
                        "contentMediaType": TEXT,
                        "description": "a file of hand records in the text form, UTF-8",
                    }
                },
                "required": [PART],
            },
            "encoding": {PART: {"contentType": TEXT}},
        }
    },
    responses=_import_answers(f"the body is not {FORM}"),
    problems=IMPORT_PROBLEMS,
)
def import_hand_file() -> Response:
    return _imported(_read(_uploaded()))


def _imported(data: Any) -> Response:
    """The import, paced (``adjudicator.pacing``): the tables served meanwhile go first."""
    with paced():
        items = _checked(data)
        done = handfiles.import_hands(hands(), items, author(), sight=sight())
    listed = [
        {"id": hand_id, "version": version, "events": len(item["events"])}
        for (hand_id, version), item in zip(done, items, strict=True)
    ]
    answered = {"hands": listed, "events": sum(len(item["events"]) for item in items)}
    return answer(IMPORTED, answered, 201)


@route(
    blueprint,
    "GET /hands/<uuid:hand_id>/record",
    "getHandRecord",
    summary="The hand's record (adjudicator-hand/1): JSON, or text with Accept: text/plain",
    description=(
        "The hand as a record, to print, send or import elsewhere: JSON, or the text form with "
        "`Accept: text/plain` (GET …/record.txt answers the text form alone)."
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
    return _record(hand_id, _wants_text())


@route(
    blueprint,
    "GET /hands/<uuid:hand_id>/record.txt",
    "getHandRecordText",
    summary="The hand's record in the text form",
    description=(
        "The hand's record as text (tag pairs, [Auction], [Play], [Irregularities], [Provenance]), "
        "what POST /hands/import takes back; the same sight and ETag as GET …/record."
    ),
    roles=EVERYONE,
    anonymous="finished_hand",
    parameters=HAND.reading(),
    responses={
        "200": {
            "description": "the record as text, concealed cards left out while the hand is in play to a "
            "reader who may not see them",
            "content": {TEXT: {"schema": TEXT_RECORD}},
            "headers": HAND.etag,
        },
        "304": HAND.not_modified,
        "404": HAND.unknown,
    },
)
def record_text(hand_id: UUID) -> Response:
    return _record(hand_id, text=True)


def _record(hand_id: UUID, text: bool) -> Response:
    exported = handfiles.export(hands(), hand_id, sight(), listings())
    if not text:
        return answer(RECORD, exported.record, tag=str(exported.version), headers={"Vary": "Accept"})
    response = Response(to_text(exported.record, exported.commentary), mimetype=TEXT)
    response.set_etag(seen(str(exported.version)))
    response.headers["Vary"] = "Accept"
    response.make_conditional(request)
    return response
