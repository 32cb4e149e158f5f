"""The officials' queue, over the read models and the claims' logs: the calls (``GET /calls``), a
claim (``POST /calls/{id}/claim``), the day's time to ruling, and what the live stream follows.

The queue is derived, not stored: a hand's calls from the read models' ``calls`` rows (joined with
``sheet_hands`` for its tournament and table), a sheet's disputes from the tournament's log, and who
holds each from its claims (``CallStore``). What a reader sees of a hand's call goes through the one
sight (``adjudicator.service.sight``): a card named in its words is concealed from whoever may not see
the hand's cards (another table's scorekeeper, while the hand is in play).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.readmodels.calls import call_from_row
from adjudicator.adapters.readmodels.db import connect
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.calls import Call, Status, TimeToRuling, claim_refused, dispute_calls, time_to_ruling
from adjudicator.service.authors import Author
from adjudicator.service.concealment import CARD, in_play
from adjudicator.service.errors import CallNotFound, ClaimRefused, NotFound, ServiceError
from adjudicator.service.results import HandFacts
from adjudicator.service.sight import Reader
from adjudicator.service.views import TournamentView

HAND_CALLS = """
select c.call, c.hand_id, h.status, r.opened_by, s.tournament_id, s.match, s."table"
from calls c
join hands h on h.id = c.hand_id
left join hand_results r on r.hand_id = c.hand_id
left join sheet_hands s on s.hand = c.hand_id
order by c.made_at
"""


class Calls:
    """The queue, over the read models at ``path``, the tournaments' logs and the claims' logs."""

    def __init__(self, path: Path, tournaments: TournamentStore, claims: CallStore) -> None:
        self.path = path
        self.tournaments = tournaments
        self.claims = claims

    def position(self) -> int:
        """How far the read models have followed the event store (claims included): the queue can
        only have changed when this has."""
        with connect(self.path) as db:
            row = db.execute("select max(notification_id) from position").fetchone()
        return int(row[0] or 0)

    def all(self, reader: Reader | None = None) -> list[Call]:
        """Every call, oldest first, as ``reader`` may see it (None: an official's whole sight)."""
        calls = [*self._hand_calls(reader), *self._dispute_calls()]
        claimed = [c.claimed(*(self.claims.claimed(c.id) or (None, None))) for c in calls]
        return sorted(claimed, key=lambda c: c.made_at)

    def listed(
        self, reader: Reader | None, tournament: str | None = None, status: Iterable[Status] = ()
    ) -> list[Call]:
        wanted = set(status)
        return [
            c
            for c in self.all(reader)
            if (tournament is None or c.tournament == tournament) and (not wanted or c.status in wanted)
        ]

    def claim(self, call_id: str, by: str, author: Author | None = None) -> Call:
        """Record ``by``'s claim on the call; ``ClaimRefused`` when another official holds it or it
        was ruled (nothing is recorded), ``CallNotFound`` for a call there is not."""
        call = self._find(call_id)
        refused = claim_refused(call, by)
        if refused is not None:
            raise ClaimRefused(refused)
        if call.claimed_by != by:
            try:
                self.claims.claim(call_id, by, author)
            except IntegrityError:  # another official's first claim was committed meanwhile
                raise ClaimRefused(str(claim_refused(self._find(call_id), by))) from None
        return self._find(call_id)

    def time_to_ruling(self, tournament: str) -> TimeToRuling:
        return time_to_ruling(self.listed(None, tournament))

    def _find(self, call_id: str) -> Call:
        found = next((c for c in self.all() if c.id == call_id), None)
        if found is None:
            raise CallNotFound(call_id)
        return found

    def _hand_calls(self, reader: Reader | None) -> list[Call]:
        with connect(self.path) as db:
            if "calls" not in db.table_names():
                return []
            rows = db.execute(HAND_CALLS).fetchall()
        calls = []
        for text, _hand, status, opened_by, tournament, match, table in rows:
            call = replace(call_from_row({"call": text}), tournament=tournament, match=match, table=table)
            if reader is not None:
                facts = HandFacts(in_play(status), json.loads(opened_by) if opened_by else None)
                try:
                    sight = reader(facts)
                except ServiceError:  # a hand this reader may not read at all
                    continue
                if not sight.cards:
                    call = replace(call, detail=CARD.sub("a card", call.detail))
            calls.append(call)
        return calls

    def _dispute_calls(self) -> list[Call]:
        with connect(self.path) as db:
            ids = [row[0] for row in db.execute("select id from tournaments").fetchall()]
        calls: list[Call] = []
        for tournament in ids:
            try:
                calls += self.tournaments.read(UUID(tournament), _disputes)
            except NotFound:
                continue
        return calls


def _disputes(view: TournamentView) -> list[Call]:
    tables = {m: s.table for m, s in view.tournament.sheets.items() if s.table is not None}
    return dispute_calls(str(view.id), view.tournament.format.ruleset, view.events(), tables)
