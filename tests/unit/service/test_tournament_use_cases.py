"""The tournaments' use cases on in-memory fakes of their ports: no database, no eventsourcing."""

from __future__ import annotations

import pytest

from adjudicator.service import tournaments as use
from adjudicator.service.errors import EventRefused, ReadModelsOff, StaleVersion
from tests.unit.service.fakes import FakeListings, FakeTournaments

SETTINGS = {"ruleset": "detroit", "name": "Spring"}
TEAMS = [{"type": "team_registered", "team": f"T{n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, 5)]


def test_a_tournament_is_created_and_its_events_recorded_at_the_version_asked() -> None:
    tournaments = FakeTournaments()
    created = use.create(tournaments, SETTINGS)
    tournament_id = created["id"]
    assert created["version"] == 1
    recorded = use.append_events(tournaments, tournament_id, TEAMS, if_match={1})
    assert recorded["version"] == 1 + len(TEAMS)
    assert use.version(tournaments, tournament_id) == 1 + len(TEAMS)
    with pytest.raises(StaleVersion):
        use.append_events(tournaments, tournament_id, TEAMS[:1], if_match={1})


def test_an_event_the_tournament_refuses_records_nothing() -> None:
    tournaments = FakeTournaments()
    tournament_id = use.create(tournaments, SETTINGS)["id"]
    with pytest.raises(EventRefused):
        use.append_events(tournaments, tournament_id, [TEAMS[0], TEAMS[0]])  # the same team twice
    assert use.version(tournaments, tournament_id) == 1


def test_the_list_of_tournaments_is_the_read_models() -> None:
    with pytest.raises(ReadModelsOff):
        use.list_tournaments(None)
    assert use.list_tournaments(FakeListings(listed_tournaments=[{"id": "t"}])) == [{"id": "t"}]
