"""An aggregate rebuilt from its decoded events, with the library's per-event checks left out.

``event.mutate(aggregate)`` checks the event's id and version against the aggregate's (and, in
the library, that the event is one that can mutate: a check against a typing Protocol that costs
about 10 µs an event), then calls the event's ``apply`` and moves the aggregate's version and
time on. When the events come from one stream already checked for contiguous versions
(``chain.check``, ``chain.unchecked``), the checks are redundant, so ``fold`` calls ``apply`` (the
library's public hook: for an ``@event`` method, the call of that method) directly for the event
classes whose ``mutate`` is the library's own, and leaves every other event (the created event,
any class that overrides ``mutate``) to ``mutate``. The aggregate is the same object ``mutate``
makes (``tests/integration/test_rebuild_reads.py`` compares them member by member).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from eventsourcing.domain import CanMutateAggregate


@cache
def applied(event_class: Any) -> bool:
    """Whether ``mutate`` does for an event of this class nothing but its checks, ``apply`` and the
    version and time: then ``fold`` calls ``apply`` itself."""
    return issubclass(event_class, CanMutateAggregate) and event_class.mutate is CanMutateAggregate.mutate


def fold(events: Sequence[Any]) -> Any:
    """The aggregate made by ``events`` (decoded stored events of one stream, in version order, the
    first its created event)."""
    aggregate = events[0].mutate(None)
    last = None  # the last event applied directly: its version and time are the aggregate's
    for event in events[1:]:
        kind: Any = type(event)
        if not applied(kind):
            if last is not None:  # ``mutate`` checks the version: bring it up to date first
                aggregate.version, aggregate.modified_on, last = last.originator_version, last.timestamp, None
            aggregate = event.mutate(aggregate)
            continue
        event.apply(aggregate)
        last = event
    if last is not None:
        aggregate.version, aggregate.modified_on = last.originator_version, last.timestamp
    return aggregate
