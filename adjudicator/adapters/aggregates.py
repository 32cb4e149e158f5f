"""An aggregate rebuilt from its decoded events, with the library's per-event checks left out.

``event.mutate(aggregate)`` checks the event's id and version against the aggregate's, then finds
the ``@event`` method, filters the event's members to that method's parameters (through
``inspect``, cached) and calls it: about half the cost of folding a hand's 56 events, where the
method itself (``entries.recorded``) appends one dict. When the events come from one stream already
checked for contiguous versions (``chain.check``, ``chain.unchecked``), the checks are redundant,
so ``fold`` calls the method directly for the event classes whose mutation is exactly the
library's decorated-method call, and leaves every other event (the created event, any class that
overrides ``apply`` or ``mutate``) to ``mutate``. The aggregate is the same object ``mutate`` makes
(``tests/integration/test_rebuild_reads.py`` compares them member by member).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from eventsourcing import domain

#: A decorated method, and the names of its parameters.
Direct = tuple[Callable[..., None], frozenset[str]]


@cache
def direct(event_class: Any) -> Direct | None:
    """The ``@event`` method an event of this class calls when it mutates an aggregate, if that
    call is all its mutation does (else None: the event mutates the aggregate itself)."""
    method = getattr(domain, "decorated_funcs", {}).get(event_class)
    if method is None or not issubclass(event_class, domain.DecoratedFuncCaller):
        return None
    exact = (
        event_class.mutate is domain.CanMutateAggregate.mutate
        and event_class.apply is domain.DecoratedFuncCaller.apply
        and super(domain.DecoratedFuncCaller, event_class).apply is domain.CanMutateAggregate.apply
    )
    return (method, frozenset(inspect.signature(method).parameters)) if exact else None


def fold(events: Sequence[Any]) -> Any:
    """The aggregate made by ``events`` (decoded stored events of one stream, in version order, the
    first its created event)."""
    aggregate = events[0].mutate(None)
    last = None  # the last event called directly: its version and time are the aggregate's
    for event in events[1:]:
        kind: Any = type(event)
        call = direct(kind)
        if call is None:
            if last is not None:  # ``mutate`` checks the version: bring it up to date first
                aggregate.version, aggregate.modified_on, last = last.originator_version, last.timestamp, None
            aggregate = event.mutate(aggregate)
            continue
        method, names = call
        state = vars(event)
        method(aggregate, **{name: state[name] for name in names & state.keys()})
        last = event
    if last is not None:
        aggregate.version, aggregate.modified_on = last.originator_version, last.timestamp
    return aggregate
