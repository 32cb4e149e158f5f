"""The hash chain of a stream: what each stored record's ``digest`` and ``chain`` are, and their check.

Every record a log stores (a hand's ``Opened`` and ``Recorded``, a tournament's ``Created`` and
``Recorded``) carries two SHA-256 hashes, written with it, in the same row:

- ``digest``: the hash of its content, the canonical JSON (sorted keys, no spaces, UTF-8) of
  ``{"stream", "kind", "timestamp", "state"}``: the stream's id, the event's class
  (``Hand.Recorded``), the library's timestamp, and every member the event stores (the entry as
  recorded, its ``recorded_at``, its author, its client-chosen ``event_id``) but the two hashes;
- ``chain``: the hash of ``{"prev", "digest", "version"}``: the previous record's ``chain`` (64
  zeros for the first), this record's ``digest`` and its version (its position in the stream).

So a record whose content changed fails its ``digest`` (*edited*); an intact record in the wrong
place fails its ``chain`` (*out of order*); a gap in the versions is a *missing* record; a row whose
state no longer decodes is *undecodable*. Records stored before the chain existed have no hashes (and only
they: a record stored after the store began its chains, its *epoch*, without them was stripped):
theirs are computed as they are read, the first hashed record after them vouches for them (its
``prev`` is the computed chain of the last of them), and ``seals`` (written once by
``adjudicator verify --seal``) vouch for them record by record. A stream's last stored record is
checked against its recorded head (``adjudicator.adapters.heads``): a stream shorter than its head
is *truncated*.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.domain.canonical import canonical
from adjudicator.pacing import pace

#: The ``prev`` of a stream's first record.
GENESIS = "0" * 64
#: The members of a stored event that are not its content.
NOT_CONTENT = frozenset({"originator_id", "originator_version", "timestamp", "digest", "chain"})


def sha256(value: object) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def digest(event: Any) -> str:
    """The hash of a stored event's content (not its version: that is the chain's)."""
    state = {k: v for k, v in vars(event).items() if k not in NOT_CONTENT}
    return sha256(
        {
            "stream": event.originator_id,
            "kind": type(event).__qualname__,
            "timestamp": event.timestamp,
            "state": state,
        }
    )


def link(prev: str, content: str, version: int) -> str:
    """The chain hash of the record at ``version`` whose content hashes to ``content``."""
    if type(version) is int and prev.isalnum() and content.isalnum():  # hex digests: nothing to escape
        return hashlib.sha256(
            f'{{"digest":"{content}","prev":"{prev}","version":{version}}}'.encode()
        ).hexdigest()
    return sha256({"prev": prev, "digest": content, "version": version})


def seal(events: Iterable[Any], prev: str) -> tuple[list[Any], str]:
    """Each new event (not yet saved) made anew with its ``digest`` and ``chain``, and the chain's new
    head: (the sealed events, to store in their place; the head).

    The library's events are frozen dataclasses (its ``MetaDomainEvent`` makes every event class one),
    so a sealed event is a copy made by ``dataclasses.replace``: the same members, the two hashes
    added, nothing the aggregate made written to. The chain depends on the stream's head when the
    events are committed, which the aggregate cannot know when it makes them."""
    sealed: list[Any] = []
    pace()  # a log's events at a time: an import seals hundreds of hands (``adjudicator.pacing``)
    for event in events:
        content = digest(event)
        prev = link(prev, content, event.originator_version)
        sealed.append(replace(event, digest=content, chain=prev))
    return sealed, prev


class Broken(Exception):
    """The first record of a stream that fails: its version, what is wrong, and how."""

    def __init__(self, version: int, problem: str, detail: str) -> None:
        super().__init__(f"record {version}: {problem}: {detail}")
        self.version = version
        self.problem = problem
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Head:
    """A stream's recorded head: the version and chain of its last record."""

    version: int
    chain: str | None


@dataclass(slots=True)
class Checked:
    """A stream read and checked: its decoded events, the chain and version of its last record."""

    events: list[Any] = field(default_factory=list)
    version: int = 0
    chain: str = GENESIS
    hashed: bool = False  # whether any record carries its hashes
    unsealed: int = 0  # records without hashes that neither a seal nor a later hash vouches for
    unhashed: dict[int, str] = field(default_factory=dict)  # the computed chain of each record without hashes


