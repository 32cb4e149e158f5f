"""A store written by the code before the re-layout (commit f16c13d) is served unchanged today.

``tests/fixtures/store-v1.db`` was written by ``tests/fixtures/make_store_v1.py`` through that code's
API; ``store-v1.expected.json`` holds every answer it gave then. The copy served here, read with an
official's credential, must give them again: same status, same ETag, and every member the old code
answered answered the same. The only members added since are ``ADDED``: each event's ``author``,
null for events recorded before events had authors; a tournament's ``date`` (null),
``checked_in`` and the proposal's ``not_checked_in`` (empty), ``board_public`` (false); and
``SAID``, a ruling's and a score's ``text``.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from adjudicator.adapters.credential_store import CredentialStore
from api import create_app
from tests.integration.v1_answers import EXPECTED, FIXTURES

#: Members an answer may have gained since the fixture was written, with the value an old event has.
ADDED: dict[str, Any] = {
    "author": None,
    # issue 22: a tournament's date (none before it was recorded), its check-ins and board setting
    "date": None,
    "checked_in": [],
    "not_checked_in": [],
    "board_public": False,
    # issue 32: a tournament's start time (none before it was recorded)
    "starts_at": None,
}
#: Members added since that say the answer in words (``adjudicator.domain.words``): a sentence, never empty.
SAID = {"text"}


@pytest.fixture(scope="module")
def old_store(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("v1") / "events.db"
    shutil.copy(FIXTURES / "store-v1.db", db)
    app = create_app(
        {
            "ADJUDICATOR_PERSISTENCE": {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(db),
            },
            "ADJUDICATOR_READ_MODELS": False,
        }
    )
    credentials: CredentialStore = app.extensions["adjudicator.credentials"]
    _, token = credentials.create("Chief official", "official")
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    yield client
    app.extensions["adjudicator.adapters.hand_store"].close()
    credentials.close()


def answered_the_same(expected: Any, actual: Any, where: str = "") -> None:
    """Every member of ``expected`` is in ``actual`` with the same value; ``actual`` adds only ``ADDED``."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}/{key} is no longer answered"
            answered_the_same(value, actual[key], f"{where}/{key}")
        for key in actual.keys() - expected.keys():
            if key in SAID:
                assert isinstance(actual[key], str) and actual[key], f"{where}/{key} says nothing"
                continue
            assert key in ADDED and actual[key] == ADDED[key], f"{where}/{key} is new: {actual[key]!r}"
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), where
        for n, (old, new) in enumerate(zip(expected, actual, strict=True)):
            answered_the_same(old, new, f"{where}/{n}")
    else:
        assert actual == expected, where


def test_the_fixture_holds_both_games_and_tournaments() -> None:
    rulesets = {
        body["body"]["ruleset"] for url, body in EXPECTED.items() if url.count("/") == 2 and "hands" in url
    }
    assert rulesets == {"detroit", "texas", "chicago", "cardtel", "ontario"}
    assert sum(url.count("/") == 2 and "tournaments" in url and "?" not in url for url in EXPECTED) == 2


@pytest.mark.parametrize("url", sorted(EXPECTED))
def test_an_answer_of_the_old_store_is_unchanged(old_store: Any, url: str) -> None:
    reply = old_store.get(url)
    expected = EXPECTED[url]
    assert reply.status_code == expected["status"]
    assert reply.headers.get("ETag") == expected["etag"]
    answered_the_same(expected["body"], reply.get_json())
