"""The officials' queue in the console: ``/console/calls``, every call waiting for an official.

The page is rendered with the queue as it stands and then follows ``GET /calls/stream`` (an
``EventSource``: no reload), so that a call made at a table is on every open officials' page within
about a second: on each change ``calls.js`` asks ``/console/calls/live`` for the queue's part again,
drawn by the page's own template (``calls/_queue.html``: a call's row is written once). Each call
shows its table, the hand's moment (the replay at the event that made it), the rulebook's sections
and who has it; an official claims it with one button (``POST /calls/{id}/claim``), the one who holds
it may let it go ("I can't go": ``/release``) or hand it to another official (``/handover``), each a
recorded event shown on every open page; the ruling itself (the finding, the choice) closes it. What
a reader sees of a call is what the API shows it (the one sight): another table's scorekeeper reads
no card.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response

from adjudicator.domain import words as say
from adjudicator.domain.officials_queue import QueuedCall, settled_by_the_record
from adjudicator.service import hands as use
from adjudicator.service.errors import ServiceError
from api.auth import credentials, may_call, sight, who
from api.console.blueprint import blueprint
from api.console.render import page
from api.routes.calls import queue
from api.routes.hands import hands


@blueprint.get("/calls")
def calls_page() -> Response:
    may_call("listCalls")
    position = queue().position()  # read first: a stream's event at a later one redraws the queue
    return page("calls/page.html", **_queue(), position=position, section="calls")


@blueprint.get("/calls/live")
def calls_live() -> Response:
    """The page's queue alone (``calls/_queue.html``), for ``calls.js`` when the stream says it moved."""
    may_call("listCalls")
    answer = page("calls/_queue.html", **_queue())
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _queue() -> dict[str, Any]:
    """What the queue's template draws: the waiting calls as the reader may see them, what an
    official may do with each, and the renege calls the record settled as they were made where the
    rulebook still brings an official (Texas, Cardtel): those the officials see too, with their time
    to ruling."""
    listed = queue().listed(sight(), None)
    calls = [c for c in listed if c.status != "ruled"]
    settled = [c for c in listed if settled_by_the_record(c)]
    credential = who()
    official = credential is not None and credential.role == "official"
    me = credential.name if credential is not None else ""
    others = _other_officials(me) if official else []
    moments = {c.hand: _moments(c) for c in [*calls, *settled] if c.hand}
    return {
        "calls": calls,
        "settled": settled,
        "official": official,
        "me": me,
        "officials": others,
        "moments": moments,
    }


def _moments(call: QueuedCall) -> say.Moments:
    """Where the call's hand's events fell, for saying "in book 3" rather than an event's number."""
    try:
        return say.moments(use.state(hands(), UUID(str(call.hand)), None, sight()))
    except ServiceError:  # the reader may list the call but not read the hand's table
        return say.NOWHERE


def _other_officials(me: str) -> list[str]:
    """The live officials a call may be handed to, the reader excepted (``handOverCall`` checks again)."""
    live = (c.name for c in credentials().all() if c.role == "official" and c.revoked_at is None)
    return sorted(name for name in live if name != me)
