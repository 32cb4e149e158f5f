"""What moved between two positions of the read models: which hands, which tournaments, whether a
claim; the live channel (``GET /live/stream``) tells each page only that, never what changed.

Every follower asks for the same span (the position it was last told, the position now), so a
span's answer is kept (``SPANS`` of them): 50 followers cost one read of the notification log. The
page then fetches what moved through its ordinary routes, so what it shows goes through the one
sight. A span longer than ``LIMIT`` notifications (a follower back after a long absence) is answered
``whole``: everything may have moved, fetch it all again.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.adapters.call_store import CallLog
from adjudicator.adapters.eventlog import EventLog
from adjudicator.adapters.readmodels import hands as hand_tables
from adjudicator.adapters.readmodels import tournaments as tournament_tables
from adjudicator.adapters.readmodels.db import connect, position
from adjudicator.service.concealment import in_play
from adjudicator.service.ports import Moved as Moved  # what the port answers
from adjudicator.service.results import HandFacts

LIMIT = 2000
SPANS = 64
HAND_FACTS = """
select h.id, h.status, r.opened_by, r.dealt_by, r.scope
from hands h left join hand_results r on r.hand_id = h.id where h.id in ({})
"""


class LiveFeed:
    """The read models' position at ``path`` and the logs of ``store``'s notification log that moved."""

    def __init__(self, path: Path, store: EventLog[Any]) -> None:
        self.path = path
        self.store = store
        self._spans: OrderedDict[tuple[int, int], Moved] = OrderedDict()
        self._lock = threading.Lock()

    def position(self) -> int:
        """How far the read models have followed the event store: a page reading them now reads
        every event up to here."""
        return position(self.path)

    def between(self, after: int, upto: int) -> Moved:
        """The logs the notifications after ``after`` up to ``upto`` touched."""
        if upto <= after:
            return Moved(whole=upto < after)  # the read models were rebuilt behind the follower
        if upto - after > LIMIT:
            return Moved(whole=True)
        with self._lock:
            kept = self._spans.get((after, upto))
        if kept is not None:
            return kept
        notifications = self.store.app.recorder.select_notifications(start=after + 1, limit=LIMIT, stop=upto)
        hands: dict[UUID, None] = {}
        tournaments: dict[UUID, None] = {}
        claims = False
        for n in notifications:
            if hand_tables.PROJECTION.claims(n.topic):
                hands[UUID(str(n.originator_id))] = None
            elif tournament_tables.PROJECTION.claims(n.topic):
                tournaments[UUID(str(n.originator_id))] = None
            elif f":{CallLog.__name__}." in n.topic:
                claims = True
        moved = Moved(tuple(hands), tuple(tournaments), claims)
        with self._lock:
            self._spans[(after, upto)] = moved
            while len(self._spans) > SPANS:
                self._spans.popitem(last=False)
        return moved

    def hand_facts(self, ids: tuple[UUID, ...]) -> dict[UUID, HandFacts]:
        """What deciding who sees each hand needs, from the read models (a hand not yet projected is
        left out)."""
        if not ids:
            return {}
        with connect(self.path) as db:
            rows = db.execute(HAND_FACTS.format(",".join("?" * len(ids))), [str(i) for i in ids]).fetchall()
        return {
            UUID(hand): HandFacts(
                in_play(status), _json(opened_by), _json(dealt_by), _json(scope), UUID(hand)
            )
            for hand, status, opened_by, dealt_by, scope in rows
        }


def _json(text: str | None) -> Any:
    return json.loads(text) if text else None
