"""The officials' queue's use cases: the calls as a reader may see them, and an official's claim
("on my way"), release ("I can't go") and handover to another official.

The queue is derived, not stored: a hand's calls and the claims on them from the read models
(``QueueRows``: one query each, however many calls), a sheet's disputes from the tournament's log.
A write is judged on the domain (``adjudicator.domain.officials_queue.judged``) against the call's
own claim log as it stands (``ClaimLogs``, under its lock), and answered from it, since the read
models follow the log a moment later. What a reader sees of a hand's call goes through the one sight
(``adjudicator.service.authority``): a card named in its words is concealed from whoever may not see
the hand's cards (another table's scorekeeper, while the hand is in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Final

from adjudicator.domain.officials_queue import (
    QueuedCall,
    Refused,
    Status,
    TimeToRuling,
    dispute_calls,
    holder,
    judged,
    time_to_ruling,
)
from adjudicator.pacing import pace
from adjudicator.service import cursors
from adjudicator.service.concealment import CARD, FOUND_ON_CONCEALED
from adjudicator.service.credentials import Author
from adjudicator.service.errors import (
    CallNotFound,
    CallNotHeld,
    ClaimRefused,
    InvalidQuery,
    NotAnOfficial,
    NotFound,
    ServiceError,
)
from adjudicator.service.ports import ClaimLogs, Credentials, QueueRows, Tournaments
from adjudicator.service.results import HandFacts
from adjudicator.service.sight import Reader
from adjudicator.service.views import TournamentView

#: A call's place in the queue's order: when it was made, then its id (which no two calls share).
Key = tuple[str, str]
DEFAULT_PAGE: Final = 50
MAX_PAGE: Final = 200
#: The most hands' calls a page reads from the read models at a time.
MAX_BATCH: Final = 1000


@dataclass(frozen=True)
class CallPage:
    """A page of the queue: its calls, and the place of its last one when more follow (else None)."""

    calls: list[QueuedCall]
    next: Key | None


def _key(call: QueuedCall) -> Key:
    return call.made_at, call.id


def encode_cursor(tournament: str | None, status: Sequence[str], place: Key) -> str:
    """The cursor of the page after the call at ``place``, good only for the same filters."""
    return cursors.encode(cursors.digest([tournament, sorted(status)]), *place)


def decode_cursor(tournament: str | None, status: Sequence[str], cursor: str) -> Key:
    """The place a cursor of GET /calls names; ``InvalidQuery`` if the list gave no such cursor."""
    made_at, call = cursors.decode(cursors.digest([tournament, sorted(status)]), cursor, "GET /calls")
    if not isinstance(made_at, str):
        raise InvalidQuery("cursor", "the cursor is not one a page of GET /calls gave")
    return made_at, call


class Calls:
    """The officials' queue: its ``rows`` in the read models, the ``tournaments``' logs (their sheets'
    disputes) and the calls' ``claims`` logs."""

    def __init__(self, rows: QueueRows, tournaments: Tournaments, claims: ClaimLogs) -> None:
        self.rows = rows
        self.tournaments = tournaments
        self.claims = claims

    def position(self) -> int:
        """How far the read models have followed the event store: the queue changes only when this does."""
        return self.rows.position()

    def all(self, reader: Reader | None = None) -> list[QueuedCall]:
        """Every call, oldest first, as ``reader`` may see it (None: an official's whole sight), with
        its claim as the read models have it."""
        return self.listed(reader)

    def listed(
        self, reader: Reader | None, tournament: str | None = None, status: Iterable[Status] = ()
    ) -> list[QueuedCall]:
        """The calls ``reader`` may see, of one ``tournament`` (None: all), with a ``status`` (none: any)."""
        return self.page(reader, tournament, status, limit=None).calls

    def page(
        self,
        reader: Reader | None,
        tournament: str | None = None,
        status: Iterable[Status] = (),
        after: Key | None = None,
        limit: int | None = DEFAULT_PAGE,
    ) -> CallPage:
        """The first ``limit`` calls (None: all) after ``after`` in the queue's order (made at, then
        id) that ``reader`` may see, of one ``tournament`` (None: all), with a ``status`` (none: any).
        The hands' calls, with their claims, are read from the read models a batch at a time in that
        order, until the page is full, so that a page costs what it shows rather than the whole
        day's queue."""
        wanted = set(status)

        def kept(calls: Iterable[QueuedCall]) -> list[QueuedCall]:
            return [
                c
                for c in calls
                if (tournament is None or c.tournament == tournament)
                and (reader is None or reader.known.knows(c.tournament))  # a private tournament's
                and (not wanted or c.status in wanted)
            ]

        disputed = [c for c in self._dispute_calls() if after is None or _key(c) > after]
        histories = self.rows.claim_histories([c.id for c in disputed]) if disputed else {}
        found = kept(_with_claims(c, histories.get(c.id, ())) for c in disputed)
        disputes, batch = len(found), None if limit is None else limit + 1
        start = after
        while True:
            rows = self.rows.hand_calls(start, batch)
            found += kept(self._sighted(reader, rows))
            if limit is None or batch is None or len(rows) < batch or len(found) - disputes > limit:
                break
            start, batch = _key(rows[-1][0]), min(batch * 2, MAX_BATCH)  # a reader who may see few
        found.sort(key=_key)
        if limit is None or len(found) <= limit:
            return CallPage(found, None)
        return CallPage(found[:limit], _key(found[limit - 1]))

    def claim(self, call_id: str, by: str, author: Author | None = None) -> QueuedCall:
        """Record ``by``'s claim on the call; ``ClaimRefused`` when another official holds it or it
        was ruled (nothing is recorded; claiming again a call one holds records nothing either),
        ``CallNotFound`` for a call there is not."""
        return self._record(call_id, {"type": "call_claimed", "call": call_id, "by": by}, author)

    def release(
        self, call_id: str, by: str, reason: str | None = None, author: Author | None = None
    ) -> QueuedCall:
        """Record that ``by`` lets the call go ("I can't go"): it is open again. ``CallNotHeld``
        unless ``by`` holds it and it waits for its ruling (nothing is recorded)."""
        fact = {"type": "call_released", "call": call_id, "by": by}
        return self._record(call_id, fact | ({"reason": reason} if reason else {}), author)

    def hand_over(self, call_id: str, by: str, to: str, author: Author | None = None) -> QueuedCall:
        """Record that ``by`` hands the call to the official ``to`` (``hand_over`` checks ``to`` is one)."""
        return self._record(
            call_id, {"type": "call_handed_over", "call": call_id, "by": by, "to": to}, author
        )

    def time_to_ruling(self, tournament: str) -> TimeToRuling:
        """The tournament's day: from each ruled call's making to its ruling."""
        return time_to_ruling(self.listed(None, tournament))

    def _record(self, call_id: str, fact: Mapping[str, Any], author: Author | None) -> QueuedCall:
        call = self._find(call_id)
        try:
            self.claims.add(call_id, partial(judged, call, fact), author)
        except Refused as refused:
            raise (ClaimRefused if refused.fact == "call_claimed" else CallNotHeld)(str(refused)) from None
        return self._find(call_id)

    def _find(self, call_id: str) -> QueuedCall:
        """The call with its claims as its own log has them now (a write's judge and answer)."""
        hand = call_id.partition("@")[0]
        calls = [c for c, _ in self.rows.hand_calls(hand=hand) if c.id == call_id] or [
            c for c in self._dispute_calls() if c.id == call_id
        ]
        if not calls:
            raise CallNotFound(call_id)
        return _with_claims(calls[0], self.claims.history(call_id))

    @staticmethod
    def _sighted(reader: Reader | None, rows: Sequence[tuple[QueuedCall, HandFacts]]) -> list[QueuedCall]:
        """The hands' calls as ``reader`` may see them (None: all of every one)."""
        calls = []
        for call, facts in rows:
            pace()  # within ``paced()``, a long queue lets the tables go first
            if reader is not None:
                try:
                    sight = reader(facts)
                except ServiceError:  # a hand this reader may not read at all
                    continue
                if not sight.uncalled and call.kind in FOUND_ON_CONCEALED:
                    continue  # found on cards this reader may not see: even that it exists would tell
                if not sight.cards:
                    call = replace(call, detail=CARD.sub("a card", call.detail))
            calls.append(call)
        return calls

    def _dispute_calls(self) -> list[QueuedCall]:
        calls: list[QueuedCall] = []
        for tournament in self.rows.disputed_tournaments():
            try:
                calls += self.tournaments.read(tournament, _disputes)
            except NotFound:
                continue
        return calls


def hand_over(
    queue: Calls, credentials: Credentials, call_id: str, by: str, to: str, author: Author | None
) -> QueuedCall:
    """``by`` hands the call to the official ``to`` (a credential's name or id): ``NotAnOfficial``
    unless ``to`` is a live official's credential, ``CallNotHeld`` unless ``by`` holds the call."""
    found = credentials.find(to)
    if found is None or found.role != "official" or found.revoked_at is not None:
        raise NotAnOfficial(f"{to!r} is not a live official's credential: a call is handed to an official")
    return queue.hand_over(call_id, by, found.name, author)


def _with_claims(call: QueuedCall, history: Sequence[Mapping[str, Any]]) -> QueuedCall:
    if not history and call.claimed_by is None and not call.claims:
        return call  # never claimed: as it is (a copy of every call was a third of a page's time)
    by, at = holder(history) or (None, None)
    return call.claimed(by, at, history)


def _disputes(view: TournamentView) -> list[QueuedCall]:
    tables = {m: s.table for m, s in view.tournament.sheets.items() if s.table is not None}
    return dispute_calls(str(view.id), view.tournament.format.ruleset, view.events(), tables)
