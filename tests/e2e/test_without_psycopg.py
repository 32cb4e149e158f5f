"""``adjudicator serve`` on SQLite needs no psycopg (issue 21, item 7): a real server, in an
environment where importing psycopg fails, starts, says it is ready and records an append.

The block is a ``sitecustomize`` on ``PYTHONPATH`` (every process of the server runs it, the workers
too) that refuses psycopg and its pool, and writes down who asked: a module that imports psycopg
inside a ``try`` would otherwise go unnoticed.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

BLOCKER = """
import sys
import traceback

BLOCKED = ("psycopg", "psycopg_pool", "psycopg_binary", "psycopg_c")


class NoPsycopg:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            with open({asked!r}, "a") as log:
                log.write(name + "\\n" + "".join(traceback.format_stack()) + "\\n")
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked by the test)", name=name)
        return None


sys.meta_path.insert(0, NoPsycopg())
"""


@pytest.fixture
def blocked(tmp_path: Path) -> Path:
    """A directory whose ``sitecustomize`` refuses psycopg; the attempts go to ``asked.log`` beside it."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER.format(asked=str(tmp_path / "asked.log")))
    return site


@pytest.fixture
def server(tmp_path: Path, blocked: Path) -> Iterator[tuple[int, str]]:
    """A server on SQLite, psycopg blocked: (its port, an official's token issued under the block)."""
    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path / "store", port, PYTHONPATH=str(blocked))
        assert processes.token is not None
        yield port, processes.token
    finally:
        processes.close()


def test_the_blocker_refuses_psycopg(tmp_path: Path, blocked: Path) -> None:
    """The block works: without it, the test below could not fail."""
    done = subprocess.run(
        [sys.executable, "-c", "import psycopg"],
        env={"PYTHONPATH": str(blocked), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "blocked by the test" in done.stderr
    assert (tmp_path / "asked.log").read_text().startswith("psycopg\n")


def test_serve_on_sqlite_answers_and_appends_without_psycopg(tmp_path: Path, server: tuple[int, str]) -> None:
    client = HTTP(*server)
    try:
        ready = client.get("/readyz")
        hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"})
        appended = client.post(f"/hands/{hand.body['id']}/events", random_hand(3, "texas", "north"))
        read = client.get(f"/hands/{hand.body['id']}")
    finally:
        client.close()
    assert ready.status == 200 and ready.body["store"] == "sqlite"
    assert hand.status == 201 and appended.status == 201 and read.status == 200
    asked = tmp_path / "asked.log"
    assert not asked.exists(), asked.read_text()


def test_serve_on_postgresql_without_psycopg_says_what_to_install(tmp_path: Path, blocked: Path) -> None:
    settings = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_HOST": "127.0.0.1"}
    settings |= {"POSTGRES_DBNAME": "test", "POSTGRES_USER": "postgres", "POSTGRES_PASSWORD": ""}
    processes = ServeProcesses()
    try:
        server = processes.spawn(tmp_path / "store", free_port(), PYTHONPATH=str(blocked), **settings)
        output, _ = server.communicate(timeout=60)
    finally:
        processes.close()
    assert server.returncode == 1
    assert "pip install 'adjudicator[postgres]'" in output.decode()
