"""Credentials in the events' own database, SQLite and PostgreSQL alike: hashed, revocable, shared.

The ``credentials`` table is made on first use beside the events (in PostgreSQL, in the schema the
events use); it never holds a token, only its SHA-256; a revocation made by one process is seen by
another at once; names are never reused.
"""

from __future__ import annotations

import hashlib

import pytest

from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.service.credentials import CredentialError


def _rows(env: dict[str, str]) -> list[tuple[object, ...]]:
    """Every stored row, read straight from the database."""
    store = CredentialStore(env.get)
    try:
        return store._db.rows(f"SELECT * FROM {store._db.table}")
    finally:
        store.close()


def test_tokens_are_stored_hashed_and_revoked_for_every_process(store_env: dict[str, str]) -> None:
    events = HandStore(store_env)  # the events' store on the same database, as the server has it
    issuer, server = CredentialStore(store_env.get), CredentialStore(store_env.get)
    try:
        credential, token = issuer.create("Chief official", "official")
        assert token.startswith("adj_") and len(token) > 40
        assert server.verify(token) == credential
        assert server.verify(token + "x") is None and server.verify("adj_") is None
        stored = _rows(store_env)
        assert len(stored) == 1 and token not in repr(stored)
        assert hashlib.sha256(token.encode()).hexdigest() in stored[0]
        with pytest.raises(CredentialError):
            issuer.create("Chief official", "viewer")  # a name stays taken
        issuer.revoke("Chief official")
        assert server.verify(token) is None
        assert [c.revoked_at is not None for c in server.all()] == [True]
        assert server.bootstrap() is None  # a credential was issued here once: no first official again
    finally:
        issuer.close()
        server.close()
        events.close()


def test_a_scope_is_a_scorekeepers_only(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        with pytest.raises(CredentialError):
            store.create("Viewer", "viewer", "t-1", 3)
        with pytest.raises(CredentialError):
            store.create("Keeper", "scorekeeper", None, 3)
        with pytest.raises(CredentialError):
            store.create("Ghost", "director")
        keeper, token = store.create("Keeper", "scorekeeper", "t-1", 3)
        assert (keeper.tournament, keeper.table) == ("t-1", 3) and store.verify(token) == keeper
        first = store.bootstrap()
        assert first is None
    finally:
        store.close()


def test_the_first_official_is_made_once_on_a_fresh_database(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        made = store.bootstrap()
        assert made is not None and made[0].role == "official" and store.verify(made[1]) == made[0]
        assert store.bootstrap() is None
    finally:
        store.close()
