"""A hand's scope is recorded in its log: the tournament and table of the scoped scorekeeper who
opened it, read back from the log, so that who may write and see it needs no credential looked up."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from adjudicator.service import authority
from adjudicator.service import hands as use
from adjudicator.service import tournaments as tournament_use
from adjudicator.service.authority import Forbidden
from adjudicator.service.credentials import Credential
from adjudicator.service.errors import EventRefused
from adjudicator.service.views import opening
from adjudicator.simulation.hands import random_hand
from adjudicator.simulation.tournaments import Director
from tests.unit.service.fakes import FakeHands, FakeTournaments

EVENTS = random_hand(21, "texas", "north")
TABLE_4 = Credential("c4", "Table 4", "scorekeeper", "spring", 4, "2026-01-01", None)
TABLE_5 = Credential("c5", "Table 5", "scorekeeper", "spring", 5, "2026-01-01", None)


class NoCredentials:
    """Credentials that are never to be looked up (a hand's scope is in its log)."""

    def find(self, name_or_id: str) -> Credential | None:
        raise AssertionError(f"looked up {name_or_id!r}")

    def verify(self, token: str) -> Credential | None:
        raise AssertionError("verified a token")


class OldCredentials(NoCredentials):
    """The credentials of hands opened before scopes were recorded: found by the opener's name."""

    def find(self, name_or_id: str) -> Credential | None:
        return {"Table 4": TABLE_4, "Table 5": TABLE_5}.get(name_or_id)


def _open(hands: FakeHands, who: Credential) -> Any:
    return use.open_hand(hands, "texas", "north", author=who.author, scope=authority.scope_of(who))


def test_a_scoped_scorekeepers_opening_records_its_tournament_and_table() -> None:
    hands = FakeHands()
    opened = use.opened(hands, _open(hands, TABLE_4)["id"])
    assert opened.scope == {"tournament": "spring", "table": 4}
    official = Credential("o", "Director", "official", None, None, "2026-01-01", None)
    assert authority.scope_of(None) == authority.scope_of(official) == {}  # a hand of no table


def test_the_table_a_hand_belongs_to_is_read_from_its_log_not_from_a_credential() -> None:
    hands = FakeHands()
    hand_id = _open(hands, TABLE_4)["id"]
    credentials = NoCredentials()
    assert (
        use.append_events(hands, hand_id, EVENTS[:2], permit=authority.hand_writer(TABLE_4, credentials)) == 2
    )
    with pytest.raises(Forbidden):
        use.append_events(hands, hand_id, EVENTS[2:3], permit=authority.hand_writer(TABLE_5, credentials))
    assert use.version(hands, hand_id) == 2


def test_a_hand_opened_before_scopes_were_recorded_is_found_by_its_openers_credential() -> None:
    hands = FakeHands()
    hand_id = hands.open_hand("texas", "north", author=TABLE_4.author).id  # no scope: an older hand
    assert use.opened(hands, hand_id).scope is None
    credentials = OldCredentials()
    assert (
        use.append_events(hands, hand_id, EVENTS[:1], permit=authority.hand_writer(TABLE_4, credentials)) == 1
    )
    with pytest.raises(Forbidden):
        use.append_events(hands, hand_id, EVENTS[1:2], permit=authority.hand_writer(TABLE_5, credentials))


# ---------------------------------------------------------------- a hand's scope recorded when it is linked
OFFICIAL = Credential("o", "Director", "official", None, None, "2026-01-01", None)
DETROIT = random_hand(8, "detroit", "north")


def _seated_tournament(tournaments: FakeTournaments) -> str:
    """A Detroit tournament of 8 teams, round 1 seated (R1-T1 to R1-T4), no hand on a sheet."""
    director = Director(3)
    director.record({"type": "tournament_created", "ruleset": "detroit", "name": "Spring"})
    for n in range(1, 9):
        team = {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"P{n}a", f"P{n}b"]}
        director.record(team)
    director.seat_next_round()
    created, *rest = director.log
    tournament = tournament_use.create(tournaments, {k: v for k, v in created.items() if k != "type"})["id"]
    tournament_use.append_events(tournaments, tournament, rest)
    return str(tournament)


