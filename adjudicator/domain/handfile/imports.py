"""What an import file's hand asks for: a new hand (with the provenance it brings) or more events.

An import file holds hand records (``adjudicator-hand/1``), or the older plain items: a new hand
``{"ruleset", "dealer", "players"?, "label"?, "events"}`` or more events for a stored one
``{"hand", "version"?, "events"}``. Events may be as ``GET …/events`` lists them (and a new hand's
item may be that whole answer, its ``version`` and ``next`` beside ``ruleset`` and ``dealer``): their
``version`` is dropped, and for a new hand their ``author`` and ``recorded_at`` are its provenance
(for a stored hand, the store records who appends and when: they are dropped too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from adjudicator.domain.handfile.record import is_record, normalized, split_event

#: What ``GET …/events`` answers beside its events: dropped from a new hand's item.
PAGING: Final = ("version", "next")


def _events(items: object) -> tuple[object, list[dict[str, Any] | None]]:
    """The events without what a listing adds, and each one's provenance (None: it brings none)."""
    if not isinstance(items, list) or not all(isinstance(item, Mapping) for item in items):
        return items, []  # not a list of events: the schema says what is wrong
    split = [split_event(item) for item in items]
    return [event for event, _ in split], [provenance for _, provenance in split]


def provenance_of(
    record: Mapping[str, Any] | None, events: list[dict[str, Any] | None]
) -> dict[str, Any] | None:
    """What a new hand keeps of where it came from: a record's head (``record`` None: plain events,
    which say only who recorded them when) and each event's author and time; None if nothing."""
    if record is None:
        return {"record": False, "events": events} if any(events) else None
    kept = {key: record.get(key) for key in ("opened_at", "opened_by", "tournament")}
    return {"record": True, "from": record.get("id"), **kept, "events": events}


def import_item(item: object) -> object:
    """One hand of an import file as the store takes it: ``{"ruleset", "dealer", "players",
    "label", "events", "provenance"}`` or ``{"hand", "version"?, "events"}``; anything else as it
    is, for the schema to refuse."""
    if not isinstance(item, Mapping):
        return item
    if is_record(item):
        record = normalized(item)
        events, provenance = _events(record["events"])
        plain = {key: record[key] for key in ("ruleset", "dealer", "players", "label")}
        return {**plain, "events": events, "provenance": provenance_of(record, provenance)}
    if "events" not in item:
        return dict(item)
    events, provenance = _events(item["events"])
    if "hand" in item:
        return {**item, "events": events}
    rest = {k: v for k, v in item.items() if k not in PAGING}  # a whole GET …/events answer
    return {**rest, "events": events, "provenance": provenance_of(None, provenance)}
