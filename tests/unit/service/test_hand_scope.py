"""A hand's scope is recorded in its log: the tournament and table of the scoped scorekeeper who
opened it, read back from the log, so that who may write and see it needs no credential looked up."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.service import authority
from adjudicator.service import hands as use
from adjudicator.service.authority import Forbidden
from adjudicator.service.credentials import Credential
from adjudicator.simulate import random_hand
from tests.unit.service.fakes import FakeHands

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
