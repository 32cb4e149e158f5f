"""Readiness: whether this process can answer from the store, and how far its read models lag.

A load balancer asks two questions (``GET /healthz``, ``GET /readyz``): is the process alive (it
answers at all: no store is touched), and may it be sent traffic (the event store answers a query,
the read models answer theirs). The read models' lag is how many events of the log the projection
has not written yet (``ReadModels.position``): reported, not judged, since it falls back to 0 by
itself a moment after a burst of appends.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.service.ports import Positioned, Store


@dataclass(frozen=True)
class Readiness:
    """``ready`` unless ``problem`` says what does not answer."""

    store: str  # sqlite, postgres (or memory)
    last_event: int | None  # the log's latest notification id (None: the store did not answer)
    read_models: int | None  # how far the projection has written (None: not kept, or did not answer)
    lag: int | None  # events of the log the projection has not written yet
    problem: str | None = None

    @property
    def ready(self) -> bool:
        return self.problem is None


def readiness(store: Store, read_models: Positioned | None) -> Readiness:
    """Ask the event store for its latest event and the read models for their position."""
    # the kind only, never the path or the host: probes are anonymous
    kind = store.persistence.split(":", 1)[0].rsplit(".", 1)[-1]
    try:
        last = store.last_event()
    except Exception as error:
        return Readiness(kind, None, None, None, f"the event store does not answer: {error}")
    if read_models is None:
        return Readiness(kind, last, None, None)
    try:
        position = read_models.position()
    except Exception as error:
        return Readiness(kind, last, None, None, f"the read models do not answer: {error}")
    return Readiness(kind, last, position, max(0, last - position))


__all__ = ["Readiness", "readiness"]
