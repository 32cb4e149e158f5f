"""The association's registry of players in the event store: one stream, the registry's log.

The registry is one aggregate (``PlayerRegistryLog``) under a fixed id, opened by its first write
with a ``registry_opened`` marker, whose ``Recorded`` events are the registry's own events
(``adjudicator.domain.people``: ``player_recorded``, ``players_merged``). One stream keeps every
record and merge in one order, so a merge never races a record it names; writes are as rare as
registrations. Its locking, caching and hash chain are the generic ``EventLog``'s, like a
tournament's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from adjudicator.adapters.eventlog import EventLog, now, recorded
from adjudicator.domain.people import OPENED, Registry, replay_registry
from adjudicator.service.credentials import Author
from adjudicator.service.errors import RegistryNotFound

T = TypeVar("T")
#: The registry's stream: one per event store.
REGISTRY_ID: Final = uuid5(UUID("6f1c0d55-5b7e-4b55-9a53-1f8e3f0c2a10"), "players")


class PlayerRegistryLog(Aggregate):
    """The registry's events, exactly as recorded, the first being ``registry_opened``."""

    @event("Created")
    def __init__(
        self,
        entry: dict[str, Any],
        recorded_at: str,
        author: dict[str, str] | None = None,
        digest: str | None = None,
        chain: str | None = None,
    ) -> None:
        self.log: list[dict[str, Any]] = [{"entry": entry, "recorded_at": recorded_at, "author": author}]

    record = event("Recorded")(recorded)

    @staticmethod
    def create_id() -> UUID:
        return REGISTRY_ID


@dataclass(slots=True)
class RegistryView:
    """The registry at one version."""

    id: UUID
    aggregate: PlayerRegistryLog
    registry: Registry

    @property
    def version(self) -> int:
        return self.registry.version


class PlayerStore(EventLog[RegistryView]):
    """Records players and merges all or none, and reads the registry."""

    aggregate_type = PlayerRegistryLog
    not_found = RegistryNotFound
    first_version = 1

    def read_registry(self, reader: Callable[[Registry], T]) -> T:
        """``reader(registry)`` now; an empty registry where nothing was recorded yet."""
        if not self.exists(REGISTRY_ID):
            return reader(Registry())
        return self.read(REGISTRY_ID, lambda view: reader(view.registry))

    def append(
        self, decide: Callable[[Registry], Sequence[Mapping[str, Any]]], author: Author | None
    ) -> list[dict[str, Any]]:
        """Record what ``decide`` makes of the registry (judged again after a conflict), all or none."""
        self._start_once(REGISTRY_ID, lambda: PlayerRegistryLog({"type": OPENED}, now()))

        def judged(view: RegistryView) -> list[dict[str, Any]]:
            events = [copy.deepcopy(dict(e)) for e in decide(view.registry)]
            for entry in events:  # a refusal leaves the view to be forgotten, nothing staged
                view.registry.apply(entry)
            return events

        return self.record(REGISTRY_ID, judged, author)

    def _replay(self, aggregate: PlayerRegistryLog) -> RegistryView:
        registry = replay_registry(item["entry"] for item in aggregate.log)
        return RegistryView(aggregate.id, aggregate, registry)

    def _fast_forward(self, view: RegistryView, entry: dict[str, Any]) -> None:
        view.registry.apply(entry)