def _final_hand_of_no_table(hands: FakeHands) -> UUID:
    """A Detroit hand an official opens (it belongs to no table) and records to its end."""
    hand_id: UUID = use.open_hand(hands, "detroit", "north", author=OFFICIAL.author, scope={})["id"]
    use.append_events(hands, hand_id, DETROIT)
    return hand_id


def test_linking_a_hand_records_its_scope_in_its_log_with_the_sheets_entry() -> None:
    hands = FakeHands()
    tournaments = FakeTournaments(hands=hands)
    tournament, hand_id = _seated_tournament(tournaments), _final_hand_of_no_table(hands)
    before = use.version(hands, hand_id)
    linked = tournament_use.link_hand(tournaments, hands, UUID(tournament), "R1-T3", hand_id)
    assert [e["type"] for e in linked["events"]] == ["hand_scored"]
    assert use.version(hands, hand_id) == before + 1
    last = hands.read(hand_id, lambda view: view.aggregate.log[-1]["entry"])
    assert last == {"type": "scoped", "tournament": tournament, "match": "R1-T3", "table": 3}
    assert use.opened(hands, hand_id).scope == {"tournament": tournament, "table": 3}
    assert hands.read(hand_id, lambda view: view.judged().score["final"])  # the score is as it was


def test_who_may_write_a_linked_hand_is_read_from_its_log() -> None:
    hands = FakeHands()
    tournaments = FakeTournaments(hands=hands)
    tournament, hand_id = _seated_tournament(tournaments), _final_hand_of_no_table(hands)
    table_3 = Credential("c3", "Table 3", "scorekeeper", tournament, 3, "2026-01-01", None)
    table_2 = Credential("c2", "Table 2", "scorekeeper", tournament, 2, "2026-01-01", None)
    confirm = [{"type": "score_confirmation", "by": "east", "verdict": "agreed"}]
    credentials = NoCredentials()
    with pytest.raises(Forbidden):  # a hand of no table: an official's
        authority.hand_writer(table_3, credentials)(use.opened(hands, hand_id), confirm)  # type: ignore[misc]
    tournament_use.link_hand(tournaments, hands, UUID(tournament), "R1-T3", hand_id)
    authority.hand_writer(table_3, credentials)(use.opened(hands, hand_id), confirm)  # type: ignore[misc]
    with pytest.raises(Forbidden):
        authority.hand_writer(table_2, credentials)(use.opened(hands, hand_id), confirm)  # type: ignore[misc]


def test_the_latest_scope_in_the_log_wins_and_changes_nothing_at_the_table() -> None:
    hands = FakeHands()
    hand_id = _final_hand_of_no_table(hands)
    judged = hands.read(hand_id, lambda view: (view.judged().score, view.judged().rulings_data()))
    for table in (5, 6, 6):  # recorded again: harmless
        use.append_events(hands, hand_id, [{"type": "scoped", "tournament": "spring", "table": table}])
    assert use.opened(hands, hand_id).scope == {"tournament": "spring", "table": 6}
    assert hands.read(hand_id, lambda view: (view.judged().score, view.judged().rulings_data())) == judged
    at_first = hands.read(hand_id, lambda view: opening(view).scope, at=len(DETROIT) + 1)
    assert at_first == {"tournament": "spring", "table": 5}  # as the log stood then


def test_a_link_the_tournament_refuses_records_no_scope_on_the_hand() -> None:
    hands = FakeHands()
    tournaments = FakeTournaments(hands=hands)
    tournament, hand_id = _seated_tournament(tournaments), _final_hand_of_no_table(hands)
    before = use.version(hands, hand_id)
    tournament_use.link_hand(tournaments, hands, UUID(tournament), "R1-T3", hand_id)
    version = use.version(hands, hand_id)
    assert version == before + 1  # its scope
    with pytest.raises(EventRefused):  # already on R1-T3's sheet
        tournament_use.link_hand(tournaments, hands, UUID(tournament), "R1-T4", hand_id)
    assert use.version(hands, hand_id) == version


def test_the_table_bound_of_a_scope_is_the_tournaments() -> None:
    from adjudicator.domain.events.vocabulary.additions import TABLES
    from adjudicator.domain.limits import MAX_TABLE

    assert TABLES == MAX_TABLE
