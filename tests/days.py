"""A hall's day for the tests that carry one: the demonstration tournament recorded in a SQLite file
of its own (the hall's laptop) and written out by ``export-day``, and the same file tampered with."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

from adjudicator.adapters.days import StoreDays
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.cli.demo_tournament import record_tournament
from adjudicator.service.credentials import Author


def hall_day(directory: Path) -> tuple[UUID, list[str]]:
    """The tournament recorded at the hall, and its day's file, line by line."""
    hall = HandStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "hall.db")}
    )
    try:
        said = record_tournament(hall, TournamentStore(hall), Author("Hall director", "official"))
        tournament = UUID(said.split()[0])
        return tournament, list(StoreDays(hall.events).export(tournament))
    finally:
        hall.close()


def edited(lines: list[str], index: int) -> list[str]:
    """The file with line ``index``'s record's content changed (its hashes left as they were)."""
    record = json.loads(lines[index])
    record["state"]["recorded_at"] = "2000-01-01T00:00:00+00:00"
    return [*lines[:index], json.dumps(record) + "\n", *lines[index + 1 :]]


def dropped(lines: list[str], index: int) -> list[str]:
    """The file without line ``index`` (one record gone)."""
    return [*lines[:index], *lines[index + 1 :]]
