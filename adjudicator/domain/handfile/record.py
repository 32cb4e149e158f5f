"""The hand record (``adjudicator-hand/1``): one hand as a file, JSON or text, and what it holds.

A record is a dict::

    {"format": "adjudicator-hand/1", "id", "ruleset", "dealer", "players", "label",
     "opened_at", "opened_by", "tournament", "imported",
     "events": [{...the event..., "author": {"name", "role"}, "recorded_at"}]}

Each event is exactly the event as recorded (its ``type`` and members, its client-chosen ``id`` if
it had one) followed by its provenance: who recorded it and when. ``id``, ``opened_at``,
``opened_by`` and ``tournament`` say where the hand was played and stored; ``imported`` says who
imported it, when and from which record (null for a hand recorded here). None of these is a fact the
table judges: an import replays the events and keeps the rest as provenance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

FORMAT: Final = "adjudicator-hand/1"
#: The record's members, in the order a record is written.
HEAD: Final = (
    "id",
    "ruleset",
    "dealer",
    "players",
    "label",
    "opened_at",
    "opened_by",
    "tournament",
    "imported",
)
#: What an event of a record (or of ``GET …/events``) carries beside the event itself.
PROVENANCE: Final = ("author", "recorded_at")
#: What ``GET …/events`` lists beside the event and its provenance: its number in the hand.
LISTED: Final = ("version",)


class HandFileError(ValueError):
    """A record that cannot be read: what is wrong and where (``line`` of a text record, from 1;
    ``hand``: which hand of a file of several, from 0)."""

    def __init__(self, message: str, line: int | None = None, hand: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.hand = hand

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.message}"


def is_record(data: object) -> bool:
    """Whether ``data`` is a hand record (it names its ``format``), not a plain import item."""
    return isinstance(data, Mapping) and "format" in data


def split_event(item: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """An event of a record, or as ``GET …/events`` lists it: (the event, its provenance or None).

    ``version`` (its number in the exporting hand) is dropped: the hand it goes to numbers it."""
    event = {k: v for k, v in item.items() if k not in PROVENANCE and k not in LISTED}
    if not any(k in item for k in PROVENANCE):
        return event, None
    return event, {k: item.get(k) for k in PROVENANCE}


def with_provenance(event: Mapping[str, Any], provenance: Mapping[str, Any] | None) -> dict[str, Any]:
    """The event as a record lists it: its members, then who recorded it and when."""
    return {**event, **(dict(provenance) if provenance is not None else {})}


def normalized(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record with every member present, in the written order (an absent member is null)."""
    if record.get("format") != FORMAT:
        raise HandFileError(f"the format is {record.get('format')!r}: this reads {FORMAT!r}")
    events = record.get("events")
    if not isinstance(events, list) or not all(isinstance(e, Mapping) for e in events):
        raise HandFileError("events: a record's events are an array of objects")
    return {"format": FORMAT, **{k: record.get(k) for k in HEAD}, "events": [dict(e) for e in events]}
