"""A table's token issued at the desk, over the real credentials' table: only an official issues one,
only a scorekeeper's scoped to the tournament and table, a table issued again under a new name."""

from __future__ import annotations

import pytest

from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.service.authority import Forbidden, Unauthenticated
from adjudicator.service.credentials import CredentialError
from adjudicator.service.scorekeepers import (
    UnknownTableToken,
    issue_table_token,
    revoke_table_token,
    table_tokens,
)

TOURNAMENT = "5b1e9a0c-2f4d-4c6b-8a3e-7d9f1c2b3a40"


def test_an_official_issues_a_tables_scoped_token_and_nobody_else_does(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        official, _ = store.create("Chief", "official")
        issued, token = issue_table_token(store, official, TOURNAMENT, "Cup", 3)
        assert store.verify(token) == issued
        assert (issued.role, issued.tournament, issued.table, issued.name) == (
            "scorekeeper",
            TOURNAMENT,
            3,
            "Cup, table 3",
        )
        again, other = issue_table_token(store, official, TOURNAMENT, "Cup", 3)  # a phone lost
        assert again.name == "Cup, table 3 (2)" and other != token and store.verify(token) is not None

        with pytest.raises(Forbidden):
            issue_table_token(store, issued, TOURNAMENT, "Cup", 4)  # a scorekeeper issues nothing
        with pytest.raises(Unauthenticated):
            issue_table_token(store, None, TOURNAMENT, "Cup", 4)
        with pytest.raises(CredentialError, match="numbered from 1"):
            issue_table_token(store, official, TOURNAMENT, "Cup", 0)
        assert [c.name for c in store.all()] == ["Chief", "Cup, table 3", "Cup, table 3 (2)"]
    finally:
        store.close()


def test_the_desk_lists_and_revokes_only_its_own_tournaments_table_tokens(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        official, _ = store.create("Chief", "official")
        mine, token = issue_table_token(store, official, TOURNAMENT, "Cup", 1)
        other, _ = store.create("Elsewhere", "scorekeeper", "0d2c4f6e-8a1b-4c3d-9e5f-7a6b5c4d3e21", 1)
        assert table_tokens(store, TOURNAMENT) == [mine]

        with pytest.raises(Forbidden):
            revoke_table_token(store, mine, TOURNAMENT, mine.id)
        with pytest.raises(UnknownTableToken, match="no table token"):  # the API's 404, not a 422
            revoke_table_token(store, official, TOURNAMENT, other.id)  # the operator's to revoke
        with pytest.raises(UnknownTableToken, match="no table token"):
            revoke_table_token(store, official, TOURNAMENT, official.id)
        assert store.verify(token) == mine

        revoked = revoke_table_token(store, official, TOURNAMENT, mine.id)
        assert revoked.revoked_at is not None and store.verify(token) is None
        assert [c.revoked_at for c in table_tokens(store, TOURNAMENT)] == [revoked.revoked_at]
    finally:
        store.close()
