"""A hall's day for the tests that carry one: the demonstration tournament recorded in a SQLite file
of its own (the hall's laptop), its first teams' players linked to the hall's registry, written out by
``export-day``, and the same file tampered with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final
from uuid import UUID

from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.days import StoreDays
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.player_store import PlayerStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.cli.demo_tournament import record_tournament
from adjudicator.service import players as registry
from adjudicator.service import tournaments as use
from adjudicator.service.credentials import Author

#: The players of the demonstration's first two teams as the hall records them: name, birth date.
HALL_PLAYERS: Final = (("Ada", "1950-03-01"), ("Bea", "1948-07-12"), ("Cy", None), ("Dee", "1951-01-30"))
HALL_DIRECTOR: Final = Author("Hall director", "official")


def hall_day(
    directory: Path, name: str = "Demo Open", players: Sequence[tuple[str, str | None]] = HALL_PLAYERS
) -> tuple[UUID, list[str]]:
    """The tournament recorded at the hall (in ``directory``'s hall file, beside any recorded
    there before), its players recorded once in the hall's registry, and its day's file, by line."""
    hall = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "hall.db")}
    )
    try:
        people = PlayerStore(hall)
        records = []
        for player, born in players:
            found = registry.matches(people, player)
            records.append(
                found[0]["player"]
                if found
                else registry.record_player(people, player, HALL_DIRECTOR, birth_date=born)["player"]
            )
        teams = [records[i : i + 2] for i in range(0, len(records), 2)]
        tournaments = TournamentStore(hall)
        said = record_tournament(hall, tournaments, HALL_DIRECTOR, name, teams)
        tournament = UUID(said.split()[0])
        _claim_the_dispute(hall, tournaments, tournament)
        return tournament, list(StoreDays(hall.events).export(tournament))
    finally:
        hall.close()


def small_day(directory: Path) -> str:
    """A day of a few lines, as a contract's example carries one: a tournament of two teams whose four
    players are linked to the hall's registry, and that registry."""
    hall = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "hall.db")}
    )
    try:
        people = PlayerStore(hall)
        records = [
            registry.record_player(people, name, HALL_DIRECTOR, birth_date=born)["player"]
            for name, born in HALL_PLAYERS
        ]
        tournaments = TournamentStore(hall)
        made = use.create(tournaments, {"ruleset": "detroit", "name": "Spring Social"}, HALL_DIRECTOR)
        teams = [
            {
                "type": "team_registered",
                "team": f"T{n}",
                "name": name,
                "players": [a, b],
                "people": records[i : i + 2],
            }
            for n, (name, (a, b), i) in enumerate(
                [("Motor City Aces", ("Ada", "Bea"), 0), ("Belle Isle Books", ("Cy", "Dee"), 2)], start=1
            )
        ]
        use.append_events(tournaments, made["id"], teams, author=HALL_DIRECTOR)
        return "".join(StoreDays(hall.events).export(made["id"]))
    finally:
        hall.close()


def _claim_the_dispute(hall: HandStore, tournaments: TournamentStore, tournament: UUID) -> None:
    """The hall's director claims the call of the tournament's dispute (its claims carried too)."""
    disputes = tournaments.read(
        tournament,
        lambda view: [
            i["entry"]["dispute"] for i in view.aggregate.log if i["entry"]["type"] == "dispute_filed"
        ],
    )
    call = f"{tournament}@{disputes[0]}"
    claim = {"type": "call_claimed", "call": call, "by": HALL_DIRECTOR.name}
    CallStore(hall).add(call, lambda history: [claim], HALL_DIRECTOR)


def edited(lines: list[str], index: int) -> list[str]:
    """The file with line ``index``'s record's content changed (its hashes left as they were)."""
    record = json.loads(lines[index])
    record["state"]["recorded_at"] = "2000-01-01T00:00:00+00:00"
    return [*lines[:index], json.dumps(record) + "\n", *lines[index + 1 :]]


def dropped(lines: list[str], index: int) -> list[str]:
    """The file without line ``index`` (one record gone)."""
    return [*lines[:index], *lines[index + 1 :]]