def check(
    records: Sequence[Any],
    decode: Callable[[Any], Any],
    seals: Callable[[], Mapping[int, str]] = dict,
    start: tuple[int, str] = (0, GENESIS),
) -> Checked:
    """Decode and check ``records`` (stored events, in version order) after ``start`` (version,
    chain): raises ``Broken`` naming the first record that fails."""
    version, prev = start
    checked = Checked(version=version, chain=prev)
    sealed: Mapping[int, str] | None = None
    vouched_upto = version  # unhashed records up to here are vouched for
    for record in records:
        version = record.originator_version
        event = _decoded(record, checked.version + 1, decode)
        computed = digest(event)
        stored_digest, stored_chain = getattr(event, "digest", None), getattr(event, "chain", None)
        if stored_chain is None or stored_digest is None:
            if checked.hashed:
                raise Broken(version, "edited", "its hashes were removed (the records before it have them)")
            if getattr(record, "after_epoch", False):  # a ``heads.ChainedEvent``
                raise Broken(
                    version,
                    "edited",
                    "its hashes were removed (it was stored after the store began its chains)",
                )
            chain = link(checked.chain, computed, version)
            checked.unhashed[version] = chain
            if sealed is None:
                sealed = seals()
            if version in sealed:
                if sealed[version] != chain:
                    raise Broken(version, "edited", "it differs from the record sealed as this version")
                vouched_upto = version
        else:
            if stored_digest != computed:
                raise Broken(version, "edited", "its content does not match its digest")
            chain = link(checked.chain, computed, version)
            if chain != stored_chain:
                raise Broken(
                    version,
                    "out of order",
                    "its content is intact but it does not follow the record before it",
                )
            checked.hashed = True
            vouched_upto = version
        checked.events.append(event)
        checked.version, checked.chain = version, chain
    checked.unsealed = checked.version - vouched_upto
    return checked


def unchecked(records: Sequence[Any], decode: Callable[[Any], Any]) -> Checked:
    """Decode ``records`` (stored events, in version order, from the first) without their hashes:
    raises ``Broken`` for a missing or undecodable record, as ``check`` does, but an edited or
    reordered one passes (no hash is computed). ``chain`` stays unknown (``GENESIS``)."""
    checked = Checked()
    for record in records:
        checked.events.append(_decoded(record, checked.version + 1, decode))
        checked.version = record.originator_version
    return checked


def _decoded(record: Any, expected: int, decode: Callable[[Any], Any]) -> Any:
    """The record decoded, if it is the ``expected`` version (``Broken``: missing, undecodable)."""
    version = record.originator_version
    if version != expected:
        gap = (
            f"record {expected} is" if version == expected + 1 else f"records {expected} to {version - 1} are"
        )
        raise Broken(expected, "missing", f"{gap} not in the store (the next is {version})")
    try:
        return decode(record)
    except Exception as error:
        raise Broken(version, "undecodable", f"its stored state no longer decodes: {error}") from None


def check_head(checked: Checked, head: Head | None, chains: bool = True) -> None:
    """Whether the stream ends where its recorded head says (``Broken`` if not). ``chains=False``:
    the versions only (the records were decoded without their hashes, ``unchecked``)."""
    if not chains:
        if head is not None and head.version != checked.version:
            check_head(checked, Head(head.version, None))
        return
    if head is None:
        if checked.hashed:
            raise Broken(checked.version, "no head", "the stream has hashed records but no recorded head")
        return
    if head.version > checked.version:
        first = checked.version + 1
        gap = f"record {first} is" if head.version == first else f"records {first} to {head.version} are"
        raise Broken(first, "truncated", f"{gap} missing: the stream's recorded head is {head.version}")
    if head.version < checked.version:
        raise Broken(
            head.version + 1, "beyond head", f"the stream goes past its recorded head ({head.version})"
        )
    if head.chain is not None and head.chain != checked.chain:
        raise Broken(checked.version, "edited", "the last record does not match the stream's recorded head")


def heads_digest(heads: Mapping[Any, Head]) -> str:
    """One hash of every stream's head: the figure an official writes on the score sheet."""
    return sha256(sorted([str(stream), head.version, head.chain] for stream, head in heads.items()))
