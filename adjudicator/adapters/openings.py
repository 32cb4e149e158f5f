"""Who opened which logs: every hand's and tournament's first event, read from the notification log.

``adjudicator demo`` asks it which demonstration hands and tournaments an author has recorded already,
so that running it again records nothing twice. It reads only the opening events (one notification
per log, selected by topic), and decodes only those that name the author.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final
from uuid import UUID

from adjudicator.adapters.hand_store import OPENED, HandStore
from adjudicator.adapters.tournament_store import CREATED
from adjudicator.service.ports import Opening

PAGE: Final = 500


@dataclass(frozen=True, slots=True)
class StoreOpenings:
    """The port ``service.ports.Openings`` on one store's notification log (``bootstrap`` makes it)."""

    hands: HandStore

    def opened_by(self, author: str) -> Iterator[Opening]:
        return opened_by(self.hands, author)


def opened_by(hands: HandStore, author: str) -> Iterator[Opening]:
    """Every hand and tournament ``author`` opened, in the order they were opened."""
    recorder, mapper = hands.app.recorder, hands.app.mapper
    plain = mapper.compressor is None and mapper.cipher is None
    mark = f'"name":"{author}"'.encode()  # how a stored author is written, when it is stored plain
    start = 1
    while True:
        page = recorder.select_notifications(start=start, limit=PAGE, topics=(*OPENED, *CREATED))
        for notification in page:
            if plain and mark not in notification.state:
                continue
            event = mapper.to_domain_event(notification)
            by = getattr(event, "author", None) or {}
            if by.get("name") != author:
                continue
            if notification.topic in CREATED:
                entry = getattr(event, "entry", {})
                yield Opening(UUID(str(notification.originator_id)), "tournament", entry.get("name"))
            else:
                yield Opening(UUID(str(notification.originator_id)), "hand", getattr(event, "label", None))
        if len(page) < PAGE:
            return
        start = page[-1].id + 1
