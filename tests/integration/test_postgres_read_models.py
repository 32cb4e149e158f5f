"""PostgreSQL: every database and schema has read models of its own, and ``serve`` checks the store
before it listens (a password may be left unset under trust authentication; a missing schema is
named, with what to set)."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.preflight import store_problem
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.adapters.settings import read_db_path, where
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

pytestmark = pytest.mark.postgres


@pytest.fixture
def second_schema(postgres_dsn: tuple[str, str], postgres_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """A second schema in the same database as ``postgres_env``'s."""
    import psycopg

    schema = f"adjudicator_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_dsn[1], autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    yield {**postgres_env, "POSTGRES_SCHEMA": schema}
    with psycopg.connect(postgres_dsn[1], autocommit=True) as conn:
        conn.execute(f"drop schema {schema} cascade")


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The default data directory in ``tmp_path``, no read-model file chosen by the environment."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("ADJUDICATOR_READ_DB", raising=False)
    return tmp_path / "data" / "adjudicator"


def _labels(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("select label from hands order by label")]


def test_two_schemas_side_by_side_keep_read_models_of_their_own(
    postgres_env: dict[str, str], second_schema: dict[str, str], data_home: Path
) -> None:
    first, second = HandStore(postgres_env), HandStore(second_schema)
    try:
        models = [ReadModels(first), ReadModels(second)]
        assert models[0].path != models[1].path
        assert {m.path.parent for m in models} == {data_home}
        assert postgres_env["POSTGRES_SCHEMA"] in models[0].path.name
        for n in range(3):
            first.open_hand("texas", "north", label=f"first {n}")
        models[0].catch_up()
        second.open_hand("detroit", "east", label="second 0")
        assert models[1].catch_up() == 1  # from its own position, not the first schema's
        assert _labels(models[0].path) == ["first 0", "first 1", "first 2"]
        assert _labels(models[1].path) == ["second 0"]
        assert where(postgres_env)[1] == str(models[0].path)
    finally:
        first.close()
        second.close()


def test_the_read_model_file_names_server_database_and_schema(postgres_env: dict[str, str]) -> None:
    path = read_db_path({**postgres_env, "POSTGRES_SCHEMA": "a/b"}.get)
    assert path.name == "postgres-127.0.0.1-5432-test-a_b.read.db"


def test_no_password_is_needed_under_trust_authentication(postgres_env: dict[str, str]) -> None:
    env = {k: v for k, v in postgres_env.items() if k != "POSTGRES_PASSWORD"}
    assert store_problem(env) is None
    store = HandStore(env)
    try:
        assert store.version_of(store.open_hand("texas", "north").id) == 0
    finally:
        store.close()


def test_a_missing_schema_is_named_with_what_to_set(postgres_env: dict[str, str]) -> None:
    problem = store_problem({**postgres_env, "POSTGRES_SCHEMA": "no_such_schema"})
    assert problem == (
        "schema no_such_schema does not exist in database test: "
        "create it (create schema no_such_schema) or set POSTGRES_SCHEMA"
    )


def test_an_unreachable_server_is_named(postgres_env: dict[str, str]) -> None:
    problem = store_problem({**postgres_env, "POSTGRES_PORT": str(free_port())})
    assert problem is not None
    assert problem.startswith("cannot connect to PostgreSQL database test at 127.0.0.1:")
    assert "POSTGRES_PORT" in problem


def test_serve_refuses_a_missing_schema_before_listening(
    postgres_env: dict[str, str], tmp_path: Path
) -> None:
    processes = ServeProcesses()
    try:
        env = {k: v for k, v in postgres_env.items() if k != "POSTGRES_PASSWORD"}
        refused = processes.spawn(tmp_path, free_port(), **{**env, "POSTGRES_SCHEMA": "no_such_schema"})
        output = refused.communicate(timeout=60)[0].decode()
        assert refused.returncode == 1, output
        assert "schema no_such_schema does not exist in database test" in output
        assert "Listening" not in output
        port = free_port()
        processes.start(tmp_path, port, **env)  # the same settings with a schema that exists
        http = HTTP(port, processes.token)
        assert http.post("/hands", {"ruleset": "texas", "dealer": "north"}).status == 201
        http.close()
    finally:
        processes.close()
