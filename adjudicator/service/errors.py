"""What the use cases raise when they cannot do what was asked: plain exceptions, no HTTP in them.

Each names the kind of log it concerns (``noun``: ``hand`` or ``tournament``) so that its message
needs no rewriting by an entry point.
"""

from __future__ import annotations

from collections.abc import Collection
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
    its sight says it may read more (``adjudicator.service.authority.Sight.refusal``).
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


class ReadModelsOff(ServiceError):
    """The service keeps no read models (``ADJUDICATOR_READ_MODELS`` false): nothing to list from."""


class IdempotencyConflict(ServiceError):
    """An event's id was already used, for another event (or another batch); nothing was written."""

    def __init__(self, event_id: str, position: int, detail: str, event: int | None = None) -> None:
        super().__init__(f"event {position} of the request: its id {event_id} {detail}; nothing was recorded")
        self.event_id = event_id
        self.position = position
        self.event = event
