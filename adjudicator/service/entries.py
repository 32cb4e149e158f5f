"""What every kind of log lists alike: ``GET …/events``, and its pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any


def listing(
    log: Sequence[Mapping[str, Any]], version: int, shown: Callable[[Any], Any] = lambda entry: entry
) -> dict[str, Any]:
    """A log's events up to ``version`` as ``GET …/events`` answers them: each with its number, its
    client-chosen id, when it was recorded and by whom (null before authors were recorded)."""
    return {
        "version": version,
        "events": [
            {
                "version": n,
                **shown(item["entry"]),
                **({"id": item["id"]} if item.get("id") else {}),
                "recorded_at": item["recorded_at"],
                "author": item.get("author"),
            }
            for n, item in enumerate(log[:version], start=1)
        ],
    }


def page(listed: dict[str, Any], after: int | None, limit: int | None) -> dict[str, Any]:
    """A page of a listing: the events after version ``after`` (0: from the first), at most ``limit``
    of them, and ``next``, the ``after`` of the page that follows (null: none follows). Without
    ``after`` and ``limit``, the listing as it was, with no ``next``."""
    if after is None and limit is None:
        return listed
    events = [event for event in listed["events"] if event["version"] > (after or 0)]
    shown = events if limit is None else events[:limit]
    more = len(shown) < len(events)
    return {**listed, "events": shown, "next": shown[-1]["version"] if more else None}
