"""``POST /imports/day``: a hall's day carried home (``adjudicator.service.days``), for officials.

The body is the file ``adjudicator export-day`` writes, as it is (JSON lines,
``application/x-ndjson``), gzip-compressed or not (``Content-Encoding: gzip``: a day of a hundred
hands is some 4 MB of JSON, past the 1 MiB every body is held to, and a tenth of it compressed); or
the same file uploaded as a form (``multipart/form-data``, the part ``day``, gzip-compressed or not:
what ``curl -F day=@day.jsonl.gz``, a browser's form and a client generated from the contract send,
as ``/hands/import/file`` takes a file of hands; a generated client knows no JSON-lines body).
Every record is verified before anything is written; a day refused stores nothing; the same day
again stores nothing and answers 200 (201: records were stored).
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Final

from flask import Blueprint, Response, current_app, request

from adjudicator.service import days
from adjudicator.service.day_players import matcher
from adjudicator.service.days import Days
from adjudicator.service.ports import Players
from api.auth import author
from api.declare import OFFICIAL, ProblemType, route
from api.declare.answers import JSON, problem
from api.problems import Problem

blueprint = Blueprint("days", __name__)
NDJSON: Final = "application/x-ndjson"
FORM: Final = "multipart/form-data"
#: The part of the form that holds the day's file.
PART: Final = "day"
#: How a gzip stream begins (RFC 1952): an uploaded file compressed or not.
GZIP_MAGIC: Final = b"\x1f\x8b"
#: The most a compressed day may unpack to.
UNPACKED: Final = 64 * 1024 * 1024
CARRIED: Final = {
    "type": "object",
    "description": "what the import did",
    "properties": {
        "tournament": {"type": "string", "format": "uuid"},
        "name": {"type": "string", "description": "the tournament's name"},
        "streams": {
            "type": "integer",
            "description": (
                "the file's streams stored or held here: the tournament's, its hands', their claims' and "
                "the registry's (a registry other than this one's is matched, not stored)"
            ),
        },
        "added": {"type": "integer", "description": "records stored now"},
        "present": {"type": "integer", "description": "records the store held already (stored nothing)"},
        "new_streams": {"type": "array", "items": {"type": "string", "format": "uuid"}},
        "players": {
            "type": "array",
            "description": "each record of the hall's registry the tournament links, matched with this one",
            "items": {
                "type": "object",
                "properties": {
                    "record": {"type": "string", "description": "the hall's record"},
                    "name": {"type": "string"},
                    "as": {
                        "type": "string",
                        "enum": ["same", "merged", "new", "offered"],
                        "description": (
                            "same: the record is here; merged: recorded and merged into the person of "
                            "the same name and birth date; new: recorded as a new person; offered: new, "
                            "with people of the same name a registrar may merge it with"
                        ),
                    },
                    "player": {"type": "string", "description": "the person the record is here"},
                    "offered": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["record", "name", "as", "player", "offered"],
            },
        },
    },
    "required": ["tournament", "name", "streams", "added", "present", "new_streams", "players"],
}


def _days() -> Days:
    port: Days = current_app.extensions["adjudicator.days"]
    return port


def _text() -> str:
    """The day's file: the body (JSON lines), or the form's part ``day``; unpacked if gzip."""
    if request.mimetype == FORM:
        return _decoded(_uploaded(), compressed=None)
    if request.mimetype != NDJSON:
        raise Problem(
            415,
            "about:blank",
            "Unsupported Media Type",
            f"the body's Content-Type is {request.mimetype or 'none'}: send the file export-day wrote "
            f"as {NDJSON}, or as a file in a {FORM} part named {PART!r}; nothing was stored",
        )
    encoding = request.headers.get("Content-Encoding", "").strip().lower()
    return _decoded(request.get_data(), compressed=encoding == "gzip")


def _uploaded() -> bytes:
    upload = request.files.get(PART)
    if upload is None and PART not in request.form:
        detail = f"the day's file goes in a part named {PART!r}; nothing was stored"
        raise Problem(422, "invalid-body", "Invalid body", detail, field=PART)
    return upload.read() if upload is not None else request.form[PART].encode()


def _decoded(raw: bytes, compressed: bool | None) -> str:
    """``raw`` as text, unpacked first if ``compressed`` (None: if it begins as gzip does)."""
    if compressed or (compressed is None and raw.startswith(GZIP_MAGIC)):
        unpack = zlib.decompressobj(wbits=31)
        try:
            raw = unpack.decompress(raw, UNPACKED)
        except zlib.error as error:
            raise _unreadable(f"the body is not gzip: {error}") from None
        if unpack.unconsumed_tail:
            raise _unreadable(f"the day unpacks to more than {UNPACKED // 2**20} MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _unreadable(f"the body is not UTF-8 text (byte {error.start})") from None


def _unreadable(detail: str) -> Problem:
    return Problem(
        422, "day-refused", "Day refused", f"{detail}; nothing of the day was stored", problem="unreadable"
    )


@route(
    blueprint,
    "POST /imports/day",
    "importDay",
    summary="Carry a hall's day home: a tournament and its hands, every hash verified, all or none",
    description=(
        "The body is the file `adjudicator export-day` wrote on the hall's machine (JSON lines, "
        f"`{NDJSON}`; `Content-Encoding: gzip` is taken), or that file uploaded as a form "
        f"(`{FORM}`, the part `{PART}`, gzip-compressed or not: `curl -F {PART}=@day.jsonl.gz`, as a "
        "generated client sends it). Every record's digest and chain are computed "
        "again, each stream is compared with the head the file gives and replayed under its rules; "
        "the first record that fails is named (`stream`, `record`, `line`) and nothing is stored. "
        "Records the store holds already are skipped: the same day again stores nothing (200). "
        "A stream held here with other records under the same id is a conflict (409). The players the "
        "tournament links to the hall's registry are matched with this one (`players`): the same "
        "record, merged into the person of the same name and birth date (recorded), or new, with "
        "the people of that name offered for a registrar to merge."
    ),
    roles=OFFICIAL,
    media={
        FORM: {
            "schema": {
                "type": "object",
                "description": "the form: one part, the day's file",
                "properties": {
                    PART: {
                        "type": "string",
                        "format": "binary",
                        "contentMediaType": NDJSON,
                        "description": "the day's file as export-day wrote it, gzip-compressed or not",
                    }
                },
                "required": [PART],
            },
            "encoding": {PART: {"contentType": f"{NDJSON}, application/gzip"}},
        },
        NDJSON: {"schema": {"type": "string", "description": "the day's file, JSON lines"}},
    },
    responses={
        "200": {
            "description": "every record was here already: nothing stored",
            "content": {JSON: {"schema": CARRIED}},
        },
        "201": {"description": "the day's new records stored", "content": {JSON: {"schema": CARRIED}}},
        "409": problem("urn:adjudicator:problem:day-conflict: other records under one of the day's ids"),
        "413": problem("the body is larger than 1 MiB (send it gzip-compressed, or use the CLI)"),
        "415": problem(f"the body is neither {NDJSON} nor {FORM}"),
        "422": problem("urn:adjudicator:problem:day-refused: a record that does not verify or read"),
    },
    problems=[
        ProblemType(
            422, "day-refused", "a carried day's record fails its hash chain, or the file does not read"
        ),
        ProblemType(409, "day-conflict", "a carried day's stream is held here with other records"),
    ],
)
def import_day() -> Response:
    players: Players = current_app.extensions["adjudicator.players"]
    carried = days.carry(_days(), _text().splitlines(), matcher(players, author()))
    body: dict[str, Any] = carried.to_dict()
    return Response(json.dumps(body), status=201 if carried.added else 200, mimetype=JSON)
