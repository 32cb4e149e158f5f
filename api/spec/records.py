"""Hand records in openapi.yaml: ``GET /hands/{hand_id}/record`` and ``POST /hands/import``."""

from __future__ import annotations

from typing import Any, Final

from apispec import APISpec

from adjudicator.limits import MAX_HAND_EVENTS, MAX_IMPORT_EVENTS
from api.schemas import imports as schemas
from api.schemas.common import MAX_BATCH
from api.spec.common import JSON, add_schemas, ref
from api.spec.hand_list import invalid_query, query_parameters
from api.spec.hands import HAND

TEXT: Final = "text/plain"
TEXT_RECORD: Final = {
    "type": "string",
    "description": "the text form: tag pairs, [Auction], [Play], [Irregularities], [Provenance] "
    "(the documentation's hand records)",
}


def add_components(spec: APISpec) -> None:
    add_schemas(spec, schemas, "Link Imported ImportedHand Import")
    spec.components.schema("HandRecord", schema=schemas.HandRecordSchema)


def _record() -> dict[str, Any]:
    got = HAND.get(
        "The hand's record (adjudicator-hand/1): JSON, or text with Accept: text/plain or ?format=text",
        "getHandRecord",
        "HandRecord",
        "the record, concealed cards null while the hand is in play to a reader who may not see them",
        query_parameters(schemas.RecordQuerySchema),
        {"400": invalid_query("`format` is neither json nor text")},
    )
    got["get"]["responses"]["200"]["content"][TEXT] = {"schema": TEXT_RECORD}
    return got


def _import() -> dict[str, Any]:
    # anyOf: a record is an object too, so under oneOf a whole record would match both and be refused
    plain = {
        "type": "object",
        "description": f"a plain item, as `adjudicator import` takes it: at most {MAX_HAND_EVENTS} "
        f"`events`, and no more than a hand holds ({MAX_HAND_EVENTS}) with those its stored hand has",
    }
    hand = {"anyOf": [ref("HandRecord"), plain]}
    errors = HAND.body_errors
    return {
        "post": {
            "summary": "Record hands from their records (JSON or text): each checked before any is written",
            "description": (
                f"All or none, in one commit. At most {MAX_BATCH} hands and {MAX_IMPORT_EVENTS} events in "
                f"all; a hand holds at most {MAX_HAND_EVENTS} events (a real one about 60, calls and "
                "corrections included): more is refused, 422, and nothing is recorded."
            ),
            "operationId": "importHands",
            "requestBody": {
                "required": True,
                "content": {
                    JSON: {
                        "schema": {
                            "oneOf": [
                                hand,
                                {"type": "array", "items": hand, "minItems": 1, "maxItems": MAX_BATCH},
                            ]
                        }
                    },
                    TEXT: {"schema": TEXT_RECORD},
                },
            },
            "responses": {
                "201": HAND.ok("Import", "the hands recorded, in the order given", etag=False),
                **errors,
                "404": HAND.problem("a plain item names a hand that does not exist: nothing was recorded"),
                "409": HAND.problem("another writer recorded events at the same moment; retry"),
                "412": HAND.problem("a plain item's `version` is not its hand's: nothing was recorded"),
                "415": HAND.problem("the body is neither application/json nor text/plain"),
                "422": HAND.problem(
                    "a malformed record (`errors`, `hand`; a text record: `line`) or an impossible event "
                    "(`hand`, `event`, `field`): nothing was recorded"
                ),
            },
        }
    }


def add_paths(spec: APISpec) -> None:
    spec.path(path="/hands/import", operations=_import())
    spec.path(path="/hands/{hand_id}/record", operations=_record())
