"""Days and moments as the records write them (ISO 8601): a day is ``YYYY-MM-DD``; a moment is a date
and time with its offset, so that a start time means the same instant in every hall and server."""

from __future__ import annotations

from datetime import date, datetime


def is_date(text: str) -> bool:
    """Whether ``text`` is a day written ``YYYY-MM-DD`` (and no other way)."""
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def moment(text: str) -> datetime | None:
    """The moment an ISO 8601 date and time with its offset names; None if it names none."""
    try:
        found = datetime.fromisoformat(text)
    except ValueError:
        return None
    return found if found.tzinfo is not None else None
