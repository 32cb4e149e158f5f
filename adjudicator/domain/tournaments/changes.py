"""What each version of a tournament changed, for a reader that keeps a copy of it up to date.

A reader holding the standings, the hands the sheets link and the bracket as they stood at version
V (the read models' tables) needs only what changed after V: the standings rows that moved, the
hands linked anew, whether the bracket moved. ``Journal`` keeps that, one ``Change`` an entry, in
the order the tournament noted them, so that ``since(V)`` costs the entries after V, not the field.

The standings are noted when they are brought up to date (``Tournament.ranked``), which may be some
events after the change: an entry's ``version`` is then the version at which it was noted, never
earlier than the events it covers, so every change made after V is in an entry after V.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Change:
    """What was noted at one version."""

    version: int
    #: Teams whose record (their standings row but the place and rank) changed.
    records: tuple[str, ...] = ()
    #: Teams whose place or rank alone changed: moved by others.
    places: tuple[str, ...] = ()
    #: Teams that left the standings (withdrawn).
    removed: tuple[str, ...] = ()
    #: Stored hands a sheet links anew: (hand, the match of the first sheet linking it).
    hands: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Changed:
    """Everything noted after one version: the keys of the rows a reader must make again."""

    records: set[str] = field(default_factory=set)
    #: Teams whose place or rank changed, their record not.
    places: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)
    hands: dict[str, str] = field(default_factory=dict)


class Journal:
    """The changes noted, oldest first. Entries are only ever appended: a reader may keep how many
    there were (``len``) and later read that many, whatever was noted meanwhile."""

    def __init__(self) -> None:
        self.entries: list[Change] = []

    def __len__(self) -> int:
        return len(self.entries)

    def note(self, change: Change) -> None:
        if change.records or change.places or change.removed or change.hands:
            self.entries.append(change)

    def since(self, version: int, upto: int | None = None) -> Changed:
        """What the first ``upto`` entries (all: None) noted after ``version``: the last word on
        each key wins (a team removed, then counted again, is not ``removed``)."""
        changed = Changed()
        end = len(self.entries) if upto is None else upto
        start = end
        while start > 0 and self.entries[start - 1].version > version:
            start -= 1
        for entry in self.entries[start:end]:
            for kept in (changed.records, changed.places):
                kept.difference_update(entry.removed)
            changed.removed.difference_update(entry.records, entry.places)
            changed.records.update(entry.records)
            changed.places.update(entry.places)
            changed.removed.update(entry.removed)
            changed.hands.update(entry.hands)
        changed.places.difference_update(changed.records)
        return changed
