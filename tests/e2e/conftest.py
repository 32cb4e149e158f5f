"""Fixtures for the API: a real SQLite event store in tmp_path, the app, and a real HTTP server.

Every request authenticates: the ``client`` and the live server's ``client()`` carry an official's
bearer token (``official_token``) unless told otherwise; ``token(app, role, ...)`` issues others.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import select
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import waitress
from flask import Flask
from flask.testing import FlaskClient
from schemathesis.pytest.plugin import SchemathesisCase

from adjudicator.adapters.credential_store import CredentialStore
from api import create_app
from tests.e2e.lazy_operations import LazyOperations, build_test


def sqlite_config(directory: Path) -> dict[str, Any]:
    return {
        "ADJUDICATOR_PERSISTENCE": {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(directory / "events.db"),
        },
        "ADJUDICATOR_READ_DB": str(directory / "events.read.db"),
    }


def credentials(app: Flask) -> CredentialStore:
    store: CredentialStore = app.extensions["adjudicator.credentials"]
    return store


def token(
    app: Flask, role: str, name: str | None = None, tournament: str | None = None, table: int | None = None
) -> str:
    """A new credential's bearer token."""
    count = len(credentials(app).all())
    return credentials(app).create(name or f"{role} {count + 1}", role, tournament, table)[1]


def bearer(value: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {value}"}


def client_as(app: Flask, value: str | None) -> FlaskClient:
    """A test client sending ``value`` as its bearer token (None: anonymous)."""
    client = app.test_client()
    if value is not None:
        client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {value}"
    return client


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(sqlite_config(tmp_path))
    yield app
    read_models = app.extensions.get("adjudicator.read_models")
    if read_models is not None:
        read_models.stop()
    app.extensions["adjudicator.adapters.hand_store"].close()
    credentials(app).close()


@pytest.fixture
def official_token(app: Flask) -> str:
    return token(app, "official", "Chief official")


@pytest.fixture
def client(app: Flask, official_token: str) -> FlaskClient:
    return client_as(app, official_token)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: Any


class HTTP:
    """A plain HTTP/1.1 JSON client on one keep-alive connection (one per thread)."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.token = token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Reply:
        data = None if body is None else json.dumps(body).encode()
        if self.token is not None:
            headers = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        sent = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
        if self._dropped():
            self.conn.close()  # the next request opens a new connection
        self.conn.request(method, path, body=data, headers=sent)
        response = self.conn.getresponse()
        raw = response.read()
        return Reply(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            json.loads(raw) if raw else None,
        )

    def _dropped(self) -> bool:
        """Whether the server closed the idle connection (``adjudicator serve`` closes one that sends no
        request within its header deadline): an idle connection with something to read has had its
        end, as urllib3 checks before it reuses one."""
        sock = self.conn.sock
        return sock is not None and bool(select.select([sock], [], [], 0)[0])

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Reply:
        return self.request("POST", path, body, headers)

    def close(self) -> None:
        self.conn.close()


@dataclass
class LiveServer:
    port: int
    app: Flask
    token: str | None = None

    def client(self, token: str | None = "official") -> HTTP:
        """An HTTP client with the official's token (default), another ``token``, or None: anonymous."""
        return HTTP(self.port, self.token if token == "official" else token)


@pytest.fixture
def live_server(app: Flask, official_token: str) -> Iterator[LiveServer]:
    """The app behind waitress on a free port of 127.0.0.1, in a thread."""
    with serving(app) as port:
        yield LiveServer(port, app, official_token)


@contextlib.contextmanager
def serving(app: Flask) -> Iterator[int]:
    """``app`` behind waitress on a free port of 127.0.0.1, in a thread: its port."""
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    closed = threading.Event()

    def run() -> None:
        try:
            server.run()
        except OSError:  # its sockets closed under its select() below: the server is done
            if not closed.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        closed.set()
        server.close()
        thread.join(timeout=5)
        thread.join(timeout=10)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_pycollect_makeitem(collector: pytest.Collector, name: str, obj: object) -> Any:
    """A ``schema.parametrize()`` test is collected without building its operations' tests
    (``lazy_operations.py``): schemathesis builds them at collection, in every xdist worker."""
    result = yield
    if type(result) is SchemathesisCase:
        return LazyOperations.from_parent(collector, test_function=obj, name=name, schema=result.schema)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """Once its fixtures are set up, a lazily collected operation's item gets its test."""
    yield
    build_test(item)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each operation schemathesis parametrizes gets its own node id. Under pytest 9.2, schemathesis 4
    gives all of them the test function's bare id, and pytest-xdist, which schedules and reports by
    node id, then ran one operation of the 40 and counted it once: a fuzzing that could not fail for
    the other 39 (an SSE event's schema was wrong, unseen). The name keeps the operation
    (``test_api_conforms_to_openapi[GET /calls/stream]``); the id is made from it."""
    from _pytest.nodeid import coerce_node_id  # pytest 9.2 keeps a node's id as a NodeId (``_id``)

    for item in items:
        if "[" in item.name and not item.nodeid.endswith("]"):
            item._id = coerce_node_id(f"{item.nodeid.rpartition('::')[0]}::{item.name}")  # type: ignore[attr-defined]
