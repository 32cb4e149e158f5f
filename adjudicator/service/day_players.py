"""The players of a hall's day matched with the association's records (``service.days``' ``PlayerMatch``).

A tournament carried home links its players to records of the hall's registry. When the hall's
registry was carried as the server's own stream, the links hold as they are. Otherwise each linked
record is settled against the association's registry, as a registrar would:

- held here under the same id (the hall's registry was copied from this one, or the day came
  before): the same record, nothing to record;
- one person here whose name reads the same (as registration compares names) with the same birth
  date: the hall's record is recorded and merged into theirs (``players_merged``, with its reason),
  a fact like any merge, so the day's links lead to the association's person;
- otherwise a new person under the hall's id; those here whose name reads the same and whose birth
  date does not say otherwise are offered, as a desk is offered them, for a registrar to merge.

One day's records and merges are one append, all or none; the same day again finds every record
here and records nothing.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.people import Person, Registry
from adjudicator.service.credentials import Author
from adjudicator.service.days import Carried, PlayerMatch
from adjudicator.service.errors import EventRefused
from adjudicator.service.players import DECLARED
from adjudicator.service.ports import Players


def _entry(person: Person) -> dict[str, Any]:
    found = person.to_dict()
    return {"type": "player_recorded", "player": person.player, "name": person.name} | {
        k: found[k] for k in DECLARED if found.get(k) is not None
    }


def _may_be(here: Person, hall: Person) -> bool:
    """Whether ``here`` may be the hall's person: their birth dates do not differ."""
    return not (here.birth_date and hall.birth_date and here.birth_date != hall.birth_date)


def settle(registry: Registry, hall: Registry, linked: set[str], day: str) -> tuple[list[Any], list[Any]]:
    """What to record of the hall's ``linked`` records in ``registry``, and how each was matched."""
    entries: list[dict[str, Any]] = []
    report: list[dict[str, Any]] = []
    for record in sorted(linked):
        person = hall.people[record]
        said: dict[str, Any] = {"record": record, "name": person.name}
        if record in registry.people:
            report.append(said | {"as": "same", "player": registry.resolve(record), "offered": []})
            continue
        entries.append(_entry(person))
        named = registry.matches(person.name)
        same = [p for p in named if p.birth_date is not None and p.birth_date == person.birth_date]
        if len(same) == 1:
            kept = same[0].player
            reason = f"carried home with {day}: same name and birth date as {same[0].described()}"
            entries.append({"type": "players_merged", "kept": kept, "merged": record, "reason": reason})
            report.append(said | {"as": "merged", "player": kept, "offered": []})
            continue
        offered = [p.described() for p in named if _may_be(p, person)]
        report.append(said | {"as": "offered" if offered else "new", "player": record, "offered": offered})
    return entries, report


def matcher(players: Players, author: Author | None) -> PlayerMatch:
    """The match of a carried day's players in ``players``, recorded by ``author``."""

    def match(carried: Carried) -> None:
        hall = carried.registry
        if hall is None:
            carried.players = players.read_registry(lambda here: _same(here, carried.linked))
            return
        day = carried.name or "a hall's day"
        entries, carried.players = players.read_registry(lambda here: settle(here, hall, carried.linked, day))
        if not entries:
            return

        def decide(here: Registry) -> list[dict[str, Any]]:
            again, carried.players = settle(here, hall, carried.linked, day)
            return again

        try:
            players.append(decide, author)
        except IllegalEvent as error:
            version = players.read_registry(lambda r: r.version)
            raise EventRefused(error, 0, version, "player registry") from None

    return match


def _same(registry: Registry, linked: set[str]) -> list[dict[str, Any]]:
    """The report of records carried in the registry's own stream: each the same record here."""
    return [
        {
            "record": r,
            "name": registry.people[r].name,
            "as": "same",
            "player": registry.resolve(r),
            "offered": [],
        }
        for r in sorted(linked)
        if r in registry.people
    ]
