"""A token verified lately is found in memory, and a revocation by any process is still seen at once.

On a SQLite file the memory is trusted while the revocations file beside the database has not grown
(``adapters.credential_store.Verified``); on PostgreSQL every verification reads the table.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.credential_store import CredentialStore


def _reads(store: CredentialStore) -> list[object]:
    """Every read of the ``credentials`` table the store makes from now on, listed."""
    reads: list[object] = []
    rows = store._db.rows

    def counted(*args: Any) -> list[tuple[Any, ...]]:
        reads.append(args)
        return rows(*args)

    store._db.rows = counted  # type: ignore[method-assign]
    return reads


def test_a_token_verified_lately_costs_no_read_of_the_table(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        credential, token = store.create("Chief official", "official")
        assert store.verify(token) == credential
        reads = _reads(store)
        for _ in range(5):
            assert store.verify(token) == credential
        assert reads == []
        assert store.remembered(token) == credential
        assert store.remembered(token + "x") is None
    finally:
        store.close()


def test_a_revocation_by_another_process_is_seen_at_once_by_a_store_that_remembers(
    sqlite_env: dict[str, str],
) -> None:
    server = CredentialStore(sqlite_env.get)
    try:
        _, token = server.create("Table 3", "scorekeeper", "t-1", 3)
        assert server.verify(token) is not None  # remembered from now on
        revoke = (
            "import os; from adjudicator.adapters.credential_store import CredentialStore; "
            "CredentialStore(os.environ.get).revoke('Table 3')"
        )
        subprocess.run([sys.executable, "-c", revoke], env={**os.environ, **sqlite_env}, check=True)
        assert server.verify(token) is None
    finally:
        server.close()


def test_without_its_revocations_file_every_verification_reads_the_table(sqlite_env: dict[str, str]) -> None:
    store = CredentialStore(sqlite_env.get)
    try:
        credential, token = store.create("Chief official", "official")
        assert store.verify(token) == credential
        Path(f"{sqlite_env['SQLITE_DBNAME']}-revocations").unlink()  # someone tidied it away
        reads = _reads(store)
        assert store.verify(token) == credential
        assert len(reads) == 1
        other = CredentialStore(sqlite_env.get)  # (makes the file again)
        other.revoke("Chief official")
        other.close()
        assert store.verify(token) is None
    finally:
        store.close()


@pytest.mark.postgres
def test_on_postgresql_every_verification_reads_the_table(postgres_env: dict[str, str]) -> None:
    store = CredentialStore(postgres_env.get)
    try:
        credential, token = store.create("Chief official", "official")
        assert store.verify(token) == credential
        reads = _reads(store)
        assert store.verify(token) == credential
        assert len(reads) == 1  # another host may have revoked it: nothing to watch but the table
        assert store.remembered(token) == credential  # (for the front's admission of a body only)
    finally:
        store.close()
