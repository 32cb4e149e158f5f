"""A store that cannot be opened this moment (a SQLite file another process holds, a PostgreSQL server
restarting) is tried again for a while, a line each time, by ``adjudicator serve``'s supervisor and
each of its workers; any other error is raised at once."""

from __future__ import annotations

import sqlite3

import pytest
from eventsourcing.persistence import OperationalError

from adjudicator import bootstrap
from adjudicator.bootstrap import retrying, unavailable


def _locked() -> OperationalError:
    """The library's error, raised from SQLite's, as a store opened beside a writer raises it."""
    try:
        try:
            raise sqlite3.OperationalError("database is locked")
        except sqlite3.Error as error:
            raise OperationalError(error) from error
    except OperationalError as wrapped:
        return wrapped


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "FIRST_WAIT", 0.001)
    monkeypatch.setattr(bootstrap, "LONGEST_WAIT", 0.004)


def test_a_busy_store_is_tried_again_saying_so() -> None:
    said: list[str] = []
    failures = [_locked(), _locked()]

    def opening() -> str:
        if failures:
            raise failures.pop()
        return "opened"

    assert retrying(opening, said.append, "worker 7") == "opened"
    assert said == [
        "worker 7 cannot open the store yet (database is locked): again in 0.001 s (1 of 10)",
        "worker 7 cannot open the store yet (database is locked): again in 0.002 s (2 of 10)",
    ]


def test_a_store_busy_for_too_long_is_given_up_saying_so() -> None:
    said: list[str] = []

    def opening() -> str:
        raise _locked()

    with pytest.raises(OperationalError):
        retrying(opening, said.append, "worker 7")
    assert len(said) == bootstrap.ATTEMPTS
    assert said[-1] == "worker 7 gives up after 10 tries: the store is unavailable (database is locked)"


def test_any_other_error_is_raised_at_once() -> None:
    said: list[str] = []

    def opening() -> str:
        raise sqlite3.OperationalError("no such table: stored_events")

    with pytest.raises(sqlite3.OperationalError):
        retrying(opening, said.append, "worker 7")
    assert said == []
    assert unavailable(ValueError("ADJUDICATOR_CACHE_MB")) is None
    assert unavailable(sqlite3.OperationalError("database is busy")) == "database is busy"
