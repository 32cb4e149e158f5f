"""The document about itself: its tags and the problem types (the routes that serve it: ``served``).

Every operation is tagged by the resource its path starts with,
which is how the console's API reference groups them; ``x-problem-types`` lists every problem
``type`` an answer can carry, with its status and when (the API documentation's table, as data).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from api.declare import ProblemType

#: Each tag (the first segment of its operations' paths) and what it is about.
TAGS: Final = {
    "rulesets": "The rulebooks a hand can be played under.",
    "hands": "Hands: opened, recorded event by event, replayed into the table, the rulings and the score.",
    "tournaments": "Tournaments: registration, draws and seating, score sheets, standings, the playoff.",
    "imports": "A hall's day carried home: a tournament and its hands, hash chains verified, all or none.",
    "players": "The association's players: recorded once, found by name, merged, and each one's history.",
    "finals": "Who goes on: a final made from its qualifiers' recorded results (SEASON.md, who goes on).",
    "calls": "The officials' queue: calls waiting for an official, claimed, ruled; and its live stream.",
    "live": "What moves, live: which hands and tournaments changed (ids only), for pages and displays.",
    "contract": "This document, as the running service serves it.",
    "health": "Probes for load balancers and orchestrators: anonymous, whatever ADJUDICATOR_ANONYMOUS_READS.",
    "metrics": "The service's own numbers, for a Prometheus scraper.",
}
#: The problem types many routes share (``urn:adjudicator:problem:<slug>``, or ``about:blank``): status
#: and when. A route that introduces its own declares it (``api.declare.ProblemType``).
PROBLEM_TYPES: Final = (
    (400, "unparseable-json", "the body is not JSON (also NaN, Infinity, a number of thousands of digits)"),
    (400, "json-too-deep", "arrays and objects nested more than 32 deep"),
    (
        400,
        "lone-surrogate",
        "a string or member name with an unpaired UTF-16 surrogate; `pointer` says where",
    ),
    (400, "malformed-precondition", "If-Match or If-None-Match is not * or a list of quoted entity tags"),
    (400, "invalid-query", "a query parameter out of bounds or not one the route takes (`field`: which)"),
    (401, "unauthenticated", "no credential where one is needed; an unknown or revoked token"),
    (403, "forbidden", "the credential's role, or its tournament and table, does not allow it (`needs`)"),
    (404, "unknown-hand", "no such hand"),
    (404, "unknown-tournament", "no such tournament"),
    (404, "unknown-call", "no such call"),
    (404, "unknown-match", "the tournament has no match of that id"),
    (404, "unknown-table-card", "no table card has that code or link (`/console/join`)"),
    (404, "version-out-of-range", "`at` names an event the hand or tournament does not have yet"),
    (408, "body-timeout", "a body that did not arrive whole within ADJUDICATOR_BODY_TIMEOUT seconds (30)"),
    (409, "commit-conflict", "another process recorded events at the same moment, twice over"),
    (409, "integrity-error", "the stored records fail their hash chain (`record`, `event`, `problem`)"),
    (409, "call-claimed", "the call is held by another official, or was ruled: nothing was recorded"),
    (409, "call-not-held", "a release or handover of a call the caller does not hold (or one ruled)"),
    (409, "idempotency-conflict", "an event's `id` was used before for another event"),
    (410, "card-withdrawn", "the table card was withdrawn by the desk: ask the director for another"),
    (412, "stale-version", "If-Match names a version the hand or tournament is no longer at"),
    (422, "invalid-body", "the body has the wrong shape (`errors`, `field`, `pointer`)"),
    (422, "illegal-event", "the domain refuses the event as impossible (`field`, `event`, `index`)"),
    (422, "unknown-hand", "the hand a sheet would link is not in the hand store"),
    (422, "invalid-card-code", "a table card's code that is not eight of the card's letters"),
    (422, "not-an-official", "a call handed to a name that is not a live official's credential (`field`)"),
    (
        429,
        "too-many-requests",
        "the client (its address) has ADJUDICATOR_CLIENT_REQUESTS requests (32) in flight already, or "
        "a live stream over ADJUDICATOR_CLIENT_FOLLOWERS (32) of the client or ADJUDICATOR_FOLLOWERS "
        "(1000) of the server; `Retry-After` says when to retry",
    ),
    (429, "too-many-guesses", "too many wrong table-card codes from the address, or the hall: `Retry-After`"),
    (500, "internal", "an error the service did not expect: it is logged (the tests fail on any)"),
    (
        "404 405 413 415",
        "about:blank",
        "plain HTTP: no such route (404), wrong method (405, `Allow`), a body over 1 MiB "
        "(413), a body that is not application/json (415)",
    ),
)
PROBLEM_PREFIX: Final = "urn:adjudicator:problem:"


def finish(document: dict[str, Any], introduced: Iterable[ProblemType] = ()) -> None:
    """Tag every operation by its path's first segment; list the tags and the problem types: the
    shared ones and those the routes ``introduced``, by status (plain HTTP's last)."""
    for path, operations in document["paths"].items():
        first = path.strip("/").split("/")[0]
        tag = "contract" if first.startswith("openapi") else first
        tag = "health" if first in ("healthz", "readyz") else tag
        for operation in operations.values():
            operation["tags"] = [tag]
    document["tags"] = [{"name": name, "description": text} for name, text in TAGS.items()]
    document["x-problem-types"] = [
        {
            "type": slug if slug == "about:blank" else PROBLEM_PREFIX + slug,
            "status": [int(n) for n in str(status).split()],
            "when": when,
        }
        for status, slug, when in _by_status(introduced)
    ]


def _by_status(introduced: Iterable[ProblemType]) -> list[tuple[int | str, str, str]]:
    """The shared problem types with each one ``introduced`` after the last of its status or lower."""
    rows = [row for row in PROBLEM_TYPES if isinstance(row[0], int)]
    for problem in introduced:
        after = [n for n, row in enumerate(rows) if int(row[0]) <= problem.status]
        rows.insert(after[-1] + 1 if after else 0, (problem.status, problem.slug, problem.when))
    return [*rows, *(row for row in PROBLEM_TYPES if not isinstance(row[0], int))]
