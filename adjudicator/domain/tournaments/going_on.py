"""Who goes on: a final's field made from its qualifiers' recorded results (SEASON.md, row "who goes
on").

Detroit sends each qualifier's Final Four (the four places its playoff decides: I Playoff Pairing) on
to the Senior Olympics; Ontario's district gold medal winners go on to the provincial championships
(B). The Texas, Chicago and Cardtel rules name no final, so a final is refused there, in words citing
the row. A team in the final keeps its players and their records, and names the qualifier it went on
from (``qualified_in``); the final names its qualifiers (``qualifiers``), so each links to the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.events import EventData
from adjudicator.domain.tournaments.replay import Tournament

#: What goes on from a qualifier, by ruleset, in words (SEASON.md, row "who goes on").
GOES_ON: Final[dict[str, str]] = {
    "detroit": "the Final Four of each qualifier (I Playoff Pairing; SEASON, who goes on)",
    "ontario": "the gold medal winners of each district (B; SEASON, who goes on)",
}
#: Where the rulebook names no final.
NO_FINAL: Final = "the {title} rules name no final made from qualifiers (SEASON, who goes on: silent)"
TITLES: Final = {"texas": "Texas", "chicago": "Chicago", "cardtel": "Cardtel"}


def going_on(t: Tournament, where: str = "qualifiers") -> list[str]:
    """The teams that go on from ``t``, best placed first; ``IllegalEvent`` while they are not decided."""
    fmt = t.format
    if fmt.ruleset not in GOES_ON:
        raise IllegalEvent(NO_FINAL.format(title=TITLES.get(fmt.ruleset, fmt.ruleset)), where)
    if fmt.ruleset == "detroit":
        bracket = t.bracket()
        places = bracket["places"] if bracket else {}
        four = [places.get(str(n)) for n in range(1, 5)]
        if not all(four):
            raise IllegalEvent(
                f"the Final Four of {_called(t)} are not decided yet: {GOES_ON['detroit']}", where
            )
        return [str(team) for team in four]
    gold = t.medals()["places"].get("gold")
    if gold is None:
        raise IllegalEvent(f"the gold medal of {_called(t)} is not decided yet: {GOES_ON['ontario']}", where)
    return [str(gold)]


def _called(t: Tournament) -> str:
    return f"“{t.name}”" if t.name else "the qualifier"


def final_field(ruleset: str, qualifiers: Sequence[tuple[str, Tournament]]) -> list[EventData]:
    """The registrations of a ``ruleset`` final whose field goes on from ``qualifiers`` (id, tournament):
    each team with its players, their records, and where it qualified."""
    if ruleset not in GOES_ON:
        raise IllegalEvent(NO_FINAL.format(title=TITLES.get(ruleset, ruleset)), "ruleset")
    ids = [q for q, _ in qualifiers]
    if not ids or len(set(ids)) != len(ids):
        raise IllegalEvent("a final names its qualifiers, each once", "qualifiers")
    events: list[EventData] = []
    taken: set[str] = set()
    for i, (qualifier, t) in enumerate(qualifiers):
        if t.format.ruleset != ruleset:
            raise IllegalEvent(
                f"{_called(t)} was played under the {t.format.ruleset} rules, not the final's {ruleset}",
                f"qualifiers/{i}",
            )
        for team in going_on(t, f"qualifiers/{i}"):
            events += _entry(t, qualifier, team, taken)
    return events


def _entry(t: Tournament, qualifier: str, team: str, taken: set[str]) -> list[EventData]:
    """One team's registration in the final (and its players', where the rulebook registers players),
    its ids made unique across the qualifiers by the qualifier's name."""
    roster = t.roster
    registered = roster.teams[team]
    where = t.name or qualifier[:8]
    team_id = _unique(team, where, taken)
    people = roster.people_of_team.get(team)
    events: list[EventData] = []
    players = list(registered["players"])
    if t.format.registers_players:
        renamed = [_unique(p, where, taken) for p in players]
        for old, new in zip(players, renamed, strict=True):
            entry: EventData = {"type": "player_registered", "player": new}
            name = roster.players[old]["name"]
            if name:
                entry["name"] = name
            if old in roster.person_of:
                entry["person"] = roster.person_of[old]
            events.append(entry)
        players = renamed
    registration: dict[str, Any] = {
        "type": "team_registered",
        "team": team_id,
        "name": registered["name"] or team,
        "players": players,
        "qualified_in": qualifier,
    }
    if people and all(p is not None for p in people) and not t.format.registers_players:
        registration["people"] = list(people)
    events.append(registration)
    return events


def _unique(name: str, where: str, taken: set[str]) -> str:
    chosen = name if name not in taken else f"{name} ({where})"
    taken.add(chosen)
    return chosen


def qualifying_golds(t: Tournament) -> tuple[str, ...]:
    """The association's records of the players of ``t``'s gold medal team, where ``t`` is played at a
    level whose winners qualify for another of its rulebook's levels (Ontario's district games, whose
    gold medal winners go on to the provincial championships: B); none otherwise or while undecided."""
    schedule, levels = t.schedule, t.format.entry.levels
    if schedule is None or levels[schedule.level or next(iter(levels))].qualified:
        return ()
    if not any(level.qualified for level in levels.values()):
        return ()
    gold = t.medals()["places"].get("gold")
    people = t.roster.people_of_team.get(str(gold), ()) if gold is not None else ()
    return tuple(p for p in people if p is not None)
