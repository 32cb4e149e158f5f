"""The use cases on hands: open one, append its events, read it now or at any version, import a file.

Each takes plain values and the hands' log (the port ``ports.Hands``), and returns plain data (what
the API dumps and the CLI prints) or raises a ``adjudicator.service.errors`` exception; none knows about
HTTP. A write is cosmicpython's handler: the use case opens the log's unit of work (``ports.UnitOfWork``:
the lock, the view, the version), answers a request recorded before under the same event ids as the
first time (``repeated``), judges the events on the domain, adds them and commits; on a refusal or a
conflict where it trusted the process's cache, it tries once more on the stored log (``retried``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from functools import partial
from typing import Any, TypeVar
from uuid import UUID

from adjudicator.domain.cards import Seat
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.limits import check_hand_size
from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.domain.table import Table
from adjudicator.service import once
from adjudicator.service.answered import Answered
from adjudicator.service.corrections import corrected_table
from adjudicator.service.credentials import Author
from adjudicator.service.entries import listing, page
from adjudicator.service.errors import CommitConflict, EventRefused, ReadModelsOff, StaleVersion
from adjudicator.service.ports import Entries, Hands, Listings, UnitOfWork
from adjudicator.service.privacy import Kept
from adjudicator.service.results import HandFacts as HandFacts  # what a Sight decides on (sight)
from adjudicator.service.results import RulingsRead, stored_moments, summarised, summary_base
from adjudicator.service.sight import FULL, Reader, Sight, sight_on, writing_on
from adjudicator.service.views import (
    Answer,
    HandResult,
    HandView,
    Opening,
    TournamentView,
    opening,
    repeated,
    split_ids,
)

#: A reply with the version it is at: (version, data).
Versioned = tuple[int, Any]
T = TypeVar("T")
U = TypeVar("U")
L = TypeVar("L", HandView, TournamentView)


#: The request's reader, which decides what it sees of each hand it reads (``Sight``) or refuses the
#: read (raises); ``None``: an official's sight, everything (the CLI, the service's own reads).
Seer = Reader | None
#: Whether the writer may record these events on the hand (the facts of its opening: who opened it,
#: the scope recorded): ``authority.hand_writer``'s check, raising ``Forbidden``; None: anyone may.
Permit = Callable[[Opening, Sequence[Mapping[str, Any]]], None] | None


def _sight_stored(hand_id: UUID, result: HandResult, reader: Seer) -> Sight:
    if reader is None:
        return FULL
    return reader(HandFacts(result.in_play, result.opened_by(), result.dealt_by(), result.scope(), hand_id))


def _answer(
    hands: Hands,
    hand_id: UUID,
    replayed: Callable[[HandView], T],
    stored: Callable[[HandResult], T],
) -> T:
    """``stored(result)`` of the hand's stored replay result when the read models keep one that is
    still true (``Hands.stored_result``), else ``replayed(view)`` of the hand replayed: the
    reference, which both give the same answer as (``adjudicator.service.results``)."""
    result = hands.stored_result(hand_id)
    return stored(result) if result is not None else hands.read(hand_id, replayed)


def rulesets() -> list[dict[str, Any]]:
    """The rulebooks a hand can be played under."""
    return [ruleset.to_dict() for ruleset in RULESETS.values()]


def summary(view: HandView, sight: Sight = FULL) -> dict[str, Any]:
    """A hand where it stands: its contract, its score and its rulings' count (the ones ``sight`` sees)."""
    return summarised(view.id, summary_base(view), sight.rulings(view.judged().rulings_data()))


