"""A unit of work across kinds of log (a tournament's, taking a hand along), on SQLite and PostgreSQL:
a tournament's events and a hand's, all or none in one commit of the one event store. What linking a
hand relies on to record its scope in its own log with the tournament's ``hand_scored``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any
from uuid import UUID

import pytest

from adjudicator.bootstrap import bootstrap
from adjudicator.service.errors import EventRefused
from adjudicator.service.hands import append_events, retried, staged
from adjudicator.service.hands import judged as judged_hand
from adjudicator.service.ports import Tournaments, TournamentUnit
from adjudicator.service.tournaments import judged as judged_tournament
from adjudicator.service.views import Answer
from adjudicator.simulation.hands import random_hand

TEAM = {"type": "team_registered", "team": "T1", "players": ["P1a", "P1b"]}
SCOPE = {"type": "scoped", "tournament": "spring", "table": 2}


def write_across(
    tournaments: Tournaments, tournament: UUID, hand: UUID, for_hand: Sequence[Mapping[str, Any]]
) -> list[Answer]:
    """``TEAM`` on the tournament and ``for_hand`` on the hand, in one unit of work."""

    def attempt(uow: TournamentUnit) -> list[Answer]:
        first = staged(uow, uow.view(tournament), [TEAM], None, judged_tournament, None)
        second = staged(uow, uow.hand(hand), for_hand, None, judged_hand, None)
        uow.commit()
        return [first, second]

    return retried(partial(tournaments.unit_of_work, tournament, hand=hand), attempt)


def test_both_logs_are_written_in_one_commit_or_neither(store_env: dict[str, str]) -> None:
    services = bootstrap(store_env, read_models=False)
    try:
        hands, tournaments = services.hands, services.tournaments
        hand = hands.open_hand("detroit", "north").id
        append_events(hands, hand, random_hand(4, "detroit", "north"))
        tournament = tournaments.create({"type": "tournament_created", "ruleset": "detroit", "name": "S"}).id
        hand_at, tournament_at = hands.version_of(hand), tournaments.version_of(tournament)
        last_event = services.events.last_event()

        refused = {**SCOPE, "table": 0}  # the hand's part refused: the tournament's is not stored either
        with pytest.raises(EventRefused):
            write_across(tournaments, tournament, hand, [refused])
        assert (hands.version_of(hand), tournaments.version_of(tournament)) == (hand_at, tournament_at)
        assert services.events.last_event() == last_event

        answers = write_across(tournaments, tournament, hand, [SCOPE])
        assert [version for version, _ in answers] == [tournament_at + 1, hand_at + 1]  # the versions after
        now = (hands.version_of(hand), tournaments.version_of(tournament))
        assert now == (hand_at + 1, tournament_at + 1)
        assert services.events.last_event() == last_event + 2
    finally:
        services.close()
    again = bootstrap(store_env, read_models=False)  # read cold: both chains check
    try:
        assert again.hands.read(hand, lambda view: view.aggregate.log[-1]["entry"]) == SCOPE
        assert again.tournaments.read(tournament, lambda view: view.version) == tournament_at + 1
    finally:
        again.close()
