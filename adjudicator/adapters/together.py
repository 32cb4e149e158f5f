"""Several logs written at once, all or none: new logs opened and events appended in one commit.

``write_across`` does it for logs of different kinds on the one event store: a tournament's
``hand_scored`` and the linked hand's ``scoped``, so that neither is stored without the other.

An import names many hands, new and stored, some more than once. Each hand's events are judged on
the hand as the items before them left it (an item's ``version`` is the version those items left it
at), and everything is saved in one transaction of the event store: a refusal, a stale version or a
write conflict anywhere stores nothing anywhere. The logs' locks are taken in one order (their
stripes'), so two such writes never wait on each other.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, Generic
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from adjudicator.adapters.chain import GENESIS, seal
from adjudicator.adapters.event_store import appended
from adjudicator.adapters.eventlog import Entries, EventLog, V
from adjudicator.adapters.staging import stage
from adjudicator.service.credentials import Author
from adjudicator.service.errors import CommitConflict, EventRefused, StaleVersion
from adjudicator.service.ports import Judgement, Write


@contextmanager
def _locked(log: EventLog[Any], ids: Collection[UUID]) -> Iterator[None]:
    stripes = sorted({hash(log_id) % log.lock_stripes for log_id in ids})
    with ExitStack() as stack:
        for stripe in stripes:
            stack.enter_context(log._locks[stripe])
        yield


class _Attempt(Generic[V]):
    """One try at the whole write: every log's view, judged in turn, then one commit."""

    def __init__(self, log: EventLog[V], trust_cache: bool, judge: Judgement[V]) -> None:
        self.log = log
        self.judge = judge
        self.trust_cache = trust_cache
        self.views: dict[UUID, V] = {}
        self.new: set[UUID] = set()

    def view(self, target: UUID | Any) -> V:
        if isinstance(target, UUID):
            if target not in self.views:
                self.views[target] = self.log._current(target, self.trust_cache)
            return self.views[target]
        view = self.log.view_of(self.log._open(target))
        self.views[view.id] = view
        self.new.add(view.id)
        return view

    def run(self, writes: Sequence[Write], author: Author | None) -> list[tuple[UUID, int, int]]:
        answers = []
        for write in writes:
            view = self.view(write.log)
            version, events = stage(self.log, view, write.entries, write.if_match, author, self.judge)
            answers.append((view.id, version, len(events)))
        heads: list[tuple[V, str]] = []
        pending: list[Any] = []
        for log_id, view in self.views.items():
            events = view.aggregate.collect_events()
            if events:
                start = GENESIS if log_id in self.new else view.aggregate.chain_head
                sealed, head = seal(events, start)
                heads.append((view, head))
                pending += sealed
        if pending:
            self.log.events.commit(pending)
        for view, head in heads:
            view.aggregate.chain_head = head
            self.log._remember(view)
        return answers

    def forget(self) -> None:
        for log_id in self.views:
            self.log._forget(log_id)


def write_together(
    log: EventLog[V], writes: Sequence[Write], author: Author | None, judge: Judgement[V]
) -> list[tuple[UUID, int, int]]:
    """Every write, in order, all or none, in one commit: (the log's id, its version after the write,
    how many events it recorded) of each. ``StaleVersion``, ``EventRefused`` (of any item) and
    ``CommitConflict`` leave the store as it was."""
    stored = {write.log for write in writes if isinstance(write.log, UUID)}
    with _locked(log, stored):
        try:
            answers = _attempt(log, writes, author, judge, trust_cache=True)
        except (CommitConflict, EventRefused, StaleVersion):
            # Another process may have appended since this one cached a log: judge again on the
            # stored logs; the same answer then is the answer.
            answers = _attempt(log, writes, author, judge, trust_cache=False)
    log.events.notify()
    return answers


def _attempt(
    log: EventLog[V], writes: Sequence[Write], author: Author | None, judge: Judgement[V], trust_cache: bool
) -> list[tuple[UUID, int, int]]:
    attempt = _Attempt(log, trust_cache, judge)
    try:
        return attempt.run(writes, author)
    except IntegrityError:
        attempt.forget()
        raise CommitConflict(next(iter(attempt.views)), log.noun) from None
    except BaseException:
        attempt.forget()
        raise


@dataclass(frozen=True, slots=True)
class Part:
    """One log's events in a write across kinds of log: its store, its id, its events (or a function
    of its view), the versions it must be at, and the use case's judgement of them."""

    log: EventLog[Any]
    log_id: UUID
    entries: Entries[Any]
    if_match: Collection[int] | None
    judge: Judgement[Any]


def write_across(parts: Sequence[Part], author: Author | None) -> list[tuple[int, list[dict[str, Any]]]]:
    """Each part's events, judged in turn on its log (in the order given: a part's entries may use
    what an earlier part's decided), all or none, in one commit of the logs' one event store: (version,
    what was recorded) of each. The logs' locks are taken in the order given; a refusal, a stale
    version or a conflict on cached logs is judged again on the stored logs, as an append is."""
    store = parts[0].log.events
    if any(part.log.events is not store for part in parts):
        raise ValueError("a write across logs is on one event store")
    with ExitStack() as stack:
        for part in parts:
            stack.enter_context(part.log._locked(part.log_id))
        try:
            answers = _across(parts, author, trust_cache=True)
        except (CommitConflict, EventRefused, StaleVersion):
            answers = _across(parts, author, trust_cache=False)
    store.notify()
    return answers


def _across(
    parts: Sequence[Part], author: Author | None, trust_cache: bool
) -> list[tuple[int, list[dict[str, Any]]]]:
    views: list[tuple[EventLog[Any], Any]] = []
    try:
        answers = []
        for part in parts:
            view = part.log._current(part.log_id, trust_cache)
            views.append((part.log, view))
            answers.append(stage(part.log, view, part.entries, part.if_match, author, part.judge))
        pending: list[Any] = []
        heads: list[tuple[EventLog[Any], Any, str, int]] = []
        for log, view in views:
            events = view.aggregate.collect_events()
            if events:
                sealed, head = seal(events, view.aggregate.chain_head)
                heads.append((log, view, head, len(sealed)))
                pending += sealed
        if pending:
            parts[0].log.events.commit(pending)
        for log, view, head, count in heads:
            view.aggregate.chain_head = head
            log._remember(view)
            appended(log.noun, count)
        return answers
    except IntegrityError:
        for log, view in views:
            log._forget(view.id)
        raise CommitConflict(parts[0].log_id, parts[0].log.noun) from None
    except BaseException:
        for log, view in views:
            log._forget(view.id)
        raise
