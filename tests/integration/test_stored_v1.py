"""A store written by the code before the re-layout (commit f16c13d) is served unchanged today.

``tests/fixtures/store-v1.db`` was written by ``tests/fixtures/make_store_v1.py`` through that code's
API; ``store-v1.expected.json`` holds every answer it gave then. The copy served here must give them
again: same status, same ETag, same JSON.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from api import create_app
from tests.integration.v1_answers import EXPECTED, FIXTURES


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
    yield app.test_client()
    app.extensions["adjudicator.service.store"].close()


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
    assert reply.get_json() == expected["body"]
