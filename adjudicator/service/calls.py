"""The officials' claims on calls: claimed ("on my way"), released ("I can't go"), handed over to
another official. Each is a recorded fact, judged on the call's claim log as it stands (the queue's
adapter records it); this use case checks what only the credentials know: that a call is handed to
a live official, by the name the credential has."""

from __future__ import annotations

from typing import Protocol

from adjudicator.domain.calls import Call
from adjudicator.service.credentials import Author, Credentials
from adjudicator.service.errors import NotAnOfficial


class CallQueue(Protocol):
    """The queue's writes (``adjudicator.adapters.call_queue.Calls``): the port."""

    def claim(self, call_id: str, by: str, author: Author | None = None) -> Call: ...

    def release(
        self, call_id: str, by: str, reason: str | None = None, author: Author | None = None
    ) -> Call: ...

    def hand_over(self, call_id: str, by: str, to: str, author: Author | None = None) -> Call: ...


def release(queue: CallQueue, call_id: str, by: str, reason: str | None, author: Author | None) -> Call:
    """``by`` lets the call go: open again for any official (``CallNotHeld`` unless ``by`` holds it)."""
    return queue.release(call_id, by, reason, author)


def hand_over(
    queue: CallQueue, credentials: Credentials, call_id: str, by: str, to: str, author: Author | None
) -> Call:
    """``by`` hands the call to the official ``to`` (a credential's name or id): ``NotAnOfficial``
    unless ``to`` is a live official's credential, ``CallNotHeld`` unless ``by`` holds the call."""
    found = credentials.find(to)
    if found is None or found.role != "official" or found.revoked_at is not None:
        raise NotAnOfficial(f"{to!r} is not a live official's credential: a call is handed to an official")
    return queue.hand_over(call_id, by, found.name, author)
