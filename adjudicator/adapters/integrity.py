"""A log's stream read and checked against its chain and head, and idempotent appends.

``read_stream`` is how every log is read from the store: the stream's records decoded and checked
(``adjudicator.adapters.chain``) and, for the whole stream, its length and last chain compared with
its recorded head; ``IntegrityBroken`` names the first record that fails, so a log whose records
were edited, deleted or reordered is refused rather than served.
``loaded`` reads a log's aggregate so, ``caught_up`` brings a cached one up to the stored version.

An event may carry a client-chosen ``id`` (a UUID): the store keeps it beside the event (the domain
never sees it), and the same ids posted again to the same log are answered as the first time,
writing nothing (the use case asks, ``adjudicator.service.hands.repeated``). An id is unique within
its log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import StoredEvent

from adjudicator.adapters.chain import Broken, Checked, Head, check, check_head, unchecked
from adjudicator.adapters.heads import ChainRecorder, kind_of
from adjudicator.domain.events import IllegalEvent
from adjudicator.service.errors import IntegrityBroken as IntegrityBroken  # raised here, a service error

#: The problem of a record the rules refuse where it stands (``does_not_replay``).
IMPOSSIBLE = "impossible"


def does_not_replay(log_id: UUID, error: IllegalEvent, noun: str, first_version: int) -> IntegrityBroken:
    """A log whose records pass their hashes but whose event ``error.index`` the rules refuse after the
    events before it: a forgery with its hashes recomputed (or a rule changed under a stored log).
    The rules' reason stays out of the served detail: it may say where a concealed card is."""
    event = error.index if error.index is not None else first_version
    broken = Broken(
        event + 1 - first_version,
        IMPOSSIBLE,
        "the rules refuse this event after the events before it (adjudicator verify says why)",
    )
    return IntegrityBroken(log_id, broken, noun, first_version, reason=error.message)


def read_stream(app: Application[UUID], log_id: UUID, kind: str, upto: int | None = None) -> Checked | None:
    """The log's records up to aggregate version ``upto`` (all: None), checked; None if the store has
    no stream of that id and ``kind``. Raises ``Broken`` for the first record that fails."""
    recorder = app.recorder
    if isinstance(recorder, ChainRecorder):
        records, head = recorder.select_stream(log_id, upto)
        if upto is not None:
            head = None  # a version in the past: its head is further on
    else:
        records, head = list(recorder.select_events(log_id, lte=upto)), None
    return checked_stream(app, log_id, kind, records, head, whole=upto is None)


def checked_after(app: Application[UUID], log_id: UUID, start: tuple[int, str]) -> Checked:
    """The log's records after ``start`` (the aggregate version and chain a cached view is at: what
    another process appended since), checked from there; each says whether it followed the store's
    epoch (``heads.ChainedEvent``) where the store keeps one. ``Broken`` for the first that fails."""
    recorder = app.recorder
    if isinstance(recorder, ChainRecorder):
        records: Sequence[StoredEvent] = recorder.select_stream(log_id, after=start[0])[0]
    else:
        records = recorder.select_events(log_id, gt=start[0])
    return check(records, app.mapper.to_domain_event, start=start)


def checked_stream(
    app: Application[UUID],
    log_id: UUID,
    kind: str,
    records: Sequence[StoredEvent],
    head: Head | None,
    whole: bool = True,
    verify: bool = True,
    decode: Callable[[StoredEvent], Any] | None = None,
) -> Checked | None:
    """A stream's ``records`` (and its ``head``, read with them) decoded and checked; None if they are
    not a stream of that ``kind``. ``Broken`` names the first record that fails.

    ``verify``: every record's digest and chain and the head's chain (what ``read_stream`` serves
    by). Without it (a rebuild's default: ``adjudicator verify`` is the integrity check) the records
    are only decoded, in the library's mapper's own way, and their versions checked: a missing or
    undecodable record, or a stream shorter or longer than its head, still fails; an edited or
    reordered record does not. ``whole``: the records are the whole stream, to compare with its head.
    ``decode``: a stored event's domain event, as the mapper's ``to_domain_event`` (the default)
    decodes it.
    """
    recorder = app.recorder
    if not records:
        if head is None:
            return None
        check_head(Checked(), head)  # every record of a stream with a head was deleted
    if kind_of(records[0].topic) != kind:
        return None
    decode = decode or app.mapper.to_domain_event
    if verify:
        seals: Callable[[], Mapping[int, str]] = (
            (lambda: recorder.select_seals(log_id)) if isinstance(recorder, ChainRecorder) else dict
        )
        checked = check(records, decode, seals)
    else:
        checked = unchecked(records, decode)
    if isinstance(recorder, ChainRecorder) and whole:
        check_head(checked, head, chains=verify)
    return checked


def loaded(log: Any, log_id: UUID, upto: int | None = None) -> Any:
    """``log``'s (an ``EventLog``) aggregate ``log_id`` up to aggregate version ``upto`` (all: None),
    its chain checked; ``IntegrityBroken`` names a record that fails, ``log.not_found`` no stream."""
    try:
        checked = read_stream(log.app, log_id, log.aggregate_type.__name__, upto)
    except Broken as broken:
        raise IntegrityBroken(log_id, broken, log.noun, log.first_version) from None
    if checked is None:  # no such stream, or another kind of log's
        raise log.not_found(log_id)
    aggregate: Any = None
    for domain_event in checked.events:
        aggregate = domain_event.mutate(aggregate)
    aggregate.chain_head = checked.chain
    return aggregate


def caught_up(log: Any, view: Any, stored: int) -> Any:
    """``log``'s cached ``view`` with the events recorded since applied (each checked against the
    chain), or None to replay it."""
    aggregate = view.aggregate
    if aggregate.version >= stored:
        return view
    try:
        checked = checked_after(log.app, view.id, (aggregate.version, aggregate.chain_head))
        for domain_event in checked.events:
            domain_event.mutate(aggregate)
            if isinstance(domain_event, log._recorded):
                log._fast_forward(view, aggregate.log[-1]["entry"])
    except Exception:
        return None  # replayed from the start, and checked from there
    aggregate.chain_head = checked.chain
    return view
