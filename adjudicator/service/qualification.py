"""Qualification from the medals recorded here (SEASON.md, Ontario's "how it is known"): a player who won
the gold medal of a district tournament recorded on this server qualifies for the provincial
championships without declaring a title (B).

The server finds it when the registration is recorded and writes it into the registration's facts as
``district_gold`` (the district tournament's id), so that the log says why the entry was taken and a
replay judges it the same; a ``district_gold`` a client sends is set aside, since only the server's
own records can show it. Players are known by their association records (``person``), followed through
merges, so a gold won under a record later merged still counts.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from adjudicator.domain.people import Registry
from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.going_on import qualifying_golds
from adjudicator.service.errors import NotFound
from adjudicator.service.ports import Listings, Players, Tournaments
from adjudicator.service.tournaments import list_tournaments

FACT = "district_gold"


def _takes_qualifiers(t: Tournament) -> bool:
    schedule, levels = t.schedule, t.format.entry.levels
    return schedule is not None and levels[schedule.level or next(iter(levels))].qualified


def golds(
    tournaments: Tournaments, listings: Listings | None, ruleset: str, resolve: Callable[[str], str]
) -> dict[str, str]:
    """Each person (as ``resolve`` follows merges) who won a qualifying gold medal in a ``ruleset``
    tournament recorded here, with that tournament's id (the newest, where several)."""
    found: dict[str, str] = {}
    for row in list_tournaments(listings) if listings is not None else []:
        if row["ruleset"] != ruleset:
            continue
        try:
            people = tournaments.read(UUID(str(row["id"])), lambda view: qualifying_golds(view.tournament))
        except NotFound:
            continue
        for person in people:
            found.setdefault(resolve(person), str(row["id"]))
    return found


def qualified(
    tournaments: Tournaments,
    listings: Listings | None,
    players: Players | None,
    tournament_id: UUID,
    entries: Sequence[Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """``entries`` with, for each player of a team registered where the level takes qualifiers and
    declaring no title, the district tournament whose gold medal they won here (``district_gold``)."""
    out = [copy.deepcopy(dict(entry)) for entry in entries]
    if not any(e.get("type") == "team_registered" for e in out):
        return out
    read = tournaments.read(
        tournament_id,
        lambda view: (
            _takes_qualifiers(view.tournament),
            view.tournament.format.ruleset,
            view.tournament.roster,
        ),
    )
    takes, ruleset, roster = read
    registry = players.read_registry(lambda r: r) if players is not None else Registry()
    resolve = _resolver(registry)
    found: dict[str, str] | None = None
    linked = dict(roster.person_of)
    for entry in out:
        if entry.get("type") == "player_registered" and isinstance(entry.get("person"), str):
            linked[str(entry.get("player"))] = entry["person"]
        declared = entry.get("declared")
        if entry.get("type") != "team_registered" or not isinstance(entry.get("players"), list):
            continue
        if declared is not None and not isinstance(declared, dict):
            continue
        facts_of = {p: f for p, f in (declared or {}).items() if isinstance(f, dict)}
        for facts in facts_of.values():
            facts.pop(FACT, None)
        if not takes:
            continue
        team_people = entry.get("people") if isinstance(entry.get("people"), list) else None
        for n, player in enumerate(entry["players"]):
            person = team_people[n] if team_people and n < len(team_people) else linked.get(str(player))
            if not isinstance(person, str) or facts_of.get(str(player), {}).get("title"):
                continue
            if found is None:
                found = golds(tournaments, listings, ruleset, resolve)
            if (where := found.get(resolve(person))) is not None:
                entry.setdefault("declared", {}).setdefault(str(player), {})[FACT] = where
    return out


def _resolver(registry: Registry) -> Callable[[str], str]:
    def resolve(person: str) -> str:
        return registry.resolve(person) if person in registry.people else person

    return resolve
