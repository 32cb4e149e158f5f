"""The officials' queue, over the read models and the claims' logs: the calls (``GET /calls``), a
claim, a release and a handover (``POST /calls/{id}/claim|release|handover``), the day's time to
ruling, and what the live stream follows.

The queue is derived, not stored: a hand's calls from the read models' ``calls`` rows (joined with
``sheet_hands`` for its tournament and table; a hand not on a sheet yet has its opening's scope), a
sheet's disputes from the tournament's log, and who holds each from the ``call_claims`` rows (one
query, however many calls: the claims' logs are read only by a write, which judges and answers on its
own call's log as it stands). What a reader sees of a hand's call goes through the one sight
(``adjudicator.service.authority``): a card named in its words is concealed from whoever may not see
the hand's cards (another table's scorekeeper, while the hand is in play).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.readmodels.calls import call_from_row
from adjudicator.adapters.readmodels.claims import claims as projected_claims
from adjudicator.adapters.readmodels.db import connect
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.domain.calls import (
    Call,
    Status,
    TimeToRuling,
    claim_refused,
    dispute_calls,
    handover_refused,
    holder,
    release_refused,
    time_to_ruling,
)
from adjudicator.service.authority import Reader
from adjudicator.service.concealment import CARD, in_play
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CallNotFound, CallNotHeld, ClaimRefused, NotFound, ServiceError
from adjudicator.service.results import HandFacts
from adjudicator.service.views import TournamentView

HAND_CALLS = """
select c.call, c.hand_id, h.status, r.opened_by, r.dealt_by, r.scope, s.tournament_id, s.match, s."table"
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
        self.key = claims.events.secret()  # the read models' rows are sealed with it

    def position(self) -> int:
        """How far the read models have followed the event store (claims included): the queue can
        only have changed when this has."""
        with connect(self.path) as db:
            row = db.execute("select max(notification_id) from position").fetchone()
        return int(row[0] or 0)

    def all(self, reader: Reader | None = None) -> list[Call]:
        """Every call, oldest first, as ``reader`` may see it (None: an official's whole sight), with
        its claim as the read models have it."""
        held = projected_claims(self.path, self.key)
        calls = [*self._hand_calls(reader), *self._dispute_calls()]
        claimed = [c.claimed(*held.get(c.id, (None, None, []))) for c in calls]
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

    def release(self, call_id: str, by: str, reason: str | None = None, author: Author | None = None) -> Call:
        """Record that ``by`` lets the call go ("I can't go"): it is open again. ``CallNotHeld``
        unless ``by`` holds it and it waits for its ruling (nothing is recorded)."""
        refused = release_refused(self._find(call_id), by)
        if refused is not None:
            raise CallNotHeld(refused)
        self.claims.release(call_id, by, reason, author)
        return self._find(call_id)

    def hand_over(self, call_id: str, by: str, to: str, author: Author | None = None) -> Call:
        """Record that ``by`` hands the call to the official ``to`` (the caller checked ``to`` is one)."""
        refused = handover_refused(self._find(call_id), by, to)
        if refused is not None:
            raise CallNotHeld(refused)
        self.claims.hand_over(call_id, by, to, author)
        return self._find(call_id)

    def time_to_ruling(self, tournament: str) -> TimeToRuling:
        return time_to_ruling(self.listed(None, tournament))

    def _find(self, call_id: str) -> Call:
        """The call with its claim as its own log has it now (a write's judge and answer)."""
        calls = [*self._hand_calls(None), *self._dispute_calls()]
        found = next((c for c in calls if c.id == call_id), None)
        if found is None:
            raise CallNotFound(call_id)
        history = self.claims.history(call_id)
        by, at = holder(history) or (None, None)
        return found.claimed(by, at, history)

    def _hand_calls(self, reader: Reader | None) -> list[Call]:
        with connect(self.path) as db:
            if "calls" not in db.table_names():
                return []
            rows = db.execute(HAND_CALLS).fetchall()
        calls = []
        for text, _hand, status, opened_by, dealt_by, scope, tournament, match, table in rows:
            stored = call_from_row({"call": text})  # a sheet's table, else the one the hand opened at
            call = replace(
                stored,
                tournament=tournament or stored.tournament,
                match=match,
                table=table if table is not None else stored.table,
            )
            if reader is not None:
                facts = HandFacts(in_play(status), _json(opened_by), _json(dealt_by), _json(scope))
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


def _json(text: str | None) -> Any:
    return json.loads(text) if text is not None else None


def _disputes(view: TournamentView) -> list[Call]:
    tables = {m: s.table for m, s in view.tournament.sheets.items() if s.table is not None}
    return dispute_calls(str(view.id), view.tournament.format.ruleset, view.events(), tables)
