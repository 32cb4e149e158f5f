"""Hands in the event store: each hand is an eventsourcing aggregate whose history is its events.

Nothing is updated or deleted. A hand's API version is the number of table events recorded (the
aggregate's created event is aggregate version 1, so API version = aggregate version - 1), which
makes "the table after event N" ``repository.get(id, version=N + 1)``. Caching, locking and the unit
of work (group commit, the hash chain) are the generic ``EventLog``'s; this module says what a hand is.
SQLite runs in WAL mode with ``synchronous=FULL`` (the library's and SQLite's default), so an
acknowledged append has reached the disk.

The aggregate's stored shape never changes. Its events' topics name the module that defined it when
they were stored: ``adjudicator.adapters.hand_store:Hand.*`` now, ``adjudicator.service.store:Hand.*``
and ``adjudicator.store:Hand.*`` in stores written before it moved (registered below, so every
stored topic still decodes; nothing stored is rewritten).
"""

from __future__ import annotations

from typing import Any, Final, cast
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import get_topic, register_topic

from adjudicator.adapters.eventlog import EventLog, recorded
from adjudicator.domain.cards import Seat
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import Table
from adjudicator.service.credentials import Author
from adjudicator.service.errors import HandNotFound
from adjudicator.service.ports import NewHand, ResultSource
from adjudicator.service.views import HandResult, HandView, RecordedEvent

__all__ = ["OPENED", "Hand", "HandResult", "HandStore", "HandView", "RecordedEvent"]
#: How many openings one statement lists (``hand_ids``).
PAGE: Final = 500


class Hand(Aggregate):
    """One hand of cards: its governing rulebook, its dealer, and every fact recorded about it."""

    @event("Opened")
    def __init__(
        self,
        ruleset: str,
        dealer: str,
        players: dict[str, str] | None,
        label: str | None,
        author: dict[str, str] | None = None,
        digest: str | None = None,
        chain: str | None = None,
        provenance: dict[str, Any] | None = None,
        scope: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.players = players
        self.label = label
        self.opened_by = author
        #: An imported hand's record: where it was played, who recorded its events and when
        #: (``adjudicator.service.handfiles``); None for a hand recorded here.
        self.provenance = provenance
        #: The tournament and table the hand belongs to ({tournament, table}; {}: none), recorded at
        #: its opening through the API; None for a hand opened otherwise, and for every hand opened
        #: before scopes were recorded (their Opened has no ``scope``: the default, nothing upcast or
        #: rewritten).
        self.scope = scope
        self.log: list[dict[str, Any]] = []

    record = event("Recorded")(recorded)

    @staticmethod
    def create_id(key: str | None = None) -> UUID:
        """The hand's id: the once-only ``key`` it was opened under (a second opening under it then
        conflicts at commit), else a new one. Hands opened before keys stored none."""
        return uuid4() if key is None else UUID(key)

    @property
    def api_version(self) -> int:
        return self.version - 1


# Stores written before the aggregate moved here name it by its old modules.
OLD_TOPICS = ("adjudicator.service.store:Hand", "adjudicator.store:Hand")
for _topic in OLD_TOPICS:
    register_topic(_topic, Hand)
#: The topics of a hand's opening, now and in stores written before (what lists the hands).
OPENED: Final = tuple(f"{topic}.Opened" for topic in (get_topic(Hand), *OLD_TOPICS))


class HandStore(EventLog[HandView]):
    """Opens hands, writes their events in units of work (``EventLog.unit_of_work``), and serves them
    at any version."""

    aggregate_type = Hand
    not_found = HandNotFound
    first_version = 0
    lock_stripes = 64
    #: The read models' stored replay results, when this process serves from them; None: every read
    #: not cached replays the hand (read models off, or not following here).
    results: ResultSource | None = None

    def stored_result(self, hand_id: UUID) -> HandResult | None:
        """The hand's stored replay result, if it may be served in place of reading and replaying the
        log: this process has not cached the hand (a cached read costs less), the read models hold a
        result computed by this engine, and the store's head now is the one it was computed at (same
        version, same chain: no record appended since, none cut off). None: read the log.

        It is trusted as the process cache is: it was computed from the log read in full and checked
        against its chain when projected, its row's seal (keyed with the event store's secret,
        ``readmodels.sealing``) says the read-model file was not edited since, and the head vouches
        that the log still ends there; an edit of a record before the head, without a new head, is
        found by ``adjudicator verify`` (and by any read that replays), not by a read served from here."""
        source = self.results
        if source is None or self.is_cached(hand_id):
            return None
        result = source.find(hand_id)
        if result is None or self.events.latest_head(hand_id) != result.head:
            return None
        return result

    def open_hand(
        self,
        ruleset: str,
        dealer: Seat,
        players: dict[str, str] | None = None,
        label: str | None = None,
        author: Author | None = None,
        provenance: dict[str, Any] | None = None,
        scope: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> HandView:
        """Record a new hand; raises ``UnknownRuleset`` for a rulebook that does not exist.
        ``provenance``: what an imported hand's record says of where it came from; ``scope``: the
        tournament and table it belongs to; ``key``: a once-only key (the hand opened under it
        before is given instead)."""
        by = author.to_dict() if author else None
        rules = get_ruleset(ruleset).id
        if key is None:
            return self._start(Hand(rules, dealer, players, label, by, provenance=provenance, scope=scope))
        made = Hand.create_id(key)  # a second opening under the key finds the first
        return self._start_once(
            made, lambda: Hand(rules, dealer, players, label, by, provenance=provenance, scope=scope, key=key)
        )

    def hand_ids(self) -> list[UUID]:
        """Every stored hand, in the order they were opened (from the store's notification log)."""
        found: list[UUID] = []
        start = 1
        while True:
            page = self.app.recorder.select_notifications(start=start, limit=PAGE, topics=OPENED)
            found.extend(UUID(str(n.originator_id)) for n in page)
            if len(page) < PAGE:
                return found
            start = page[-1].id + 1

    def _open(self, opening: Any) -> Hand:
        new: NewHand = opening
        ruleset = get_ruleset(new.ruleset).id
        return Hand(ruleset, new.dealer, new.players, new.label, new.author, provenance=new.provenance)

    def _replay(self, aggregate: Hand) -> HandView:
        table = Table(get_ruleset(aggregate.ruleset), cast(Seat, aggregate.dealer))
        return HandView(
            id=aggregate.id,
            ruleset=aggregate.ruleset,
            dealer=cast(Seat, aggregate.dealer),
            players=aggregate.players,
            label=aggregate.label,
            opened_at=aggregate.created_on.isoformat(),
            aggregate=aggregate,
            table=table.extend((item["entry"] for item in aggregate.log), "noted"),
        )

    def _fast_forward(self, view: HandView, entry: dict[str, Any]) -> None:
        view._judged = None
        view.table.apply(entry, "noted")
