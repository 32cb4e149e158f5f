"""The association's people: each player recorded once, whatever tournaments they play in.

A tournament's roster knows a player only by the name typed at its desk; the association needs to
know that the Ann Lee who played in Windsor in May is the Ann Lee entering Toronto's final. The
registry is an append-only log of two facts: ``player_recorded`` (a person, with a centre or district
and the facts a rulebook may ask to be declared: birth date, residence) and ``players_merged`` (two
records found to be one person). A merge is never an edit: the merged record stays in the log, and
every read follows it to the record kept (``resolve``).

Names are compared normalised (case, accents, punctuation and spacing set aside), so that
"ann  LEE" at a desk offers "Ann Lee of Windsor centre" (``matches``) rather than a second record.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.moments import is_date

#: The marker the registry's stream opens with (no fact: the registry exists).
OPENED: Final = "registry_opened"
#: type -> (required fields, optional fields), all text.
VOCABULARY: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    OPENED: ((), ()),
    "player_recorded": (("player", "name"), ("centre", "district", "birth_date", "residence")),
    "players_merged": (("kept", "merged"), ("reason",)),
}


def normalised(name: str) -> str:
    """``name`` as names are compared: no accents, no punctuation, lower case, single spaces."""
    plain = unicodedata.normalize("NFKD", name)
    letters = "".join(c if c.isalnum() else " " for c in plain if not unicodedata.combining(c))
    return " ".join(letters.casefold().split())


@dataclass(frozen=True, slots=True)
class Person:
    """One record of the registry; ``merged_into``: the record kept when this one was merged."""

    player: str
    name: str
    centre: str | None = None
    district: str | None = None
    birth_date: str | None = None
    residence: str | None = None
    merged_into: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "centre": self.centre,
            "district": self.district,
            "birth_date": self.birth_date,
            "residence": self.residence,
            "merged_into": self.merged_into,
        }

    def described(self) -> str:
        """How a desk asks about the person: "Ann Lee of Windsor centre"."""
        where = (
            f" of {self.centre} centre"
            if self.centre
            else f" of the {self.district} district"
            if self.district
            else ""
        )
        return f"{self.name}{where}"


@dataclass
class Registry:
    """The registry after the events applied so far."""

    people: dict[str, Person] = field(default_factory=dict)
    version: int = 0

    def apply(self, data: Mapping[str, Any]) -> None:
        """Record one event, or raise ``IllegalEvent`` (changing nothing)."""
        event = check(data)
        if event["type"] == "player_recorded":
            self._record(event)
        elif event["type"] == "players_merged":
            self._merge(event)
        self.version += 1

    def _record(self, event: dict[str, Any]) -> None:
        if event["player"] in self.people:
            raise IllegalEvent(f"player {event['player']!r} is already recorded", "player")
        if "birth_date" in event and not is_date(event["birth_date"]):
            raise IllegalEvent("a birth date is a day: YYYY-MM-DD", "birth_date")
        fields = {k: v for k, v in event.items() if k != "type"}
        self.people[event["player"]] = Person(**fields)

    def _merge(self, event: dict[str, Any]) -> None:
        kept, merged = event["kept"], event["merged"]
        for name, player in (("kept", kept), ("merged", merged)):
            if player not in self.people:
                raise IllegalEvent(f"no player is recorded as {player!r}", name)
        if self.resolve(kept) == self.resolve(merged):
            raise IllegalEvent("these records are already one person", "merged")
        if self.people[merged].merged_into is not None:
            raise IllegalEvent(
                f"{merged!r} was merged into {self.people[merged].merged_into!r} already: merge that one",
                "merged",
            )
        self.people[merged] = replace(self.people[merged], merged_into=self.resolve(kept))

    def resolve(self, player: str) -> str:
        """The record ``player`` stands for now: itself, or the record it was merged into, followed."""
        seen = player
        while (into := self.people[seen].merged_into) is not None:
            seen = into
        return seen

    def person(self, player: str) -> Person:
        """The person ``player`` is, following merges (``KeyError`` if never recorded)."""
        return self.people[self.resolve(player)]

    def records_of(self, player: str) -> list[str]:
        """Every record that is this person: the one kept and all merged into it."""
        kept = self.resolve(player)
        return [p for p in self.people if self.resolve(p) == kept]

    def current(self) -> list[Person]:
        """Every person once: the records not merged away, oldest first."""
        return [p for p in self.people.values() if p.merged_into is None]

    def matches(self, name: str) -> list[Person]:
        """The people whose name reads the same as ``name``."""
        wanted = normalised(name)
        return [p for p in self.current() if normalised(p.name) == wanted]


def check(event: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``event`` if it is well formed; ``IllegalEvent`` naming the field otherwise."""
    if not isinstance(event, Mapping):
        raise IllegalEvent("an event is an object with a 'type'", "")
    kind = event.get("type")
    if kind not in VOCABULARY:
        known = ", ".join(k for k in VOCABULARY if k != OPENED)
        raise IllegalEvent(f"unknown registry event type {kind!r}: one of {known}", "type")
    required, optional = VOCABULARY[kind]
    for name in (*required, *optional):
        if name not in event:
            if name in required:
                raise IllegalEvent(f"{kind} needs '{name}' (text)", name)
            continue
        if not isinstance(event[name], str) or not event[name].strip():
            raise IllegalEvent(f"'{name}' must be text, not empty", name)
    unknown = sorted(set(event) - {"type", *required, *optional})
    if unknown:
        raise IllegalEvent(f"{kind} has no field '{unknown[0]}'", unknown[0])
    return dict(event)


def replay_registry(log: Iterable[Mapping[str, Any]]) -> Registry:
    registry = Registry()
    for event in log:
        registry.apply(event)
    return registry
