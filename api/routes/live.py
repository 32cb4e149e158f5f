"""The console's live channel: ``GET /live/stream`` says which hands and tournaments moved, never how.

A page follows it and fetches what moved through its ordinary routes (the hands list, a hand's
moment, a tournament's ``…/live`` fragment with its ETag), so that everything it shows goes through
the one sight: the stream carries ids and positions only, and of those only what the reader may
read (a hand by ``adjudicator.service.authority``; a tournament by ``getTournament``'s roles, or without
a credential when its board is public). Under ``adjudicator serve`` the front (``api.stream``) keeps
the connection open, runs this route again whenever the read models move, once for all the
followers that know of the same tournaments (``knowing_class``: the answer names what moved and
shows nothing of it), with ``Last-Event-ID`` set to the position they were last told, and sends
the answer when it names anything; behind another
server the answer is one event, and the client's ``EventSource`` comes back with its
``Last-Event-ID`` and is told what moved meanwhile.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app, request

from adjudicator.service import results
from adjudicator.service import tournaments as use
from adjudicator.service.errors import ReadModelsOff, ServiceError
from adjudicator.service.ports import LiveChanges, Moved
from adjudicator.wire.schemas.live import LiveQuerySchema
from api.auth import sight, sight_class
from api.declare import EVERYONE, route
from api.declare.answers import EVENT_STREAM, event_stream, invalid_query, param, problem
from api.request import query
from api.routes.calls import FOLLOWING, RETRY_MS
from api.routes.hall import may_see_board
from api.routes.hands import hands
from api.routes.tournaments import tournaments
from api.stream import RERUN

blueprint = Blueprint("live", __name__)
QUERY = LiveQuerySchema()
FEED = "adjudicator.live"


def feed() -> LiveChanges:
    found: LiveChanges | None = current_app.extensions.get(FEED)
    if found is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return found


def _since() -> int | None:
    """The position the follower was last told (``Last-Event-ID``, as ``EventSource`` sends it back)."""
    raw = request.headers.get("Last-Event-ID", "").strip()
    return int(raw) if raw.isdigit() and len(raw) < 19 else None


def _hand_may_be_read(live: LiveChanges, hand: UUID) -> None:
    """401 or 403 if this reader may not read the hand, 404 if there is none (the read models, else
    the store itself: a hand just opened reaches the read models half a second later)."""
    facts = live.hand_facts((hand,)).get(hand) or hands().read(hand, results.facts)
    sight()(facts)


def _tournaments_seen(ids: tuple[UUID, ...]) -> list[UUID]:
    """The tournaments this reader may know of (``adjudicator.service.privacy``): without a credential,
    those whose board is public."""
    reader = sight()
    return [t for t in ids if reader.known.knows(str(t))]


def _hands_seen(live: LiveChanges, ids: tuple[UUID, ...]) -> list[UUID]:
    reader, seen = sight(), []
    for hand, facts in live.hand_facts(ids).items():
        try:
            reader(facts)
        except ServiceError:  # a hand this reader may not read: not even its id
            continue
        seen.append(hand)
    return seen


def _event(position: int, moved: Moved, hands: list[UUID], tours: list[UUID], claims: bool) -> str:
    data = {
        "position": position,
        "hands": [str(h) for h in hands],
        "tournaments": [str(t) for t in tours],
        "claims": claims,
        "whole": moved.whole,
    }
    said = json.dumps(data, separators=(",", ":"))
    return f"retry: {RETRY_MS}\nid: {position}\nevent: moved\ndata: {said}\n\n"


@route(
    blueprint,
    "GET /live/stream",
    "followChanges",
    summary="Follow what moves: which hands and tournaments changed (server-sent events)",
    description=(
        "A `text/event-stream` of events `moved`, each naming the hands and tournaments that changed "
        "since the last (ids only, never what changed: fetch them through their own routes). The "
        "first event names nothing (or, with `Last-Event-ID`, what moved since that position); then "
        "one whenever something the reader may read moves (checked four times a second). Only what "
        "the reader may read is named: without a credential, finished hands and the tournaments "
        "whose board is public; nothing of a private tournament to a reader who may not know of it "
        "(`claims` only to those who know of every tournament). `hand` or `tournament` follows one "
        "only (401/403/404 as reading it would). " + FOLLOWING
    ),
    roles=EVERYONE,
    anonymous="public",
    query=LiveQuerySchema,
    parameters=[
        param(
            "Last-Event-ID",
            "header",
            "the last event's id (a position): what moved since; anything else starts afresh",
            {"type": "string"},
            required=False,
        )
    ],
    responses={
        "200": event_stream("the stream of moves", "moved", "Moved", "what moved (ids only)"),
        "400": invalid_query("a filter is not one the stream takes"),
        "404": problem(
            "urn:adjudicator:problem:unknown-hand or unknown-tournament: no such hand or tournament"
        ),
        "503": problem("the service keeps no read models (ADJUDICATOR_READ_MODELS is off)"),
    },
    problems=["invalid-query", "unknown-hand", "unknown-tournament"],
)
def follow_changes() -> Response:
    asked: dict[str, Any] = query(QUERY)
    live = feed()
    hand, tournament = asked.get("hand"), asked.get("tournament")
    if hand is not None:
        _hand_may_be_read(live, hand)
    if tournament is not None:
        sight().known.tournament(tournament)  # 404 to a reader who may not know of it, as if there were none
        may_see_board(tournament)
        use.version(tournaments(), tournament)  # 404 if there is none
    position, since = live.position(), _since()
    moved = Moved() if since is None else live.between(since, position)
    hands = [h for h in moved.hands if tournament is None and hand in (None, h)]
    tours = [t for t in moved.tournaments if hand is None and tournament in (None, t)]
    hands, tours = _hands_seen(live, tuple(hands)), _tournaments_seen(tuple(tours))
    claims = moved.claims and sight().known.reach.whole and hand is None and tournament is None
    if not request.environ.get(RERUN) or hands or tours or claims or moved.whole:
        text = _event(position, moved, hands, tours, claims)  # the client's own request: always one
    else:
        text = f"id: {position}\n\n"  # nothing this reader may read moved: the front sends nothing
    response = Response(text, mimetype=EVENT_STREAM)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return sight_class(response, names_only=True)
