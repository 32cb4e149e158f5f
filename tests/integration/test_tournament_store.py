"""Tournaments in the same event store as hands, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore, TournamentView
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.replay import replay_tournament
from adjudicator.service.errors import EventRefused
from adjudicator.service.tournaments import append_events as append_tournament_events

CREATED = {"type": "tournament_created", "ruleset": "detroit", "name": "Spring"}
TEAMS = [{"type": "team_registered", "team": f"T{n}", "number": n} for n in range(1, 7)]


@pytest.fixture
def stores(store_env: dict[str, str]) -> Iterator[tuple[HandStore, TournamentStore]]:
    hands = HandStore(store_env)
    yield hands, TournamentStore(hands)
    hands.close()


def _log(view: TournamentView) -> list[dict[str, object]]:
    return [{k: v for k, v in e.items() if k not in ("version", "recorded_at")} for e in view.events()]


def test_a_tournament_is_read_back_from_the_store_alone(
    store_env: dict[str, str], stores: tuple[HandStore, TournamentStore]
) -> None:
    _, tournaments = stores
    view = tournaments.create(CREATED)
    version = append_tournament_events(tournaments, view.id, TEAMS)["version"]
    assert version == 1 + len(TEAMS)
    live = tournaments.read(view.id, lambda v: v.tournament.state())
    fresh_hands = HandStore(store_env)  # another process: nothing cached
    try:
        fresh = TournamentStore(fresh_hands)
        log = fresh.read(view.id, _log)
        assert log == [CREATED, *TEAMS]
        assert fresh.read(view.id, lambda v: v.tournament.state()) == live
        assert replay_tournament(log).state() == live
        assert fresh.read(view.id, lambda v: v.version, at=3) == 3
    finally:
        fresh_hands.close()


def test_a_refused_batch_stores_nothing(stores: tuple[HandStore, TournamentStore]) -> None:
    _, tournaments = stores
    view = tournaments.create(CREATED)
    batch = [*TEAMS[:2], {"type": "team_withdrawn", "team": "T9", "reason": "unknown"}]
    with pytest.raises((EventRefused, IllegalEvent)):
        append_tournament_events(tournaments, view.id, batch)
    assert tournaments.read(view.id, lambda v: v.version) == 1