def open_hand(
    hands: Hands,
    ruleset: str,
    dealer: Seat,
    players: dict[str, str] | None = None,
    label: str | None = None,
    author: Author | None = None,
    scope: Mapping[str, Any] | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Open a hand (version 0): its summary. ``scope``: the tournament and table of the scorekeeper who
    opens it ({tournament, table}), recorded in its log. ``key``: a once-only key, the hand's id: the
    hand opened under it before is answered as then (at version 0)."""
    scoped = None if scope is None else dict(scope)
    view = once.opened(
        key, lambda: hands.open_hand(ruleset, dealer, players, label, author, None, scoped, key)
    )
    if key is None:
        return hands.read(view.id, summary)
    asked = {"ruleset": get_ruleset(ruleset).id, "dealer": dealer, "players": players, "label": label}
    opened = {"ruleset": view.ruleset, "dealer": view.dealer, "players": view.players, "label": view.label}
    once.same_opening(key, opened | {"scope": view.aggregate.scope}, asked | {"scope": scoped})
    return hands.read(view.id, summary, at=0)


def append_events(
    hands: Hands,
    hand_id: UUID,
    events: Sequence[Mapping[str, Any]],
    if_match: Collection[int] | None = None,
    author: Author | None = None,
    sight: Seer = None,
    permit: Permit = None,
) -> int:
    """Record ``events`` after the hand's last, all or none, if the hand is at a version of ``if_match``
    and ``permit`` lets the writer record them on it: one read of the hand, one judgement, one write.
    A refusal (``EventRefused``) carries the version it was judged at and says why in the words
    ``sight`` may read."""
    judge = partial(judged, sight=sight, permit=permit)
    return append_to(partial(hands.unit_of_work, [hand_id]), hand_id, events, if_match, judge, author)[0]


def append_to(
    unit: Callable[[bool], AbstractContextManager[UnitOfWork[L]]],
    log_id: UUID,
    entries: Entries[L],
    if_match: Collection[int] | None,
    judge: Callable[[L, Sequence[Mapping[str, Any]]], Sequence[Mapping[str, Any]]],
    author: Author | None,
    key: str | None = None,
    prelude: Callable[[L], Sequence[Mapping[str, Any]]] | None = None,
) -> Answer:
    """``entries`` appended to one log in its unit of work (``unit(fresh)``), retried as ``retried``
    says; a conflict with this request's own earlier try answers as that try did. ``key``: the
    request's once-only key (``once``), which the events' ids are made from; ``prelude``: ``staged``'s."""

    def attempt(uow: UnitOfWork[L]) -> Answer:
        answer = staged(uow, uow.view(log_id), entries, if_match, judge, author, key, prelude)
        uow.commit()
        return answer

    def again(uow: UnitOfWork[L]) -> Answer | None:
        return before(uow.view(log_id).aggregate.log, entries, key)

    return retried(unit, attempt, again)


def staged(
    uow: UnitOfWork[Any],
    view: L,
    entries: Entries[L],
    if_match: Collection[int] | None,
    judge: Callable[[L, Sequence[Mapping[str, Any]]], Sequence[Mapping[str, Any]]],
    author: Author | None,
    key: str | None = None,
    prelude: Callable[[L], Sequence[Mapping[str, Any]]] | None = None,
) -> Answer:
    """One log's events judged and added to the unit of work, not yet committed: (its version after
    them, the events). Events recorded before under the same ids (or the same ``key``): the first
    answer, nothing added; else ``StaleVersion`` unless the log is at a version of ``if_match``, then
    ``judge``'s decision on the view (the events without their ids; ``entries`` may be a function of
    the view deciding them), after ``prelude``'s (what the moment makes: a start's defaults; no ids)."""
    again = before(view.aggregate.log, entries, key)
    if again is not None:
        return again
    if if_match is not None and view.version not in if_match:
        raise StaleVersion(
            if_match, view.version, "tournament" if isinstance(view, TournamentView) else "hand"
        )
    first = [dict(entry) for entry in prelude(view)] if prelude is not None else []
    ids, bodies = split_ids(entries(view) if callable(entries) else entries)
    events = first + [dict(entry) for entry in judge(view, bodies)]
    ids[:0] = [None] * len(first)
    uow.add(view.id, events, once.ids(key, len(events)) if key is not None else ids, author)
    return view.version, events


def before(log: Sequence[Mapping[str, Any]], entries: Entries[Any], key: str | None) -> Answer | None:
    """The first answer if this request is in ``log``: its events under their ids (or, the server's
    decision, its ``key``'s); ``IdempotencyConflict`` if an id names another event."""
    if callable(entries):
        return None if key is None else once.recorded(log, key)
    ids, bodies = split_ids(entries)
    return repeated(log, once.ids(key, len(bodies)) if key is not None else ids, bodies)


def retried(
    unit: Callable[[bool], AbstractContextManager[U]],
    attempt: Callable[[U], T],
    again: Callable[[U], T | None] | None = None,
) -> T:
    """``attempt`` in a unit of work (``unit(fresh)``) that trusts the process's cache and, if it is
    refused there or its commit conflicts, once more in one that reads the logs as stored (another
    process may have written them since). A conflict then is ``CommitConflict``, unless ``again``
    finds the request's events stored under their ids (its own earlier try): that first answer."""
    try:
        with unit(False) as uow:
            return attempt(uow)
    except (CommitConflict, EventRefused, StaleVersion):
        pass
    try:
        with unit(True) as uow:
            return attempt(uow)
    except CommitConflict:
        if again is None:
            raise
        with unit(True) as uow:
            answered = again(uow)
        if answered is None:
            raise
        return answered


def judged(
    view: HandView, entries: Sequence[Mapping[str, Any]], sight: Seer = None, permit: Permit = None
) -> list[dict[str, Any]]:
    """The hand's new events as the rules judge them on ``view`` (which takes them): what to record.
    ``EventRefused`` at the first the rules refuse, ``Forbidden`` if ``permit`` refuses the writer.
    A writer who may not see the concealed cards is judged only on what it may see (``writing_on``)."""
    if permit is not None:
        permit(opening(view), entries)
    start = view.version
    try:
        check_hand_size(start, len(entries))
        view.extend(entries, writing_on(view, sight, entries))
    except IllegalEvent as error:
        raise refusal(view, start, error, sight) from None
    return [dict(entry) for entry in entries]


def refusal(view: HandView, start: int, error: IllegalEvent, reader: Seer) -> EventRefused:
    """The refusal of events judged on the hand at version ``start``, in the words ``reader`` may
    read of the hand as it stands (its stored events up to ``start``, replayed: no read of the log)."""
    index = error.index if error.index is not None else start + 1
    refused = EventRefused(error, index - start - 1, start)
    stored = view
    if reader is not None and view.version != start:
        table = Table(get_ruleset(view.ruleset), view.dealer).extend(
            (item["entry"] for item in view.aggregate.log[:start]), "noted"
        )
        stored = dataclasses.replace(view, table=table, _judged=None)
    refused.words = sight_on(stored, reader).refusal(error)
    return refused


def sight_on_hand(hands: Hands, hand_id: UUID, reader: Seer) -> Sight:
    return hands.read(hand_id, lambda view: sight_on(view, reader))


def version(hands: Hands, hand_id: UUID) -> int:
    return hands.read(hand_id, lambda view: view.version)


def hand(hands: Hands, hand_id: UUID, sight: Seer = None) -> dict[str, Any]:
    return _answer(
        hands,
        hand_id,
        lambda view: summary(view, sight_on(view, sight)),
        lambda result: summarised(
            hand_id, result.summary(), _sight_stored(hand_id, result, sight).rulings(result.rulings())
        ),
    )


def opened(hands: Hands, hand_id: UUID) -> Opening:
    """What the hand's opening recorded of whose it is: its author ({name, role}; None for a hand
    opened before authors) and its scope."""
    return hands.read(hand_id, opening)


def events(
    hands: Hands,
    hand_id: UUID,
    sight: Seer = None,
    after: int | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """Every event recorded, with its version, when it was recorded and by whom (null: before authors);
    with ``after`` or ``limit``, one page of them and the ``next`` page's ``after``."""

    def listed(view: HandView) -> dict[str, Any]:
        return page(listing(view.aggregate.log, view.version, sight_on(view, sight).event), after, limit)

    return hands.read(hand_id, listed)


def list_hands(
    listings: Listings | None, query: Any, reader: str | None, kept: Kept | None = None
) -> dict[str, Any]:
    """A page of every hand, from the read models (``query``: their ``HandQuery``): ``reader`` is the
    credential's role, None for an anonymous reader, who lists finished hands only; only an official
    counts the rulings a table has not called yet while a hand is in play; ``kept``: the private
    tournaments' hands the reader may not know of (``Reader.kept``)."""
    if listings is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return listings.hands(query, finished_only=reader is None, sees_detected=reader == "official", kept=kept)


def state(
    hands: Hands, hand_id: UUID, at: int | None = None, sight: Seer = None, corrected: bool = False
) -> dict[str, Any]:
    """The table replayed after event ``at`` (0: none yet; None: every event), a hand a ruling decided
    over in it; as the reader's ``sight`` of the hand now shows it. ``corrected``: with every
    correction of the record applied, later ones included (``corrections.corrected_table``)."""
    seen = sight_on_hand(hands, hand_id, sight)
    table: dict[str, Any] = (
        hands.read(hand_id, lambda view: corrected_table(view, at).state())
        if corrected
        else hands.read(hand_id, lambda view: view.judged().state, at)
    )
    return seen.state(table)


def rulings(hands: Hands, hand_id: UUID, sight: Seer = None) -> Versioned:
    """The hand's rulings and the version they are at, as the reader's ``sight`` shows them."""
    return _answer(
        hands,
        hand_id,
        lambda view: (view.version, sight_on(view, sight).rulings(view.judged().rulings_data())),
        lambda result: (result.version, _sight_stored(hand_id, result, sight).rulings(result.rulings())),
    )


def score(hands: Hands, hand_id: UUID, sight: Seer = None) -> Versioned:
    """The hand's score and the version it is at (``sight`` may refuse the read; a score holds no
    concealed card, and no ruling counts in it before it is called)."""
    version, _, scored, _ = rulings_and_score(hands, hand_id, sight)
    return version, scored


#: The rulings and score a read worked out, by hand, version and sight (``Answered``).
RULINGS_READ: Answered[RulingsRead] = Answered()


def rulings_and_score(hands: Hands, hand_id: UUID, sight: Seer = None) -> RulingsRead:
    """The hand's rulings as ``sight`` shows them, its score and where its books fell, from one read
    at one version (a ruling's words name the score it leaves and the book it fell in)."""

    def replayed(view: HandView) -> RulingsRead:
        seen = sight_on(view, sight)
        found = RULINGS_READ.get((hand_id, view.version, seen))
        if found is None:
            judged, summary = view.judged(), summary_base(view)
            found = view.version, seen.rulings(judged.rulings_data()), judged.score, stored_moments(summary)
            RULINGS_READ.keep((hand_id, view.version, seen), found)
        return found

    def stored(result: HandResult) -> RulingsRead:
        seen = _sight_stored(hand_id, result, sight)
        found = RULINGS_READ.get((hand_id, result.version, seen))
        if found is None:
            shown, summary = seen.rulings(result.rulings()), result.summary()
            found = result.version, shown, summary["score"], stored_moments(summary)
            RULINGS_READ.keep((hand_id, result.version, seen), found)
        return found

    return _answer(hands, hand_id, replayed, stored)
