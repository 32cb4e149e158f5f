"""The two resources the routes serve, a hand and a tournament: their parameters and shared answers."""

from __future__ import annotations

from typing import Any, Final

from adjudicator.domain.limits import MAX_HAND_EVENTS
from adjudicator.wire.schemas.common import MAX_BATCH
from adjudicator.wire.schemas.tournament_fields import MOST_ROUNDS
from api.declare.answers import Answer, ProblemType, Resource, invalid_query, param, ref

HAND: Final = Resource(
    "hand",
    etag="the hand's version, \"N\", with the sight it was read with when narrower than an official's "
    '("N-table": no uncalled ruling; "N-public": no concealed card either): send it in If-Match or '
    "If-None-Match",
    if_match='append only if the hand is at this version ("N", or an ETag read of it); else 412',
    created_by="POST /hands",
)
TOURNAMENT: Final = Resource(
    "tournament",
    etag='the tournament\'s version, "N" (its number of events): for If-Match, If-None-Match',
    if_match='record only if the tournament is at this version ("N", its ETag); else 412',
    created_by="POST /tournaments",
)
MATCH: Final = param(
    "match",
    "path",
    "a match id: R{round}-T{table} in the rounds, P{round}-{n} in the playoff",
    {"type": "string"},
)
ROUND: Final = param(
    "round_number",
    "path",
    f"the round to seat: the next one (at most {MOST_ROUNDS}; a greater one is no round: 404)",
    {"type": "integer", "minimum": 0, "maximum": MOST_ROUNDS},
)
#: The answer to a page of events out of bounds (``EventPageQuerySchema``).
EVENT_PAGE_ERROR: Final = {"400": invalid_query("`after` or `limit` is out of bounds or not a whole number")}
READ_MODELS_OFF: Final = HAND.problem("the service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
#: The problem a list from the read models answers without them.
NO_READ_MODELS: Final = ProblemType(503, "read-models-off", "the service keeps no read models to list from")


def one_or_many(name: str) -> dict[str, Any]:
    """A body of one ``name``, or an array of them (all or none)."""
    return {
        "oneOf": [
            ref(name),
            {"type": "array", "items": ref(name), "minItems": 1, "maxItems": MAX_BATCH},
        ]
    }


#: What an append of hand events answers.
HAND_APPENDED: Final = {
    "201": HAND.ok("Appended", "recorded: the hand's version now"),
    "400": HAND.body_errors["400"],
    "404": HAND.unknown,
    "409": HAND.problem("another writer recorded events at the same moment: nothing was recorded; retry"),
    "412": HAND.problem("If-Match names a version the hand is no longer at: nothing was recorded", etag=True),
    "413": HAND.body_errors["413"],
    "415": HAND.body_errors["415"],
    "422": HAND.problem(
        "malformed (`errors`) or impossible (`field`, `event`, and for an array "
        f"`index`) event, or one past the hand's {MAX_HAND_EVENTS}th (a hand holds at most "
        f"{MAX_HAND_EVENTS} events; a real one about 60): nothing was recorded",
        etag=True,
    ),
}
#: What every POST recording tournament events answers.
TOURNAMENT_RECORDED: Final = {
    "201": TOURNAMENT.ok("TournamentAppended", "recorded: the tournament's version and the events recorded"),
    **TOURNAMENT.body_errors,
    "404": TOURNAMENT.unknown,
    "409": TOURNAMENT.problem("another writer recorded events at the same moment: nothing was recorded"),
    "412": TOURNAMENT.problem("If-Match names a version the tournament is no longer at", etag=True),
    "422": TOURNAMENT.problem(
        "malformed (`errors`) or impossible (`field`, `event`, for an array `index`): nothing was recorded",
        etag=True,
    ),
}


def created(resource: Resource, schema: Answer, description: str, links: dict[str, Any]) -> dict[str, Any]:
    """A 201 that creates ``resource``: its ETag, its ``Location`` and the operations it links to."""
    return {
        **resource.ok(schema, description),
        "headers": {
            **resource.etag,
            "Location": {
                "description": f"the {resource.noun}'s address",
                "required": True,
                "schema": {"type": "string"},
            },
        },
        "links": links,
    }
