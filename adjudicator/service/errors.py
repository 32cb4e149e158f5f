"""What the use cases raise when they cannot do what was asked: plain exceptions, no HTTP in them.

Each names the kind of log it concerns (``noun``: ``hand`` or ``tournament``) so that its message
needs no rewriting by an entry point.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol
from uuid import UUID

from adjudicator.domain.events import IllegalEvent


class ServiceError(Exception):
    """Anything a use case refuses; nothing was written."""


class NotFound(ServiceError, LookupError):
    """No log of this kind has this id."""

    noun = "log"

    def __init__(self, log_id: object) -> None:
        super().__init__(f"no {self.noun} has the id {log_id}")
        self.log_id = log_id


class HandNotFound(NotFound):
    noun = "hand"


class TournamentNotFound(NotFound):
    noun = "tournament"


class RegistryNotFound(NotFound):
    noun = "player registry"


class PlayerNotFound(NotFound):
    noun = "player"


class PossibleMatch(ServiceError):
    """A new player's name reads as an existing person's: the desk is asked whether it is them;
    nothing was recorded."""

    def __init__(self, name: str, matches: list[dict[str, object]], described: list[str]) -> None:
        super().__init__(
            f"{name!r} may be {' or '.join(described)} already recorded: register that player, or say "
            "this is someone else (new_person: true); nothing was recorded"
        )
        self.matches = matches


class StaleVersion(ServiceError):
    """An append was conditional on a version the log is no longer at; nothing was written."""

    def __init__(self, expected: Collection[int], current: int, noun: str = "hand") -> None:
        wanted = " or ".join(str(v) for v in sorted(expected)) or "a version it never has"
        super().__init__(f"the {noun} is at version {current}, not {wanted}: nothing was recorded")
        self.expected = expected
        self.current = current
        self.noun = noun


class EventRefused(ServiceError):
    """The domain refused one event of a batch (``error``); nothing of the batch was written.

    ``position`` is the event's place in the batch (from 0), ``version`` the log's version. ``words``
    says why to the reader who asked: the words a reader who sees no concealed card may read until
    its sight says it may read more (``adjudicator.service.sight.Sight.refusal``).
    """

    def __init__(self, error: IllegalEvent, position: int, version: int, noun: str = "hand") -> None:
        super().__init__(error.public)
        self.error = error
        self.words = error.public
        self.position = position
        self.version = version
        self.noun = noun


class CommitConflict(ServiceError):
    """Another writer recorded events in the log at the same moment, twice over; nothing of ours was."""

    def __init__(self, log_id: UUID, noun: str = "hand") -> None:
        super().__init__(
            f"{noun} {log_id} changed while these events were being recorded: nothing was recorded; "
            f"fetch the {noun} and try again"
        )
        self.log_id = log_id
        self.noun = noun


class VersionOutOfRange(ServiceError, ValueError):
    """A historical version the log does not have."""

    def __init__(self, at: int, latest: int, noun: str = "hand") -> None:
        super().__init__(f"the {noun} has {latest} events: there is no event {at}")
        self.at = at
        self.latest = latest
        self.noun = noun


class UnknownMatch(ServiceError, LookupError):
    """The tournament has no match of this id."""

    def __init__(self, match: str) -> None:
        super().__init__(f"the tournament has no match {match!r}")
        self.match = match


class LinkedHandNotFound(HandNotFound):
    """A hand to put on a tournament's sheet is not in the store; ``version``: the tournament's."""

    def __init__(self, hand_id: object, version: int) -> None:
        super().__init__(hand_id)
        self.version = version


class CallNotFound(NotFound):
    noun = "call"


class ClaimRefused(ServiceError):
    """A claim on a call another official holds, or one already ruled: nothing was recorded."""


class CallNotHeld(ServiceError):
    """A release or a handover of a call the official does not hold (or one already ruled)."""


class NotAnOfficial(ServiceError):
    """A call handed to someone who is not a live official's credential."""


class ReadModelsUnreadable(ServiceError):
    """The read models cannot be read for now (their file busy or being rebuilt): ask again later."""


class ReadModelsOff(ServiceError):
    """The service keeps no read models (``ADJUDICATOR_READ_MODELS`` false): nothing to list from."""


class IdempotencyConflict(ServiceError):
    """An event's id was already used, for another event (or another batch); nothing was written."""

    def __init__(self, event_id: str, position: int, detail: str, event: int | None = None) -> None:
        super().__init__(f"event {position} of the request: its id {event_id} {detail}; nothing was recorded")
        self.event_id = event_id
        self.position = position
        self.event = event


class InvalidQuery(ServiceError, ValueError):
    """A filter, sort, limit or cursor the list cannot take (``member``: which)."""

    def __init__(self, member: str, detail: str) -> None:
        super().__init__(detail)
        self.member = member


class BrokenRecord(Protocol):
    """The first stored record of a log that fails its chain (the event store's ``chain.Broken``)."""

    @property
    def version(self) -> int: ...
    @property
    def problem(self) -> str: ...
    @property
    def detail(self) -> str: ...


class IntegrityBroken(ServiceError):
    """A log's stored records fail their hash chain: nothing of it is served."""

    def __init__(
        self, log_id: UUID, broken: BrokenRecord, noun: str = "hand", first_version: int = 0, reason: str = ""
    ) -> None:
        self.log_id = log_id
        self.reason = reason  # why the rules refuse the event, for ``adjudicator verify`` (not served)
        self.noun = noun
        self.record = broken.version  # the stored record's version (its place in the stream, from 1)
        self.event = broken.version - 1 + first_version  # the log's event number it would be
        self.problem = broken.problem
        super().__init__(
            f"{noun} {log_id}: stored record {broken.version} (event {self.event}) is {broken.problem}: "
            f"{broken.detail}; the {noun} is not served until an official restores the store "
            f"(adjudicator verify)"
        )


class Forged(ServiceError):
    """A read-model row whose seal fails: written by something other than the projector."""

    def __init__(self, table: str, key: object) -> None:
        self.table = table
        self.key = str(key)
        super().__init__(
            f"the read models' {table} row of {key} does not match its seal: it was not written from "
            "the event store; nothing of it is served until an official rebuilds the read models "
            "(adjudicator rebuild-read-models; adjudicator verify names every such row)"
        )


class DayRefused(ServiceError):
    """A hall's day (``adjudicator.service.days``) that does not verify, or does not read: nothing of it
    was stored. ``stream``, ``record``: the first record that fails (its stream and place, from 1),
    ``line``: its line of the file, ``problem``: what is wrong (``edited``, ``missing`` …)."""

    def __init__(
        self,
        detail: str,
        problem: str = "invalid",
        stream: UUID | None = None,
        record: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(f"{detail}; nothing of the day was stored")
        self.problem = problem
        self.stream = stream
        self.record = record
        self.line = line


class DayConflict(DayRefused):
    """A carried day's stream that the store already holds with other records under the same id:
    refused whole, nothing stored (the same records again are no conflict: nothing to store)."""
