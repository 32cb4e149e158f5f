"""The association's players: recorded once, found by name, merged by a recorded fact, and their
history across the tournaments a reader may know of.

A desk registering "Ann Lee" is first offered the Ann Lee already recorded (``PossibleMatch``, with
every person whose name reads the same): a second record of one person is what the registry exists to
avoid. Where two were made anyway, ``merge`` records that they are one (``players_merged``); reads
follow the merge, and the history gathers the tournaments of every record of the person.
"""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.people import Registry
from adjudicator.service.credentials import Author
from adjudicator.service.errors import EventRefused, PlayerNotFound, PossibleMatch
from adjudicator.service.ports import Listings, Players
from adjudicator.service.privacy import WHOLE, Reach
from adjudicator.service.tournaments import list_tournaments

#: What a player's record may declare beyond the name (all text; the birth date a day).
DECLARED = ("centre", "district", "birth_date", "residence")


def _refused(players: Players, error: IllegalEvent) -> EventRefused:
    version = players.read_registry(lambda r: r.version)
    return EventRefused(error, 0, version, "player registry")


def record_player(
    players: Players, name: str, author: Author | None, new_person: bool = False, **declared: str | None
) -> dict[str, Any]:
    """A new person recorded, unless someone whose name reads the same is recorded already and the
    desk has not said this is someone else (``PossibleMatch``: nothing recorded)."""
    player = str(uuid4())
    entry = {"type": "player_recorded", "player": player, "name": name}
    entry |= {k: v for k, v in declared.items() if k in DECLARED and v is not None}

    def decide(registry: Registry) -> list[dict[str, Any]]:
        same = registry.matches(name)
        if same and not new_person:
            raise PossibleMatch(name, [p.to_dict() for p in same], [p.described() for p in same])
        return [entry]

    try:
        players.append(decide, author)
    except IllegalEvent as error:
        raise _refused(players, error) from None
    return person(players, player)


def matches(players: Players, name: str | None) -> list[dict[str, Any]]:
    """Everyone recorded whose name reads as ``name`` (None: everyone), each with how a desk asks
    about them; records merged away are not listed."""

    def read(registry: Registry) -> list[dict[str, Any]]:
        found = registry.matches(name) if name is not None else registry.current()
        return [{**p.to_dict(), "described": p.described()} for p in found]

    return players.read_registry(read)


def person(players: Players, player: str) -> dict[str, Any]:
    """The person ``player`` is now (following merges), with every record that is them."""

    def read(registry: Registry) -> dict[str, Any]:
        if player not in registry.people:
            raise PlayerNotFound(player)
        found = registry.person(player)
        return {**found.to_dict(), "described": found.described(), "records": registry.records_of(player)}

    return players.read_registry(read)


def merge(
    players: Players, kept: str, merged: str, reason: str | None, author: Author | None
) -> dict[str, Any]:
    """Record that ``merged`` is the same person as ``kept``; nothing is edited or removed."""
    entry = {"type": "players_merged", "kept": kept, "merged": merged}
    if reason is not None:
        entry["reason"] = reason
    try:
        players.append(lambda _: [entry], author)
    except IllegalEvent as error:
        raise _refused(players, error) from None
    return person(players, kept)


def history(players: Players, listings: Listings | None, player: str, reach: Reach = WHOLE) -> dict[str, Any]:
    """Every tournament of the person a reader of ``reach`` may know of, the newest first: teams,
    matches (their hands and rulings) and medals, from the read models (``ReadModelsOff`` without
    them): their careers' rows of every record of the person, in the tournaments their list shows
    this reader."""
    found = person(players, player)
    rows = list_tournaments(listings, reach)  # ReadModelsOff without the read models
    parts = listings.careers(found["records"]) if listings is not None else {}
    listed = [
        {"tournament": str(row["id"]), **parts[str(row["id"])]} for row in rows if str(row["id"]) in parts
    ]
    return {"player": found, "tournaments": listed}
